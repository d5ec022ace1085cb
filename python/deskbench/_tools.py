"""DeskBench for TRL's `GRPOTrainer(environment_factory=...)`: tool environments (one
method per MCP tool, generated in `deskbench.generated`), the factory that builds and closes
them, and the training dataset from a declared split.

TRL's contract (trl 1.16, `GRPOTrainer.environment_factory`): the factory is called with no
argument, once per rollout slot (instances are pooled and reused); `reset(**row)` gets the
dataset row and returns text appended to the prompt; every public method of the class other
than `reset` and `get_reward` is a tool, described by `transformers.utils.get_json_schema`
from its type hints and Google-style docstring; `get_reward()` is called once per finished
rollout. So this base class keeps every other name private or a property."""

from __future__ import annotations

import json
from typing import Any, ClassVar

from openenv.core.env_server.types import Observation
from websockets.exceptions import ConnectionClosed

from . import _tasks
from ._client import DeskBenchEnv, ToolError, server_root

RESET_KEYS = ("task", "seed", "split", "index", "difficulty")
"""The dataset-row columns a reset passes on; every other column (`prompt`, ...) is TRL's."""
UNSHOWN = ("done", "reward", "metadata")
"""Observation fields the text for the model leaves out: the tool result states reward and done itself."""


def observation_text(observation: dict[str, Any], previous: dict[str, Any] | None = None) -> str:
    """The observation as text for a model: each field with a value, strings as they are and
    the rest as JSON; with `previous`, only the fields that changed since it."""
    parts = []
    for key, value in observation.items():
        if key in UNSHOWN or value is None or (previous is not None and previous.get(key) == value):
            continue
        parts.append(f"{key}:\n{value}" if isinstance(value, str) else f"{key}: {json.dumps(value, ensure_ascii=False)}")
    return "\n\n".join(parts)


class ToolEnv:
    """One rollout's session of a DeskBench environment, played through its tools.

    `reset(**row)` starts the row's task (`split` and `index`, or `task` and `seed`, and
    `difficulty`) in `reward_mode` (`"score"` by default: the rewards of an episode add up to
    its task score) and returns the first observation as text; each tool call is one step and
    returns what changed, the step's reward and whether the episode is done; `get_reward()` is
    the episode's return so far, the task score once the episode has ended, 0 before.

    `base_url` is the server root (default $DESKBENCH_URL). Each instance holds one /ws
    connection, opened on the first reset and kept across resets (reopened if the server
    closed it while idle); `EnvironmentFactory` closes them."""

    client_type: ClassVar[type[DeskBenchEnv[Any, Any, Any]]]
    tasks: ClassVar[tuple[str, ...]] = ()

    def __init__(self, base_url: str | None = None, *, reward_mode: str = "score", difficulty: int | None = None,
                 message_timeout_s: float = 60.0) -> None:  # fmt: skip
        self._base_url = server_root(base_url)
        self._reward_mode = reward_mode
        self._difficulty = difficulty
        self._message_timeout_s = message_timeout_s
        self._client: Any = None
        self._observation: Observation | None = None
        self._shown: dict[str, Any] | None = None
        self._rewards: list[float] = []
        self._done = False

    # --- TRL's two named methods -----------------------------------------------------------

    def reset(self, **row: Any) -> str:
        """Start the episode the dataset row names and return its first observation as text."""
        options = {key: row[key] for key in RESET_KEYS if row.get(key) is not None}
        if self._difficulty is not None:
            options.setdefault("difficulty", self._difficulty)
        if "index" in options:
            # A split's index fixes the task, seed and level, and the server takes it alone; the
            # row's other columns describe that task (for filtering) and must agree with it.
            if self._difficulty is not None and options["difficulty"] != self._difficulty:
                raise ValueError(f"row index {options['index']} is a level-{options['difficulty']} task, "
                                 f"but this environment plays level {self._difficulty}")  # fmt: skip
            options = {key: options[key] for key in ("split", "index") if key in options}
        try:
            result = self._session().reset(reward_mode=self._reward_mode, **options)
        except (ConnectionClosed, ConnectionError):
            self._close()  # the server ended a connection left idle too long: open a new one, once
            result = self._session().reset(reward_mode=self._reward_mode, **options)
        self._rewards, self._done = [], result.done
        self._observation = result.observation
        self._shown = self._visible(result.observation)
        return observation_text(self._shown)

    def get_reward(self) -> float:
        """The episode's return: in `score` mode the task score once the episode has ended, else 0."""
        return float(sum(self._rewards))

    # --- what a reward function or a callback may read (properties: not tools) -------------

    @property
    def observation(self) -> Observation | None:
        """The latest observation, typed by the environment's model."""
        return self._observation

    @property
    def done(self) -> bool:
        return self._done

    @property
    def reward(self) -> float:
        """The same as `get_reward()`, for reward functions that read `environment.reward`."""
        return self.get_reward()

    @property
    def score(self) -> float | None:
        """The task score (`terminal_grader`) once the episode has ended."""
        return getattr(self._observation, "terminal_grader", None) if self._done else None

    # --- the tool methods' one call --------------------------------------------------------

    def _call_tool(self, name: str, arguments: dict[str, Any]) -> str:
        if self._observation is None:
            raise ToolError("no episode: reset() first")
        if self._done:
            raise ToolError("the episode has ended; no tool can be called any more")
        result = self._session().call_tool(name, {k: v for k, v in arguments.items() if v is not None})
        self._rewards.append(float(result.reward or 0.0))
        self._done = result.done
        self._observation = result.observation
        shown = self._visible(result.observation)
        changed = observation_text(shown, self._shown)
        self._shown = shown
        status = f"reward: {float(result.reward or 0.0):g}\ndone: {str(result.done).lower()}"
        return f"{changed}\n\n{status}" if changed else status

    def _visible(self, observation: Observation) -> dict[str, Any]:
        return observation.model_dump(mode="json", by_alias=True)

    def _session(self) -> Any:
        if self._client is None:
            self._client = self.client_type(self._base_url, message_timeout_s=self._message_timeout_s).sync()
            self._client.connect()
        return self._client

    def _close(self) -> None:
        """End this instance's server session (its /ws connection)."""
        client, self._client = self._client, None
        if client is not None:
            try:
                client.close()
            except Exception:  # noqa: BLE001 - a connection the server already closed
                pass


