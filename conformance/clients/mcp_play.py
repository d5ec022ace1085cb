"""An agent that plays through MCP alone, as a tool-calling harness would:
the official MCP Python SDK over streamable HTTP, tools and resources only,
no other HTTP call (every request the SDK makes is recorded, and any that
is not the MCP endpoint fails the run).

For each episode of the plan: open the session with the episode's task,
level, seed and reward mode in the endpoint URL
(`/envs/{env}/mcp?task=...&difficulty=...`), list the tools and the
resources, read the instruction (where there is one) and the case, then
play the plan's tool calls. It reads before it acts: every identifier a
call names (a ticket, an invoice, a task, a row, a room, a person) must
appear in what the agent has read so far, so no call is blind. Before the
first call it sends a call the server must refuse (the same tool with its
text blanked and its answer emptied) and checks that it is refused
(`isError`) and that the step count, read again, is unchanged. It
measures what each result costs: the bytes of every result as the SDK
hands it to the agent.

Then, per environment, a trainer resets an open session (POST /reset with
its id, the trainer's side, not the agent's) and the agent must hear of it
on its session's stream: `notifications/resources/list_changed`, and
`notifications/tools/list_changed` where the tools follow the task; the
case it reads then is the new task's.

Usage: mcp_play.py BASE PLAN.json; prints one JSON line per episode, then
one per environment for the trainer's reset."""

import asyncio
import json
import sys
import urllib.parse
import urllib.request

import anyio
import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

# The argument names whose values identify something in the case.
IDENTIFYING = {"ticket_id", "invoice_id", "task_id", "room", "participants",
               "duplicate_ids", "retained_ids", "invalid_emails"}


def size(model):
    return len(json.dumps(model.model_dump(mode="json", by_alias=True, exclude_none=True),
                          separators=(",", ":")).encode())


def identifiers(arguments):
    """The identifying strings of a call's arguments, with their names."""
    found = []

    def walk(value, name):
        if isinstance(value, dict):
            for key, inner in value.items():
                walk(inner, key)
        elif isinstance(value, list):
            for inner in value:
                walk(inner, name)
        elif isinstance(value, str) and name in IDENTIFYING:
            found.append((name, value.strip()))

    walk(arguments, None)
    return found


def refused_form(arguments):
    """The same arguments as a call the server must refuse before playing:
    texts blanked, answer objects emptied (or, with none, an argument no
    tool takes)."""
    blanked = {k: " " if isinstance(v, str) else {} if isinstance(v, dict) else v
               for k, v in arguments.items()}
    if blanked == arguments:
        blanked["not_an_argument"] = True
    return blanked


class Agent:
    """One MCP session: what it has read, what each result cost, and the
    notifications its session's stream brought."""

    def __init__(self, client):
        self.client = client
        self.read = []
        self.sizes = {"resources": 0, "calls": []}

    async def read_resource(self, uri):
        result = await self.client.read_resource(uri)
        self.sizes["resources"] += size(result)
        text = result.contents[0].text
        self.read.append(text)
        return json.loads(text)

    async def read_all(self):
        listed = await self.client.list_resources()
        uris = [str(resource.uri) for resource in listed.resources]
        case = next(uri for uri in uris if uri.endswith("/case"))
        for uri in uris:
            reading = await self.read_resource(uri)
        return case, reading


async def session(base, env, reset, message_handler=None):
    """An SDK client on /envs/{env}/mcp?{reset}, the list of every request
    it makes, and the session ids the server gives it."""
    requests, session_ids = [], []

    async def note(request):
        requests.append((request.method, request.url.path))

    async def note_session(response):
        if response.headers.get("mcp-session-id"):
            session_ids.append(response.headers["mcp-session-id"])

    http = httpx2.AsyncClient(event_hooks={"request": [note], "response": [note_session]},
                              timeout=30)
    url = f"{base}/envs/{env}/mcp?{urllib.parse.urlencode(reset)}"
    client = Client(streamable_http_client(url, http_client=http), message_handler=message_handler)
    return http, client, requests, session_ids


def check_only_mcp(env, requests):
    endpoint = f"/envs/{env}/mcp"
    others = [r for r in requests if r[1] != endpoint]
    if others:
        raise SystemExit(f"{env}: HTTP calls outside MCP: {others}")


