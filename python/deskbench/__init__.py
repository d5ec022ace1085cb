"""DeskBench for Python trainers: typed OpenEnv clients of every DeskBench environment,
TRL `environment_factory` tool environments, in-process OpenEnv `Environment` classes, and
the Task API's splits as training datasets. All of it talks to a running DeskBench server
(`deskbench serve`); nothing is graded in Python.

1. Models: `deskbench.generated.<env>_models`, generated from the server's `/schema`.
2. Clients: `ProductivityEnv`, `SupportTriageEnv`, `ItMentalHealthEnv` (`_client.DeskBenchEnv`).
3. Tool environments for TRL: `...ToolEnv`, `environment_factory`, `training_dataset`
   (`_tools`); their methods are the server's MCP tools.
4. In-process environments: `...Environment` (`_environment.DeskBenchEnvironment`).
"""

from ._client import DeskBenchEnv, ResetOptions, ToolError
from ._environment import DeskBenchEnvironment
from ._tasks import TaskApiError, TaskRecord
from ._tools import (
    EnvironmentFactories,
    EnvironmentFactory,
    ToolEnv,
    dataset_rows,
    environment_factory,
    observation_text,
    training_dataset,
)
from .generated import *  # noqa: F403 - every environment's classes, listed in generated.__all__
from .generated import __all__ as _generated

__version__ = "0.1.0"

__all__ = [
    "DeskBenchEnv",
    "DeskBenchEnvironment",
    "EnvironmentFactories",
    "EnvironmentFactory",
    "ResetOptions",
    "TaskApiError",
    "TaskRecord",
    "ToolEnv",
    "ToolError",
    "dataset_rows",
    "environment_factory",
    "observation_text",
    "training_dataset",
    *_generated,
]
