"""verifiers 0.4.0's OpenEnv taskset (base-URL mode) against DeskBench:
for each episode of the plan, a local fake OpenAI-compatible model answers
the reference actions (it_mental_health's as plain text, which verifiers
puts in the action's one required field), and the reward verifiers reports
(the sum of the step rewards) must equal the task score in `score` mode.
Usage: verifiers_taskset.py BASE PLAN.json; prints one JSON line per episode."""

import asyncio
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fake_model import serve  # noqa: E402
from verifiers.v1.cli.eval.runner import run_eval  # noqa: E402
from verifiers.v1.configs.cli.eval import EvalConfig  # noqa: E402


def main():
    base, plan_path = sys.argv[1], sys.argv[2]
    plan = json.load(open(plan_path))
    os.environ["DESKBENCH_FAKE_KEY"] = "local"
    for episode in plan:
        model = serve(episode["replies"])
        config = EvalConfig.model_validate({
            "env": {
                "taskset": {"id": "openenv", "base_url": f"{base}/envs/{episode['env']}",
                            "resets": [episode["reset"]]},
                "player": {"runtime": {"type": "subprocess"}},
            },
            "model": "fake-reference",
            "client": {"base_url": f"http://127.0.0.1:{model.server_address[1]}/v1",
                       "api_key_var": "DESKBENCH_FAKE_KEY"},
            "push": False, "rich": None, "output_dir": tempfile.mkdtemp(), "max_concurrent": 1,
        })
        episodes = asyncio.run(run_eval(config))
        model.shutdown()
        traces = [t for e in episodes for t in e.traces]
        dump = traces[0].model_dump(mode="json", exclude_none=True) if traces else {}
        reward = dump.get("rewards", {}).get("openenv_reward", {}).get("score")
        print(json.dumps({"client": "verifiers", "env": episode["env"], "task": episode["task"],
                          "return": reward, "errors": dump.get("errors")}), flush=True)


main()