async def play(base, episode):
    env = episode["env"]
    http, client, requests, _ = await session(base, env, episode["reset"])
    async with http, client:
        agent = Agent(client)
        listed = await client.list_tools()
        case_uri, case = await agent.read_all()
        first_read = agent.sizes["resources"]
        if case["step_count"] != 0 or case["task"] != episode["task"]:
            raise SystemExit(f"{env}: the case is not the episode asked for: {case}")
        # A call the server must refuse: isError, and no step counted.
        first = episode["calls"][0]
        refused = await client.call_tool(first["name"], refused_form(first["arguments"]))
        if not refused.is_error:
            raise SystemExit(f"{env}: {first['name']} with blank arguments was played: {refused}")
        if (await agent.read_resource(case_uri))["step_count"] != 0:
            raise SystemExit(f"{env}: a refused call counted a step")
        score, last_text = None, ""
        for call in episode["calls"]:
            # Case aside: the cleaning task reports ids in lower case.
            seen = "\n".join(agent.read).lower()
            for name, value in identifiers(call["arguments"]):
                if value.lower() not in seen:
                    raise SystemExit(f"{env}: {call['name']} names {name} `{value}`, "
                                     "which nothing read so far shows: a blind call")
            result = await client.call_tool(call["name"], call["arguments"])
            if result.is_error:
                raise SystemExit(f"{env}: {call['name']} refused: {result.content}")
            agent.sizes["calls"].append(size(result))
            text = result.content[0].text if result.content else ""
            agent.read.append(text)
            agent.read.append(json.dumps(result.structured_content))
            score = (result.structured_content or {}).get("score")
            last_text = text
        end = await agent.read_resource(case_uri)
        calls = agent.sizes["calls"]
        outcome = {
            "env": env, "task": episode["task"], "level": episode["reset"]["difficulty"],
            "score": score, "case_score": end.get("score"), "done": end["done"],
            "steps": end["step_count"], "planned": len(episode["calls"]),
            "protocol": client.protocol_version,
            "tools_list_bytes": size(listed), "first_read_bytes": first_read,
            "call_bytes": calls, "max_call_bytes": max(calls),
            "mean_call_bytes": round(sum(calls) / len(calls)),
            "episode_bytes": size(listed) + first_read + sum(calls),
            "last_text": last_text[:300],
        }
    check_only_mcp(env, requests)
    return outcome


def trainer_reset(base, env, session_id, options):
    """The trainer's side: POST /reset naming the agent's session."""
    request = urllib.request.Request(
        f"{base}/envs/{env}/reset", data=json.dumps(options).encode(), method="POST",
        headers={"content-type": "application/json", "x-session-id": session_id})
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.load(reply)


class Heard:
    """The notifications the session's stream brought, awaited by method."""

    def __init__(self):
        self.methods = []
        self.arrived = anyio.Event()

    async def __call__(self, message):
        method = getattr(message, "method", None)
        if method:
            self.methods.append(method)
            self.arrived.set()

    async def wait_for(self, method):
        with anyio.fail_after(10):
            while method not in self.methods:
                self.arrived = anyio.Event()
                await self.arrived.wait()


async def hear_reset(base, env, first, then):
    """The agent reads `first`'s case at level 2; the trainer resets its
    session to `then` at level 5 (tools follow the task, or the level: the
    records desk's lookups); the agent hears of it and reads the new case."""
    heard = Heard()
    http, client, requests, session_ids = await session(
        base, env, {"task": first, "difficulty": 2}, heard)
    async with http, client:
        agent = Agent(client)
        case_uri, _ = await agent.read_all()
        tools_before = [t.model_dump(mode="json") for t in (await client.list_tools()).tools]
        await asyncio.to_thread(trainer_reset, base, env, session_ids[-1],
                                {"task": then, "difficulty": 5})
        await heard.wait_for("notifications/resources/list_changed")
        tools_after = [t.model_dump(mode="json") for t in (await client.list_tools()).tools]
        changed = tools_after != tools_before
        if changed:
            await heard.wait_for("notifications/tools/list_changed")
        now = await agent.read_resource(case_uri)
        capabilities = client.server_capabilities
        outcome = {"env": env, "reset": f"{first} -> {then}", "heard": heard.methods,
                   "tools_changed": changed, "case_task": now["task"],
                   "tools_list_changed": capabilities.tools.list_changed,
                   "resources": {"subscribe": capabilities.resources.subscribe,
                                 "list_changed": capabilities.resources.list_changed}}
    check_only_mcp(env, requests)
    return outcome


async def main():
    base, plan_path = sys.argv[1], sys.argv[2]
    plan = json.load(open(plan_path))
    for episode in plan:
        print(json.dumps(await play(base, episode)), flush=True)
    tasks = {}
    for episode in plan:
        tasks.setdefault(episode["env"], [])
        if episode["task"] not in tasks[episode["env"]]:
            tasks[episode["env"]].append(episode["task"])
    for env, ids in tasks.items():
        if len(ids) > 1:
            print(json.dumps(await hear_reset(base, env, ids[0], ids[1])), flush=True)


asyncio.run(main())