class EnvironmentFactory:
    """A zero-argument callable for `environment_factory` that builds `tool_env_type(base_url,
    **options)` and keeps each instance, so that `close()`, or the end of a `with` block,
    ends their server sessions."""

    def __init__(self, tool_env_type: type[ToolEnv], base_url: str | None = None, **options: Any) -> None:
        self.tool_env_type = tool_env_type
        self.base_url = server_root(base_url)
        self.options = options
        self.instances: list[ToolEnv] = []

    def __call__(self) -> ToolEnv:
        instance = self.tool_env_type(self.base_url, **self.options)
        self.instances.append(instance)
        return instance

    def close(self) -> None:
        for instance in self.instances:
            instance._close()

    def __enter__(self) -> EnvironmentFactory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class EnvironmentFactories(dict[str, EnvironmentFactory]):
    """`environment_factory` as a dict (`"env/task"` -> factory) for an environment whose tools
    follow the task; each dataset row then names its `environment`. Closes them all."""

    def close(self) -> None:
        for factory in self.values():
            factory.close()

    def __enter__(self) -> EnvironmentFactories:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _tool_envs(env_id: str) -> dict[str, type[ToolEnv]]:
    from .generated import TOOL_ENVS

    if env_id not in TOOL_ENVS:
        raise ValueError(f"unknown environment `{env_id}`; these are: {', '.join(TOOL_ENVS)}")
    return TOOL_ENVS[env_id]


def environment_factory(env: str | type[ToolEnv], base_url: str | None = None, **options: Any) -> EnvironmentFactory | EnvironmentFactories:
    """What to pass as `GRPOTrainer(environment_factory=...)` for an environment id or a tool
    environment class: one factory, or one per task when the environment's tools follow the
    task. `options` go to each instance (`reward_mode`, `difficulty`, `message_timeout_s`)."""
    if isinstance(env, type):
        return EnvironmentFactory(env, base_url, **options)
    classes = _tool_envs(env)
    if len(set(classes.values())) == 1:
        return EnvironmentFactory(next(iter(classes.values())), base_url, **options)
    return EnvironmentFactories({f"{env}/{task}": EnvironmentFactory(cls, base_url, **options) for task, cls in classes.items()})


def default_prompt(description: str) -> str:
    return (
        f"{description}\n\nYou act only through the tools: each call is one step of the episode, and the "
        "observation after it comes back as the tool's result. Your reward is the task score, paid when the "
        "episode ends (by the tool that ends it, or at the step limit); an episode left unfinished earns 0."
    )


def dataset_rows(env: str, split: str = "train", *, base_url: str | None = None, size: int = 64, start: int = 0,
                 difficulty: int | None = None, tasks: list[str] | None = None,
                 prompt: str | None = None) -> list[dict[str, Any]]:  # fmt: skip
    """Training rows from a declared split: the first `size` task records from index `start`
    (only those at `difficulty` and of `tasks` when given), each a conversational `prompt`
    (the environment's description and how to play; `reset` appends the observation) and the
    `split`, `index`, `task` and `difficulty` that `ToolEnv.reset` plays. With per-task tool
    classes each row also names its `environment` (`"env/task"`)."""
    root = server_root(base_url)
    classes = _tool_envs(env)
    per_task = len(set(classes.values())) > 1
    info = next(e for e in _tasks.environments(root) if e["id"] == env)
    text = prompt if prompt is not None else default_prompt(info["description"])
    total = _tasks.num_tasks(root, env, split)
    rows: list[dict[str, Any]] = []
    index = start
    while len(rows) < size and index < total:
        stop = min(total, index + max(4 * size, 256))
        for record in _tasks.task_range(root, env, split, index, stop):
            if (difficulty is not None and record.difficulty != difficulty) or (tasks and record.task not in tasks):
                continue
            row = {"prompt": [{"role": "user", "content": text}], "split": record.split, "index": record.index,
                   "task": record.task, "difficulty": record.difficulty}  # fmt: skip
            if per_task:
                row["environment"] = f"{env}/{record.task}"
            rows.append(row)
            if len(rows) == size:
                break
        index = stop
    return rows


def training_dataset(env: str, split: str = "train", **kwargs: Any) -> Any:
    """`dataset_rows(...)` as a Hugging Face `datasets.Dataset` (TRL's own dependency)."""
    from datasets import Dataset

    return Dataset.from_list(dataset_rows(env, split, **kwargs))
