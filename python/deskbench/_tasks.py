"""OpenEnv's Task API at a DeskBench server's root: declared splits (train, validation, test)
and the task records in them, each with the reset that plays it."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

from pydantic import BaseModel, ConfigDict

REPLY_LIMIT = 20_000  # the most records the server sends in one reply


class TaskRecord(BaseModel):
    """One task of a split: `reset` is the reset body that plays it (`{"split", "index"}`)."""

    model_config = ConfigDict(extra="allow")

    env: str
    split: str
    index: int
    task: str
    difficulty: int
    seed: int
    max_steps: int
    task_id: str
    reset: dict[str, Any]


class TaskApiError(RuntimeError):
    """The server refused a Task API request; the message is its own (what to send instead)."""


def request(server_url: str, path: str, body: dict[str, Any] | None = None, timeout: float = 60.0) -> Any:
    data = None if body is None else json.dumps(body).encode()
    message = urllib.request.Request(f"{server_url}{path}", data=data, method="GET" if body is None else "POST")
    message.add_header("content-type", "application/json")
    try:
        with urllib.request.urlopen(message, timeout=timeout) as reply:
            return json.loads(reply.read())
    except urllib.error.HTTPError as refused:
        try:
            detail = json.loads(refused.read()).get("error", {}).get("message")
        except ValueError:
            detail = None
        raise TaskApiError(detail or f"{path}: HTTP {refused.code}") from refused


def environments(server_url: str) -> list[dict[str, Any]]:
    """`GET /envs`: each environment's id, name, description, tasks and levels."""
    return list(request(server_url, "/envs"))


def splits(server_url: str, env_id: str) -> list[dict[str, Any]]:
    """The declared splits: name, seed range, levels, tasks and `num_tasks`."""
    return list(request(server_url, f"/{env_id}/splits"))


def num_tasks(server_url: str, env_id: str, split: str) -> int:
    return int(request(server_url, f"/{env_id}/num_tasks", {"split": split})["num_tasks"])


def task(server_url: str, env_id: str, split: str, index: int) -> TaskRecord:
    return TaskRecord.model_validate(request(server_url, f"/{env_id}/task", {"split": split, "index": index})["task"])


def task_range(server_url: str, env_id: str, split: str, start: int = 0, stop: int | None = None) -> list[TaskRecord]:
    """Records `start` to `stop` (Python slice ends; `stop` None is the split's end), fetched
    in replies of at most 20,000."""
    end = num_tasks(server_url, env_id, split) if stop is None else stop
    records: list[TaskRecord] = []
    for chunk in range(start, end, REPLY_LIMIT):
        body = {"split": split, "start": chunk, "stop": min(chunk + REPLY_LIMIT, end)}
        records += [TaskRecord.model_validate(r) for r in request(server_url, f"/{env_id}/task_range", body)["tasks"]]
    return records
