"""falsepass's OpenEnv audit of DeskBench through the package's in-process `Environment`
classes, for `make trainers`: falsepass resets an instance to each task, steps it once with
each probe's reply (known-good: the reference's answer; known-bad: empty, echoed, shotgun,
wrong, hedged, malformed, ...) and reads the step's reward, here in reward mode `score`,
where it is the task score. The audit fails on any probe that could not be scored, and on
any known-bad reply rewarded above 0, with one exception: X1 submits another task's
reference answer, which for a multi-field answer (an email's label, priority and reply; a
case's severity and escalation) is right on this task wherever the two tasks' values agree,
and is paid for those fields. X1 is a fixed strategy that never reads the task, so it is held
to DeskBench's own bound for such policies (DESIGN 3.4): no more than the uniform guess,
the `random` baseline's mean on the same tasks, levels and seeds.

Audited: the tasks one answer ends, on the validation split, every task at every level, each
on a seed of its own (task j of the split's first seeds at seed j, so no two audited
scenarios share a seed): productivity's three and it_mental_health's three single-case
tasks. The answers carry only the fields the task needs (it_mental_health's `response`,
its `task_id` being the current task when left out). The reference
answers come from `deskbench eval --policy reference --trajectories`. support_triage is not
audited here: its grade comes after many tool calls, and falsepass 0.11 scores one step.

falsepass's own `audit` command installs each audit into a throw-away virtualenv with `uv`;
this runs the same runner (`python -m falsepass.runner`) in this venv, where the package
and openenv-core already are, against the server at $DESKBENCH_URL.

Usage: audit.py WORK_DIR --url SERVER_ROOT --deskbench BINARY
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import deskbench

REPO = Path(__file__).resolve().parents[2]
AUDITED = {"productivity": None, "it_mental_health": {"burnout_detection", "stress_triage", "intervention_plan"}}


def played(binary: str, env: str, policy: str, seeds: int, work: Path) -> dict[tuple[str, int, int], dict]:
    """`deskbench eval --policy POLICY` on the validation split's first `seeds` seeds at every
    level, in reward mode `score`: (task, level, seed) -> the episode of its trajectories file."""
    path = work / f"{env}-{policy}.jsonl"
    subprocess.run([binary, "eval", "--quiet", "--env", env, "--policy", policy, "--split", "validation",
                    "--seeds", str(seeds), "--difficulty", "all", "--reward-mode", "score", "--trajectories", str(path)],
                   check=True, stdout=subprocess.DEVNULL)  # fmt: skip
    episodes = (json.loads(line) for line in path.read_text().splitlines())
    return {(e["task"], e["difficulty"], e["seed"]): e for e in episodes}


def reference_answer(episode: dict) -> dict | None:
    """The reference's one action, without `task_id` (the current task when left out)."""
    actions = [json.loads(step["action"]) for step in episode["steps"][1:]]
    return {k: v for k, v in actions[0].items() if k != "task_id"} if len(actions) == 1 else None


def audit(env: str, url: str, binary: str, work: Path) -> dict:
    folder = work / env
    folder.mkdir(parents=True, exist_ok=True)
    levels = len(next(e for e in deskbench._tasks.environments(url) if e["id"] == env)["levels"])
    per_seed = len(deskbench.TOOL_ENVS[env]) * levels  # the split's tasks of one seed: every task at every level
    references = played(binary, env, "reference", per_seed, work)
    tasks, audited = [], []
    for j in range(per_seed):
        record = deskbench._tasks.task(url, env, "validation", j + per_seed * j)  # task j's task and level, seed j
        if AUDITED[env] is not None and record.task not in AUDITED[env]:
            continue
        answer = reference_answer(references[(record.task, record.difficulty, record.seed)])
        audited.append((record.task, record.difficulty, record.seed))
        tasks.append({"key": f"validation-{record.index}", **record.reset, "reward_mode": "score",
                      "answer": json.dumps(answer, ensure_ascii=False)})  # fmt: skip
    (folder / "tasks.json").write_text(json.dumps(tasks, indent=1))
    client = deskbench.CLIENTS[env]
    module = client.__module__
    (folder / "env.toml").write_text("\n".join([
        "[env]",
        f'id = "local/deskbench-{env}"',
        'framework = "openenv"',
        f"task = {json.dumps(str(REPO))}",
        f'app = "{module}:{deskbench.ENVIRONMENTS[env].__name__}"',
        f'env_class = "{module}:{deskbench.ENVIRONMENTS[env].__name__}"',
        f'action_class = "{client.action_type.__module__}:{client.action_type.__name__}"',
        'python = "3.11"',
        "",
    ]))  # fmt: skip
    command = [sys.executable, "-m", "falsepass.runner", str(folder), "-n", str(len(tasks)), "--jobs", "1",
               "--fail-on", "errors>0"]  # fmt: skip
    run = subprocess.run(command, env={**os.environ, "DESKBENCH_URL": url}, capture_output=True, text=True)
    headline = [line for line in run.stdout.splitlines() if line.startswith("- **")]
    print(f"falsepass on {env} ({len(tasks)} tasks; {folder / 'summary.md'}):\n" + "\n".join(headline))
    if run.returncode != 0:
        print(run.stderr[-4000:], file=sys.stderr)
    results = json.loads((folder / "probe-results.json").read_text())["results"] if run.returncode == 0 else []
    false_passes = [r for r in results if not r["passed"] and r["probe"] != "X1"]
    for r in false_passes:
        print(f"  false pass: {r['probe']} {r['name']}/{r['variant']} on {r['example']}: {r['detail']}")
    other_task = [r["score"] or 0.0 for r in results if r["probe"] == "X1"]
    x1_mean = sum(other_task) / len(other_task) if other_task else 0.0
    random = played(binary, env, "random", per_seed, work)  # the uniform guess, on the same tasks
    guess = sum(random[key]["score"] for key in audited) / len(audited)
    print(f"  X1 (another task's answer): mean {x1_mean:.3f}, highest {max(other_task, default=0):.3f}; "
          f"the uniform guess (`random`) on the same tasks: {guess:.3f}")
    passed = run.returncode == 0 and not false_passes and x1_mean <= guess
    verdict = (f"every probe scored; no known-bad reply paid but X1's, whose mean {x1_mean:.3f} is within the uniform "
               f"guess {guess:.3f}") if passed else "FAILED"  # fmt: skip
    return {"env": env, "tasks": len(tasks), "passed": passed, "verdict": verdict}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("work", type=Path)
    parser.add_argument("--url", required=True)
    parser.add_argument("--deskbench", required=True, help="the deskbench binary (for the reference answers)")
    args = parser.parse_args()
    results = [audit(env, args.url, args.deskbench, args.work.resolve()) for env in AUDITED]
    for result in results:
        print(f"falsepass {result['env']}: {result['tasks']} tasks: {result['verdict']}")
    return 0 if all(r["passed"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
