"""The typed clients' base: `openenv-core`'s `EnvClient` over /ws with DeskBench's models,
reset options, tool calls and the Task API."""

from __future__ import annotations

import asyncio
import os
from typing import Any, ClassVar, Generic, TypeVar

from openenv.core.client_types import StepResult
from openenv.core.env_client import EnvClient
from openenv.core.env_server.types import Action, Observation, State
from pydantic import BaseModel, ConfigDict

from . import _tasks

ActT = TypeVar("ActT", bound=Action)
ObsT = TypeVar("ObsT", bound=Observation)
StateT = TypeVar("StateT", bound=State)

URL_VARIABLE = "DESKBENCH_URL"


class ToolError(RuntimeError):
    """A tool call the environment refused (an unknown tool or invalid arguments); it spent no step."""


def server_root(base_url: str | None) -> str:
    """The server root from a root or an `/envs/{id}` mount URL, else from $DESKBENCH_URL."""
    url = base_url or os.environ.get(URL_VARIABLE)
    if not url:
        raise ValueError(f"no server URL: pass base_url or set {URL_VARIABLE} (e.g. http://127.0.0.1:7860)")
    url = url.rstrip("/")
    if "/envs/" in url:
        url = url.split("/envs/", 1)[0]
    return url


class ResetOptions(BaseModel):
    """What a reset may name; the server refuses anything else (and a `task`, `seed` or
    `difficulty` sent with `split`/`index`, which fix them)."""

    model_config = ConfigDict(extra="forbid")

    task: str | None = None
    seed: int | None = None
    episode_id: str | None = None
    split: str | None = None
    index: int | None = None
    difficulty: int | None = None
    reward_mode: str | None = None


class DeskBenchEnv(EnvClient[ActT, ObsT, StateT], Generic[ActT, ObsT, StateT]):
    """One session of one DeskBench environment over /ws, its observations and state typed by
    the models generated from the server's `/schema`. Async; `.sync()` wraps it for blocking use.

    `base_url` is the server root or the environment's mount (`/envs/{env_id}`); without it,
    $DESKBENCH_URL."""

    env_id: ClassVar[str]
    action_type: ClassVar[type[Action]]
    observation_type: ClassVar[type[Observation]]
    state_type: ClassVar[type[State]]

    def __init__(self, base_url: str | None = None, **kwargs: Any) -> None:
        self.server_url = server_root(base_url)
        super().__init__(f"{self.server_url}/envs/{self.env_id}", **kwargs)

    async def reset(  # type: ignore[override]
        self,
        *,
        task: str | None = None,
        seed: int | None = None,
        episode_id: str | None = None,
        split: str | None = None,
        index: int | None = None,
        difficulty: int | None = None,
        reward_mode: str | None = None,
    ) -> StepResult[ObsT]:
        """Start an episode: a `task` (default the environment's first) with a `seed`, or task
        `index` of a declared `split` (`train`, `validation`, `test`); `difficulty` 1 to 5
        (default 2); `reward_mode` `"shaped"` (default) or `"score"`, in which the rewards of an
        episode add up to its task score."""
        options = ResetOptions(task=task, seed=seed, episode_id=episode_id, split=split, index=index,
                               difficulty=difficulty, reward_mode=reward_mode)  # fmt: skip
        return await super().reset(**options.model_dump(exclude_none=True))

    async def call_tool(self, name: str, arguments: dict[str, Any] | None = None) -> StepResult[ObsT]:
        """Call one of the environment's MCP tools as a step of this session's episode. Raises
        `ToolError` when the environment refuses the call (it then spends no step)."""
        message = {"type": "step", "data": {"type": "call_tool", "tool_name": name, "arguments": arguments or {}}}
        payload = (await self._send_and_receive(message)).get("data", {})
        observation = payload.get("observation", {})
        error = observation.get("error")
        if error:
            raise ToolError(error.get("message") or str(error))
        return self._parse_result({**payload, "observation": observation.get("result") or {}})

    async def list_tools(self) -> list[dict[str, Any]]:
        """The environment's tools: name, description and input schema (what MCP `tools/list` serves)."""
        payload = (await self._send_and_receive({"type": "step", "data": {"type": "list_tools"}})).get("data", {})
        return list(payload.get("observation", {}).get("tools", []))

    async def tasks(self, split: str, start: int = 0, stop: int | None = None) -> list[_tasks.TaskRecord]:
        """Task records `start` to `stop` (Python slice ends) of a split, from the Task API."""
        return await asyncio.to_thread(_tasks.task_range, self.server_url, self.env_id, split, start, stop)

    async def task(self, split: str, index: int) -> _tasks.TaskRecord:
        """Task `index` of `split`: its task, level and seed, and the reset that plays it."""
        return await asyncio.to_thread(_tasks.task, self.server_url, self.env_id, split, index)

    def _step_payload(self, action: ActT | dict[str, Any]) -> dict[str, Any]:
        typed = action if isinstance(action, self.action_type) else self.action_type.model_validate(action)
        payload = typed.model_dump(mode="json", by_alias=True, exclude_none=True)
        if not payload.get("metadata"):
            payload.pop("metadata", None)
        return payload

    def _parse_result(self, payload: dict[str, Any]) -> StepResult[ObsT]:
        reward, done = payload.get("reward"), bool(payload.get("done", False))
        observation = self.observation_type.model_validate({**payload.get("observation", {}), "reward": reward, "done": done})
        return StepResult(observation=observation, reward=reward, done=done)  # type: ignore[arg-type]

    def _parse_state(self, payload: dict[str, Any]) -> StateT:
        return self.state_type.model_validate(payload)  # type: ignore[return-value]
