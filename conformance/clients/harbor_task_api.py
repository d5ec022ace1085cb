"""openenv 0.10.0's harbor client (`HarborEnv`) on DeskBench's Task API:
its splits(), num_tasks(), get_task() and get_task_range() as it sends them
(their bodies and reply shapes, records read into its `HarborTaskRef`),
then `reset(split=, index=)` of the task it got, over /ws with the
package's MCPToolClient. The client names its environment `harbor_env` in
every path; a request hook puts each DeskBench environment's id there.
Usage: harbor_task_api.py BASE PLAN.json (a list of {"env"}); prints one
JSON line per environment."""

import asyncio
import json
import sys

import httpx
from openenv.core.mcp_client import MCPToolClient
from openenv.harbor.client import HarborEnv


def task_api(base, env_id):
    def rename(request):
        request.url = request.url.copy_with(
            path=request.url.path.replace("/harbor_env/", f"/{env_id}/", 1))

    client = HarborEnv(base_url=base)
    client._http = httpx.Client(base_url=base, timeout=30, event_hooks={"request": [rename]})
    try:
        splits = client.splits()
        counts = {s["name"]: client.num_tasks(s["name"]) for s in splits}
        task = client.get_task("validation", 4)
        window = client.get_task_range("validation", 0, 5)
        default_count = client.num_tasks()  # split "" is the first, train
        return splits, counts, task, window, default_count
    finally:
        client._http.close()


async def reset(base, env_id, task):
    async with MCPToolClient(base_url=f"{base}/envs/{env_id}") as env:
        await env.reset(split=task.dataset, index=task.index)
        # The full state (the client's State model keeps only its own
        # fields) from the same session over HTTP.
        session = await env._ensure_production_session()
        state = httpx.get(f"{base}/envs/{env_id}/state",
                          headers={"X-Session-Id": session}, timeout=30).json()
        return {"task": state.get("task"), "seed": state.get("seed")}


def main():
    base, plan_path = sys.argv[1], sys.argv[2]
    for entry in json.load(open(plan_path)):
        env_id = entry["env"]
        splits, counts, task, window, default_count = task_api(base, env_id)
        played = asyncio.run(reset(base, env_id, task))
        print(json.dumps({
            "client": "HarborEnv", "env": env_id,
            "splits": [s["name"] for s in splits], "num_tasks": counts,
            "default_num_tasks": default_count, "task": task.model_dump(),
            "range": [t.task_id for t in window], "played": played,
        }), flush=True)


main()
