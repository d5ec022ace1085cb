"""The official MCP Python SDK (streamable HTTP) against DeskBench: for each
episode of the plan, `initialize` at /envs/{env}/mcp, list the tools, let
the trainer pick task, seed and reward mode (POST /reset with the MCP
session's id), and play the reference actions as tool calls.
Usage: mcp_sdk.py BASE PLAN.json; prints one JSON line per episode."""

import asyncio
import json
import sys
import urllib.request

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client


def reset(base, env, session_id, options):
    request = urllib.request.Request(
        f"{base}/envs/{env}/reset", data=json.dumps(options).encode(), method="POST",
        headers={"content-type": "application/json", "x-session-id": session_id})
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.load(reply)


async def play(base, episode):
    seen = []

    async def note_session(response):
        session = response.headers.get("mcp-session-id")
        if session:
            seen.append(session)

    http = httpx2.AsyncClient(event_hooks={"response": [note_session]}, timeout=30)
    url = f"{base}/envs/{episode['env']}/mcp"
    async with http, Client(streamable_http_client(url, http_client=http)) as client:
        tools = [tool.name for tool in (await client.list_tools()).tools]
        await asyncio.to_thread(reset, base, episode["env"], seen[-1], episode["reset"])
        total, observation = 0.0, {}
        for call in episode["calls"]:
            result = await client.call_tool(call["name"], call["arguments"])
            if result.is_error:
                raise SystemExit(f"{episode['env']}: {call['name']} refused: {result.content}")
            structured = result.structured_content
            total += structured["reward"] or 0.0
            observation = structured["observation"]
        return {"client": "mcp", "env": episode["env"], "task": episode["task"], "tools": tools,
                "return": round(total, 4), "score": observation.get("terminal_grader"),
                "protocol": client.protocol_version}


async def main():
    base, plan_path = sys.argv[1], sys.argv[2]
    for episode in json.load(open(plan_path)):
        print(json.dumps(await play(base, episode)), flush=True)


asyncio.run(main())
