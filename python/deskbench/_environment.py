"""OpenEnv `Environment` classes that run in the caller's process and forward to a DeskBench
server, one session per instance: for Python tools that load an environment class rather
than a URL (falsepass's OpenEnv audits, `openenv.core`'s `create_app`, custom loops)."""

from __future__ import annotations

from typing import Any, ClassVar, Generic, Optional

from openenv.core.env_server.interfaces import Environment
from openenv.core.env_server.types import EnvironmentMetadata

from . import _tasks
from ._client import ActT, DeskBenchEnv, ObsT, StateT, server_root


class DeskBenchEnvironment(Environment[ActT, ObsT, StateT], Generic[ActT, ObsT, StateT]):
    """`reset`, `step` and `state` of one session of a running server, typed by the generated
    models; the Task API (`list_splits`, `num_tasks`, `get_task`) of OpenEnv's `Environment`.

    `base_url` is the server root (default $DESKBENCH_URL), so the class can be built with no
    argument, as tools that load environment classes do. `reward_mode` applies to every reset
    that names none (`None`: the server's default, `shaped`)."""

    SUPPORTS_CONCURRENT_SESSIONS = True  # each instance is its own server session
    client_type: ClassVar[type[DeskBenchEnv[Any, Any, Any]]]

    def __init__(self, base_url: str | None = None, *, reward_mode: str | None = None) -> None:
        super().__init__()
        self._server_url = server_root(base_url)
        self._reward_mode = reward_mode
        self._client: Any = None

    def _session(self) -> Any:
        if self._client is None:
            self._client = self.client_type(self._server_url).sync()
            self._client.connect()
        return self._client

    def reset(self, seed: Optional[int] = None, episode_id: Optional[str] = None, **kwargs: Any) -> ObsT:
        """A new episode; `kwargs` are DeskBench's reset options (`task`, `split`, `index`,
        `difficulty`, `reward_mode`). The observation carries `done` and `reward`."""
        if self._reward_mode is not None:
            kwargs.setdefault("reward_mode", self._reward_mode)
        return self._session().reset(seed=seed, episode_id=episode_id, **kwargs).observation

    def step(self, action: ActT, timeout_s: Optional[float] = None, **kwargs: Any) -> ObsT:
        return self._session().step(action).observation

    @property
    def state(self) -> StateT:
        return self._session().state()

    def get_metadata(self) -> EnvironmentMetadata:
        env = self.client_type.env_id
        info = next(e for e in _tasks.environments(self._server_url) if e["id"] == env)
        return EnvironmentMetadata(name=info["name"], description=info["description"], version=info.get("version"))

    def list_splits(self) -> list[dict[str, Any]]:
        return _tasks.splits(self._server_url, self.client_type.env_id)

    def num_tasks(self, split: str) -> int:
        return _tasks.num_tasks(self._server_url, self.client_type.env_id, split)

    def get_task(self, split: str, index: int) -> dict[str, Any]:
        return _tasks.task(self._server_url, self.client_type.env_id, split, index).model_dump()

    def close(self) -> None:
        """End the server session."""
        client, self._client = self._client, None
        if client is not None:
            client.close()
