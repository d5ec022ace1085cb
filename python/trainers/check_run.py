"""After `make trainers`' GRPO run: the trainer logged a reward on every step, and the run
left no session on the server, read two ways: the server's own count (`GET /stats`, live
sessions on every transport) is 0, and, as the server was started with `--max-sessions`
equal to the run's rollouts per step, that many new sessions all open (one the run still
held would make the last of them refused: CAPACITY_REACHED).

Usage: check_run.py LOG_JSON --url SERVER_ROOT --steps N --sessions N [--env support_triage]
"""

from __future__ import annotations

import argparse
import json
import math
import sys

import deskbench


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("log")
    parser.add_argument("--url", required=True)
    parser.add_argument("--steps", type=int, required=True)
    parser.add_argument("--sessions", type=int, required=True)
    parser.add_argument("--env", default="support_triage")
    args = parser.parse_args()

    history = json.load(open(args.log))
    steps = [entry for entry in history if "reward" in entry]
    print("step  reward  reward_std  tool_calls/rollout  step_time_s")
    for entry in steps:
        print(f"{entry['step']:>4}  {entry['reward']:>6.3f}  {entry['reward_std']:>10.3f}  "
              f"{entry.get('tools/call_frequency', 0):>18.2f}  {entry['step_time']:>11.1f}")  # fmt: skip
    runtime = next((e["train_runtime"] for e in history if "train_runtime" in e), None)
    print(f"train_runtime {runtime:.1f} s" if runtime is not None else "no train_runtime logged")
    if [e["step"] for e in steps] != list(range(1, args.steps + 1)) or not all(math.isfinite(e["reward"]) for e in steps):
        print(f"check_run: expected a finite reward logged at each of steps 1..{args.steps}", file=sys.stderr)
        return 1

    live = deskbench._tasks.request(args.url, "/stats")["sessions"]
    print(f"server sessions after the run: {live['active']} live ({live['by_transport']})")
    if live["active"] != 0:
        print(f"check_run: the run left {live['active']} session(s) on the server", file=sys.stderr)
        return 1
    clients = [deskbench.CLIENTS[args.env](args.url).sync() for _ in range(args.sessions)]
    try:
        for client in clients:
            client.connect()
            client.reset(seed=0)
    except Exception as refused:  # noqa: BLE001 - CAPACITY_REACHED, or the connection closed for it
        print(f"check_run: a session of the run is still open: {refused}", file=sys.stderr)
        return 1
    finally:
        for client in clients:
            client.close()
    print(f"no session left behind: {args.sessions} new sessions opened on a server that allows {args.sessions}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
