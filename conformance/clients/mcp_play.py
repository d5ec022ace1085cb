"""An agent that plays through MCP alone, as a tool-calling harness would
(the official MCP Python SDK over streamable HTTP), measuring what each
call costs: bytes of every result as the SDK hands it to the agent
(`tools/list`, the instructions, each `tools/call`), and the episode total.

For each episode of the plan: open the session with the episode's task,
level, seed and reward mode in the endpoint URL
(`/envs/{env}/mcp?task=...&difficulty=...`), read the case with the free
`read_task` tool first, then play the plan's tool calls. A server without
`read_task` (before issue 28) is played the old way: the trainer's
POST /reset picks the episode, and nothing is read for free.
Usage: mcp_play.py BASE PLAN.json; prints one JSON line per episode."""

import asyncio
import json
import sys
import urllib.parse

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client


def size(model):
    return len(json.dumps(model.model_dump(mode="json", by_alias=True, exclude_none=True),
                          separators=(",", ":")).encode())


async def play(base, episode):
    seen = []

    async def note_session(response):
        session = response.headers.get("mcp-session-id")
        if session:
            seen.append(session)

    http = httpx2.AsyncClient(event_hooks={"response": [note_session]}, timeout=30)
    query = urllib.parse.urlencode(episode["reset"])
    url = f"{base}/envs/{episode['env']}/mcp?{query}"
    async with http, Client(streamable_http_client(url, http_client=http)) as client:
        listed = await client.list_tools()
        tools = [tool.name for tool in listed.tools]
        http_calls = 0
        if "read_task" not in tools:
            await asyncio.to_thread(reset, base, episode["env"], seen[-1], episode["reset"])
            http_calls += 1
        calls = []
        if "read_task" in tools:
            read = await client.call_tool("read_task", {})
            if read.is_error:
                raise SystemExit(f"{episode['env']}: read_task refused: {read.content}")
            calls.append(size(read))
        score, feedback = None, ""
        for call in episode["calls"]:
            result = await client.call_tool(call["name"], call["arguments"])
            if result.is_error:
                raise SystemExit(f"{episode['env']}: {call['name']} refused: {result.content}")
            calls.append(size(result))
            structured = result.structured_content or {}
            score = structured.get("score", (structured.get("observation") or {}).get("terminal_grader"))
            feedback = result.content[0].text if result.content else ""
        return {"env": episode["env"], "task": episode["task"],
                "level": episode["reset"]["difficulty"], "tools_list_bytes": size(listed),
                "http_calls": http_calls, "calls": len(calls), "call_bytes": calls,
                "first_bytes": calls[0], "max_bytes": max(calls),
                "mean_after_first": round(sum(calls[1:]) / max(1, len(calls) - 1)),
                "episode_bytes": sum(calls), "score": score, "last_text": feedback[:400]}


async def main():
    base, plan_path = sys.argv[1], sys.argv[2]
    for episode in json.load(open(plan_path)):
        print(json.dumps(await play(base, episode)), flush=True)


asyncio.run(main())
