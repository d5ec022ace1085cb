"""The TRL tool environments as TRL sees them: the methods it extracts (every public function
but `reset` and `get_reward`), the tool specs `transformers.utils.get_json_schema` reads
from them (what GRPOTrainer puts in the chat template), and a rollout loop shaped like
GRPOTrainer's that plays the reference to the task score 1.0 and leaves no session behind."""

from __future__ import annotations

import importlib.util
import inspect
import json
from typing import Any

import deskbench
import pytest
from conftest import REPO, deskbench_server
from transformers.utils import get_json_schema

# What a type hint and a Google-style docstring cannot say, so get_json_schema never writes
# it: bounds and formats, `additionalProperties`, and a nested object's own properties.
NOT_CARRIED = ("maxLength", "minLength", "minimum", "maximum", "format", "pattern", "additionalProperties",
               "default", "title", "properties", "required", "$defs")  # fmt: skip


def trl_tools(tool_env_type: type) -> dict[str, Any]:
    """The methods GRPOTrainer turns into tools (trl 1.16, `GRPOTrainer.__init__`)."""
    return {
        name: member
        for name, member in inspect.getmembers(tool_env_type, predicate=inspect.isfunction)
        if name not in ("reset", "get_reward") and not name.startswith("_")
    }


def words(text: str) -> str:
    return " ".join(text.split())


def mcp_tools(server: str, env_id: str, task: str) -> list[dict[str, Any]]:
    """The tools of `task` over every level its environment serves, merged as the generator
    merges them: one tool environment class plays every level of a task (support_triage's
    records desk adds its lookups at levels 4 and 5)."""
    levels = next(e for e in deskbench._tasks.environments(server) if e["id"] == env_id)["levels"]
    per_level = []
    for level in levels:
        with deskbench.CLIENTS[env_id](server).sync() as client:
            client.reset(task=task, seed=0, difficulty=level)
            per_level.append([{"name": t["name"], "description": t["description"], "inputSchema": t["input_schema"]}
                              for t in client.list_tools()])  # fmt: skip
    return [{**t, "input_schema": t["inputSchema"]} for t in generator().merged_tools(per_level)]


