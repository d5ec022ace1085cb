#!/usr/bin/env python3
"""support_triage read by a typed client with the seed's field types.

Seed 001's users drive the environment through a typed `EnvClient` whose
pydantic models type `inbox_summary` and `ticket_detail` as strings and
send every action field, with "" for the labels they leave unset. The
models below mirror those field types (they are ours, written from the
seed's documented contract); an episode of every task over /ws must parse
with them, step by step, and the state must parse too.

Usage: typed_client.py BASE_URL  (e.g. http://127.0.0.1:7860/envs/support_triage)
Prints one PASS/FAIL line per task and exits 0 only when all pass.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any, Dict, List, Literal, Optional

from openenv.core import EnvClient
from openenv.core.client_types import StepResult
from openenv.core.env_server.types import Action, Observation, State
from pydantic import BaseModel, Field


class StepReward(BaseModel):
    """The reward terms the observation carries, with the seed's bounds."""

    total: float = Field(..., ge=-1.0, le=1.0)
    progress: float = Field(0.0, ge=-1.0, le=1.0)
    penalty: float = Field(0.0, ge=-1.0, le=0.0)
    terminal_grader: Optional[float] = Field(None, ge=0.0, le=1.0)


class DeskAction(Action):
    """Every field is sent; unset labels are ""."""

    command: Literal[
        "show_inbox", "view_ticket", "set_triage", "draft_reply", "set_disposition", "submit_episode"
    ]
    ticket_id: str = ""
    priority: str = ""
    department: str = ""
    reply_body: str = ""
    disposition: str = ""


class DeskObservation(Observation):
    scenario_instruction: str = ""
    inbox_summary: str = ""
    ticket_detail: str = ""
    feedback: str = ""
    reward_breakdown: Optional[StepReward] = None


class DeskState(State):
    task: Literal["easy", "medium", "hard"] = "easy"
    seed: int = 0
    max_steps: int = Field(20, ge=1)
    steps_remaining: int = Field(20, ge=0)
    finalized: bool = False


class TypedDeskClient(EnvClient[DeskAction, DeskObservation, DeskState]):
    def _step_payload(self, action: DeskAction) -> Dict[str, Any]:
        return action.model_dump()

    def _parse_result(self, payload: Dict[str, Any]) -> StepResult[DeskObservation]:
        data = payload.get("observation", {})
        breakdown = data.get("reward_breakdown")
        observation = DeskObservation(
            scenario_instruction=data.get("scenario_instruction", ""),
            inbox_summary=data.get("inbox_summary", ""),
            ticket_detail=data.get("ticket_detail", ""),
            feedback=data.get("feedback", ""),
            reward_breakdown=StepReward.model_validate(breakdown) if isinstance(breakdown, dict) else None,
            done=payload.get("done", False),
            reward=payload.get("reward"),
        )
        return StepResult(observation=observation, reward=payload.get("reward"), done=payload.get("done", False))

    def _parse_state(self, payload: Dict[str, Any]) -> DeskState:
        return DeskState(
            episode_id=payload.get("episode_id"),
            step_count=payload.get("step_count", 0),
            task=payload.get("task", "easy"),
            seed=payload.get("seed", 0),
            max_steps=payload.get("max_steps", 20),
            steps_remaining=payload.get("steps_remaining", 20),
            finalized=payload.get("finalized", False),
        )


def ticket_ids(inbox: str) -> List[str]:
    """The ids of `- <id>: <subject>` lines."""
    ids = []
    for line in inbox.splitlines():
        if not line.startswith("- ") or ": " not in line:
            raise AssertionError(f"inbox line is not `- <id>: <subject>`: {line!r}")
        ids.append(line[2:].split(": ", 1)[0])
    return ids


async def episode(base: str, task: str, seed: int) -> str:
    client = TypedDeskClient(base_url=base)
    await client.connect()
    try:
        result = await client.reset(task=task, seed=seed)
        first = result.observation
        assert first.ticket_detail == "", f"no ticket is open yet, got {first.ticket_detail[:60]!r}"
        ids = ticket_ids(first.inbox_summary)
        assert ids, "an empty inbox"
        for ticket in ids:
            result = await client.step(DeskAction(command="view_ticket", ticket_id=ticket))
            shown = result.observation.ticket_detail
            assert shown.startswith(f"ID: {ticket}\n"), f"ticket_detail is not the opened ticket: {shown[:60]!r}"
            # Only one label given; the other two are "" as the seed sends them.
            result = await client.step(DeskAction(command="set_triage", ticket_id=ticket, priority="high"))
            assert result.observation.reward_breakdown is not None
        if task == "hard":
            result = await client.step(
                DeskAction(command="set_disposition", ticket_id=ids[0], disposition="escalate_supervisor")
            )
        result = await client.step(DeskAction(command="submit_episode"))
        assert result.done, "submit_episode ends the episode"
        grade = result.observation.reward_breakdown
        assert grade is not None and grade.terminal_grader is not None, "the terminal step carries the grade"
        state = await client.state()
        assert state.task == task and state.seed == seed and state.finalized, f"state: {state}"
        return f"{len(ids)} ticket(s), terminal_grader={grade.terminal_grader:.4f}, steps={state.step_count}"
    finally:
        await client.close()


def main(argv: List[str]) -> int:
    if len(argv) != 2:
        print("usage: typed_client.py BASE_URL", file=sys.stderr)
        return 2
    base = argv[1].rstrip("/")
    failed = 0
    for seed, task in enumerate(["easy", "medium", "hard"], start=42):
        try:
            detail = asyncio.run(episode(base, task, seed))
            print(f"PASS typed_client.{task}: {detail}")
        except Exception as exc:  # noqa: BLE001 - every failure is reported, then counted
            failed += 1
            print(f"FAIL typed_client.{task}: {type(exc).__name__}: {exc}")
    print(f"typed client: {3 - failed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
