"""openenv 0.10.0's MCPToolClient against DeskBench: it opens an MCP session
over HTTP (openenv/session/create), attaches its /ws to it
(?session_id=), resets over /ws and calls the tools over POST /mcp: one
episode across both transports.
Usage: mcp_tool_client.py BASE PLAN.json; prints one JSON line per episode."""

import asyncio
import json
import sys

from openenv.core.mcp_client import MCPToolClient


async def play(base, episode):
    async with MCPToolClient(base_url=f"{base}/envs/{episode['env']}") as env:
        tools = [tool.name for tool in await env.list_tools()]
        await env.reset(**episode["reset"])
        total, observation = 0.0, {}
        for call in episode["calls"]:
            result = await env.call_tool(call["name"], **call["arguments"])
            if result.get("isError"):
                raise SystemExit(f"{episode['env']}: {call['name']} refused: {result}")
            structured = result["structuredContent"]
            total += structured["reward"] or 0.0
            observation = structured["observation"]
        state = await env.state()
        return {"client": "MCPToolClient", "env": episode["env"], "task": episode["task"],
                "tools": tools, "return": round(total, 4),
                "score": observation.get("terminal_grader"), "steps": state.step_count}


async def main():
    base, plan_path = sys.argv[1], sys.argv[2]
    for episode in json.load(open(plan_path)):
        print(json.dumps(await play(base, episode)), flush=True)


asyncio.run(main())