def generator():
    spec = importlib.util.spec_from_file_location("generate", REPO / "python" / "generate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def carried(schema: dict[str, Any], definitions: dict[str, Any]) -> dict[str, Any]:
    """An MCP argument schema as far as type hints carry it: `$ref`s resolved, a union of
    constants as an enum, null left to optionality, only type, enum, items and description."""
    while "$ref" in schema:
        schema = {**definitions[schema["$ref"].rsplit("/", 1)[-1]], **{k: v for k, v in schema.items() if k != "$ref"}}
    for key in ("oneOf", "anyOf"):
        if key in schema:
            options = [o for o in schema[key] if o.get("type") != "null"]
            if all("const" in o for o in options):
                values = [o["const"] for o in options]
                merged = {"type": "string" if all(isinstance(v, str) for v in values) else None, "enum": values}
            else:
                assert len(options) == 1, f"a union type hints render as anyOf: {schema}"
                merged = carried(options[0], definitions)
            return {**merged, **({"description": words(schema["description"])} if "description" in schema else {})}
    out: dict[str, Any] = {}
    kind = schema.get("type")
    if isinstance(kind, list):
        kinds = [k for k in kind if k != "null"]
        kind = kinds[0] if len(kinds) == 1 else kinds
    if kind:
        out["type"] = kind
    if "enum" in schema:
        out["enum"] = [v for v in schema["enum"] if v is not None]
    if "items" in schema:
        out["items"] = carried(schema["items"], definitions)
    if "description" in schema:
        out["description"] = words(schema["description"])
    return out


def expected_spec(tool: dict[str, Any]) -> dict[str, Any]:
    schema = tool["input_schema"]
    definitions = schema.get("$defs", {})
    required = list(schema.get("required", []))
    properties = {name: carried(p, definitions) for name, p in schema.get("properties", {}).items()}
    parameters: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        parameters["required"] = required
    return {"name": tool["name"], "description": words(tool["description"]), "parameters": parameters}


def extracted_spec(method: Any) -> dict[str, Any]:
    spec = get_json_schema(method)["function"]
    spec.pop("return", None)
    spec["description"] = words(spec["description"])
    required = set(spec["parameters"].get("required", []))
    for name, prop in spec["parameters"]["properties"].items():
        if name not in required:
            assert prop.pop("nullable") is True  # an optional argument's `X | None`, dropped when None
    return spec


@pytest.mark.parametrize("env_id", sorted(deskbench.TOOL_ENVS))
def test_transformers_reads_each_tool_method_as_the_tool_mcp_lists(server: str, env_id: str) -> None:
    dropped: set[str] = set()
    for task, tool_env_type in deskbench.TOOL_ENVS[env_id].items():
        listed = mcp_tools(server, env_id, task)
        methods = trl_tools(tool_env_type)
        assert sorted(methods) == sorted(t["name"] for t in listed), (env_id, task)
        for tool in listed:
            assert extracted_spec(methods[tool["name"]]) == expected_spec(tool), (env_id, task, tool["name"])
            for prop in tool["input_schema"].get("properties", {}).values():
                dropped |= set(prop) & set(NOT_CARRIED)
    print(f"{env_id}: every tool as MCP lists it; keys type hints do not carry: {sorted(dropped) or 'none'}")


def tool_call(action: dict[str, Any], tools: dict[str, dict[str, Any]]) -> tuple[str, dict[str, Any]]:
    """The tool call that plays a seed-compatible action: `{"command": tool, ...}`,
    `{"raw": "tool: {json}"}` (or `"tool: text"` for a tool whose one argument is a string, as
    productivity's `check_calendar: NAME`), or the fields of the one tool an environment has."""
    if action.get("command") in tools:
        name = action["command"]
        return name, {k: action[k] for k in tools[name].get("properties", {}) if action.get(k) not in (None, "")}
    if "raw" in action:
        head, _, rest = action["raw"].partition(":")
        name = head.strip()
        properties = tools[name].get("properties", {})
        if not properties:
            return name, {}
        first = next(iter(properties))
        text = properties[first].get("type") == "string"
        return name, {first: rest.strip() if text else json.loads(rest)}
    (name,) = tools
    return name, {k: action[k] for k in tools[name].get("properties", {}) if k in action}


@pytest.mark.parametrize("env_id", sorted(deskbench.TOOL_ENVS))
def test_a_trl_shaped_rollout_plays_the_reference_to_the_score_and_closes_every_session(env_id: str,
                                                                                      validation_episodes) -> None:  # fmt: skip
    """N instances from the factory (GRPOTrainer's pool), each reset from a dataset row of
    the validation split (every task at every level), the reference's tool calls made in
    rounds as GRPOTrainer's tool loop makes them, and `get_reward()` read: 1.0 each. The
    server allows exactly N sessions, so after the factory closes N new ones must open."""
    reference = {(e["task"], e["difficulty"], e["seed"]): e for e in validation_episodes
                 if e["env"] == env_id and e["policy"] == "reference"}  # fmt: skip
    with deskbench_server("--max-sessions", str(len(reference))) as server:
        rows = deskbench.dataset_rows(env_id, "validation", base_url=server, size=len(reference))
        # Each task's tools (productivity's calendar adds its lookups at levels 4 and 5).
        tools = {task: {t["name"]: t["input_schema"] for t in mcp_tools(server, env_id, task)}
                 for task in {row["task"] for row in rows}}  # fmt: skip
        assert {(r["task"], r["difficulty"]) for r in rows} == {(t, d) for t, d, _ in reference}
        with deskbench.environment_factory(env_id, base_url=server) as factory:
            # Tools that follow the task: one factory per task, which each row names.
            instances = [(factory[row["environment"]] if isinstance(factory, dict) else factory)() for row in rows]
            prompts = [instance.reset(**row) for instance, row in zip(instances, rows, strict=True)]
            assert all(prompts) and all(not instance.done for instance in instances)
            plans = []
            for row in rows:
                record = deskbench._tasks.task(server, env_id, "validation", row["index"])
                episode = reference[(record.task, record.difficulty, record.seed)]
                plans.append([tool_call(step["action"], tools[row["task"]]) for step in episode["steps"][1:]])
            for turn in range(max(len(plan) for plan in plans)):
                for instance, plan in zip(instances, plans, strict=True):
                    if turn < len(plan):
                        name, arguments = plan[turn]
                        result = getattr(instance, name)(**arguments)
                        assert isinstance(result, str) and "reward:" in result
            rewards = [instance.get_reward() for instance in instances]
            assert rewards == [1.0] * len(rows), rewards
            assert all(instance.done and instance.score == 1.0 for instance in instances)
        # The factory closed its N sessions; `instances` still holds every object.
        fresh = [deskbench.CLIENTS[env_id](server).sync() for _ in rows]
        try:
            for client in fresh:
                client.connect()
                assert client.reset(seed=1).observation is not None
        finally:
            for client in fresh:
                client.close()
        assert len(instances) == len(rows)


def test_dataset_rows_follow_the_task_api_and_filter_by_level_and_task(server: str) -> None:
    rows = deskbench.dataset_rows("support_triage", "train", base_url=server, size=6, difficulty=4, tasks=["hard"])
    assert len(rows) == 6 and all(r["difficulty"] == 4 and r["task"] == "hard" and r["split"] == "train" for r in rows)
    record = deskbench._tasks.task(server, "support_triage", "train", rows[0]["index"])
    assert (record.task, record.difficulty) == ("hard", 4)
    prompt = rows[0]["prompt"]
    assert prompt[0]["role"] == "user" and "tools" in prompt[0]["content"]
    assert "environment" not in rows[0]  # one tool class for every task: a single factory


def test_a_tool_the_environment_refuses_raises_and_spends_no_step(server: str) -> None:
    instance = deskbench.SupportTriageToolEnv(server)
    try:
        instance.reset(split="validation", index=0)
        with pytest.raises(deskbench.ToolError, match="`priority` `hgh` is not one of the allowed values: send one of low, medium, high, urgent"):
            instance.set_triage(ticket_id="T-1", priority="hgh")  # type: ignore[arg-type]
        assert instance.observation.step_count == 0 and instance.get_reward() == 0.0
        instance.submit_episode()
        assert instance.done and instance.get_reward() == instance.score
        with pytest.raises(deskbench.ToolError, match="ended"):
            instance.show_inbox()
    finally:
        instance._close()
