"""The Python reference server of scripts/bench-http.sh: a minimal
openenv-core 0.3.0 environment with a trivial step, served the way the
reference is normally run (openenv-core's own create_app, uvicorn, one
worker).

Run (from the repository root, after scripts/bootstrap.sh):
    .venv/openenv/bin/python -m uvicorn reference_app:app --app-dir bench \
        --host 127.0.0.1 --port 8000

The action has DeskBench productivity's shape ({"raw": "inspect"}), so the
same load generator and the same bodies drive both servers. The step does
no work beyond counting and echoing: the figures measure openenv-core's
serving path, the floor any Python environment pays.
"""

import os
from typing import Any, Optional
from uuid import uuid4

from openenv.core.env_server import Action, Environment, Observation, create_app
from openenv.core.env_server.types import State
from pydantic import Field


class BenchAction(Action):
    """The action: one command string, as DeskBench productivity takes."""

    raw: str = Field(..., description="Command to echo back")


class BenchObservation(Observation):
    """The observation: the command echoed and the step count."""

    echoed: str = Field(default="", description="The command of the last step")
    step_count: int = Field(default=0, description="Steps since the reset")


class BenchEnvironment(Environment):
    """Trivial episodes: reset starts a count, every step adds one and never
    ends the episode."""

    # Each /ws session gets its own instance, as in the openenv init template.
    SUPPORTS_CONCURRENT_SESSIONS: bool = True

    def __init__(self) -> None:
        super().__init__()
        self._state = State(episode_id=str(uuid4()), step_count=0)

    def reset(
        self,
        seed: Optional[int] = None,
        episode_id: Optional[str] = None,
        **kwargs: Any,
    ) -> BenchObservation:
        self._state = State(episode_id=episode_id or str(uuid4()), step_count=0)
        return BenchObservation(echoed="", step_count=0, done=False, reward=0.0)

    def step(
        self, action: BenchAction, timeout_s: Optional[float] = None, **kwargs: Any
    ) -> BenchObservation:  # type: ignore[override]
        self._state.step_count += 1
        return BenchObservation(
            echoed=action.raw,
            step_count=self._state.step_count,
            done=False,
            reward=0.0,
        )

    @property
    def state(self) -> State:
        return self._state


# The session cap must admit the 32-session run and the idle-memory run.
app = create_app(
    BenchEnvironment,
    BenchAction,
    BenchObservation,
    env_name="bench_reference",
    max_concurrent_envs=int(os.environ.get("BENCH_MAX_ENVS", "2048")),
)
