"""A DeskBench server on 127.0.0.1:0 for the package's tests (the debug build, or
$DESKBENCH_BIN), and the built-in policies' episodes from `deskbench eval --trajectories`,
which the tests replay over the wire."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest

REPO = Path(__file__).resolve().parents[2]
BINARY = os.environ.get("DESKBENCH_BIN") or str(REPO / "target" / "debug" / "deskbench")


@contextmanager
def deskbench_server(*args: str) -> Iterator[str]:
    """`deskbench serve` on 127.0.0.1:0 with `args`; yields its root URL, stops it after."""
    if not Path(BINARY).is_file():
        pytest.fail(f"{BINARY} not found: run `cargo build -p server` (scripts/python-test.sh does)")
    with tempfile.TemporaryDirectory() as empty:
        process = subprocess.Popen(
            [BINARY, "serve", "--host", "127.0.0.1", "--port", "0", "--web-dist", empty, *args],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )  # fmt: skip
        try:
            assert process.stdout is not None
            first = process.stdout.readline()
            address = next((w for w in first.split() if w.startswith("http://")), None)
            assert address, f"the server did not start: {first!r}"
            yield address
        finally:
            process.terminate()
            process.wait(timeout=10)


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    with deskbench_server() as url:
        yield url


def eval_episodes(*args: str) -> list[dict[str, Any]]:
    """`deskbench eval ... --trajectories`: one dict per episode, `action` and `observation`
    of each step decoded from their JSON text."""
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "episodes.jsonl"
        subprocess.run([BINARY, "eval", "--quiet", "--trajectories", str(path), *args], check=True,
                       stdout=subprocess.DEVNULL)  # fmt: skip
        episodes = [json.loads(line) for line in path.read_text().splitlines()]
    for episode in episodes:
        for step in episode["steps"]:
            step["action"] = None if step["action"] is None else json.loads(step["action"])
            step["observation"] = json.loads(step["observation"])
    return episodes


@pytest.fixture(scope="session")
def validation_episodes() -> list[dict[str, Any]]:
    """Every policy of every environment on every task and level, validation seed 1,000,000,
    in reward mode `score` (the reference's return is its score, 1.0)."""
    return eval_episodes("--policy", "all", "--difficulty", "all", "--split", "validation", "--seeds", "1",
                         "--reward-mode", "score")  # fmt: skip
