"""The generated models against the server: they are what python/generate.py writes today,
and they validate every observation and state the server sends, on every task and level,
over the typed clients (whose parse is `Observation.model_validate`, extra fields forbidden)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import deskbench
import pytest
from conftest import REPO

CONCURRENT = 8  # /ws connections replaying at once


def test_the_package_under_test_is_this_checkouts() -> None:
    """Not another checkout's, which a venv's editable install may point at."""
    assert Path(deskbench.__file__).resolve().is_relative_to(REPO / "python"), deskbench.__file__


def test_the_checked_in_models_and_tools_are_what_the_server_generates(server: str) -> None:
    result = subprocess.run([sys.executable, str(REPO / "python" / "generate.py"), "--check", "--url", server],
                            capture_output=True, text=True)  # fmt: skip
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]


async def replay(server: str, env_id: str, episodes: list[dict[str, Any]]) -> int:
    """Play each episode's actions again over /ws with the typed client; the rewards and ends
    must be the trajectory's, every observation and state must validate. Returns the steps."""
    client = deskbench.CLIENTS[env_id](server)
    steps = 0
    async with client:
        for episode in episodes:
            reset = {"task": episode["task"], "seed": episode["seed"], "difficulty": episode["difficulty"],
                     "reward_mode": episode["reward_mode"]}  # fmt: skip
            result = await client.reset(**reset)
            assert isinstance(result.observation, client.observation_type)
            for step in episode["steps"][1:]:
                result = await client.step(step["action"])
                where = f"{env_id}/{episode['task']}/{episode['difficulty']} {episode['policy']} step {steps}"
                assert (result.reward, result.done) == (step["reward"], step["done"]), where
                assert result.observation.model_dump(mode="json", by_alias=True, exclude={"done", "reward", "metadata"},
                                                     exclude_unset=True) == step["observation"], where  # fmt: skip
                steps += 1
            state = await client.state()
            assert isinstance(state, client.state_type) and state.done
            if episode["policy"] == "reference":
                assert result.observation.terminal_grader == 1.0 and result.reward == 1.0
    return steps


def test_the_models_validate_every_observation_of_every_policy_task_and_level(server: str, validation_episodes) -> None:
    by_env: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for episode in validation_episodes:
        by_env[episode["env"]].append(episode)
    assert set(by_env) == set(deskbench.CLIENTS)
    for env_id, episodes in by_env.items():
        served = {(t["id"], level) for e in deskbench._tasks.environments(server) if e["id"] == env_id
                  for t in e["tasks"] for level in e["levels"]}  # fmt: skip
        assert {(e["task"], e["difficulty"]) for e in episodes} == served, env_id

    async def everything() -> int:
        shares = [(env_id, episodes[i::CONCURRENT]) for env_id, episodes in by_env.items() for i in range(CONCURRENT)]
        return sum(await asyncio.gather(*(replay(server, env_id, share) for env_id, share in shares if share)))

    steps = asyncio.run(everything())
    print(f"{len(validation_episodes)} episodes, {steps} steps replayed and validated")
    assert steps > len(validation_episodes)


@pytest.mark.parametrize("env_id", ["productivity", "support_triage"])
def test_the_models_validate_a_truncated_episode(server: str, env_id: str) -> None:
    """The step limit's last observation (`truncated: true`) and state, at every level: the
    first tool that takes no argument, called until the limit."""
    client_type = deskbench.CLIENTS[env_id]
    with client_type(server).sync() as client:
        for level in range(1, 6):
            result = client.reset(task="easy", seed=11, difficulty=level)
            tools = client.list_tools()
            idle = next(t["name"] for t in tools if not t["input_schema"].get("required"))
            limit = result.observation.max_steps
            for _ in range(limit):
                result = client.call_tool(idle)
            assert result.done and result.observation.truncated is True, (env_id, level, idle)
            state = client.state()
            assert state.truncated is True and state.step_count == limit
