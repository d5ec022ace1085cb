"""The generator's path for tools that follow the task (none does today): tasks with the same
tool list share a class, `TOOL_ENVS` maps each task to its class, and then the factory is a
dict keyed `"env/task"` and every dataset row names its `environment`, as TRL's
multi-environment mode wants."""

from __future__ import annotations

import ast
import importlib.util
import json
import urllib.request

import deskbench
from conftest import REPO


def generator():
    spec = importlib.util.spec_from_file_location("generate", REPO / "python" / "generate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_tasks_with_other_tools_get_a_class_each(server: str) -> None:
    generate = generator()
    env = next(e for e in deskbench._tasks.environments(server) if e["id"] == "support_triage")
    schema = json.load(urllib.request.urlopen(f"{server}/envs/support_triage/schema"))
    tools = generate.mcp_tools_per_task(server, env)
    assert len(generate.tool_groups(tools)) == 1  # today every task lists the same tools
    tools["medium"] = tools["medium"][:-1]  # as if the queue task had no submit_episode
    source, names = generate.environment_source(env, schema, tools)
    classes = [node.name for node in ast.parse(source).body if isinstance(node, ast.ClassDef)]
    assert classes == ["SupportTriageEnv", "SupportTriageEnvironment", "SupportTriageEasyHardToolEnv",
                       "SupportTriageMediumToolEnv"]  # fmt: skip
    assert "'easy': SupportTriageEasyHardToolEnv, 'hard': SupportTriageEasyHardToolEnv" in source
    assert "'medium': SupportTriageMediumToolEnv" in source and "SupportTriageMediumToolEnv" in names


def test_per_task_classes_make_a_dict_factory_and_rows_that_name_their_environment(server: str, monkeypatch) -> None:
    class EasyTools(deskbench.SupportTriageToolEnv):
        pass

    split = {"easy": EasyTools, "medium": deskbench.SupportTriageToolEnv, "hard": deskbench.SupportTriageToolEnv}
    monkeypatch.setitem(deskbench.generated.TOOL_ENVS, "support_triage", split)
    factories = deskbench.environment_factory("support_triage", base_url=server)
    assert isinstance(factories, dict) and sorted(factories) == [f"support_triage/{t}" for t in ("easy", "hard", "medium")]
    assert isinstance(factories["support_triage/easy"](), EasyTools)
    rows = deskbench.dataset_rows("support_triage", "validation", base_url=server, size=3)
    assert [r["environment"] for r in rows] == [f"support_triage/{r['task']}" for r in rows]
    factories.close()
