"""Figures of scripts/bench-http.sh: turn the raw lines of wrk (bench/wrk.lua's
`WRK_JSON {...}`) and loadgen into one record each, and print the table,
the ratios and the budget checks (../shared/DESIGN.md section 7).

    python bench/report.py add RESULTS --target deskbench --row http-step \
        --sessions 32 --round 1 --server-cpu 0.97 --client-cpu 0.61 --raw '{...}'
    python bench/report.py memory RESULTS --target deskbench --transport http \
        --sessions 10000 --baseline-kb 9000 --after-kb 60000 --raw '{...}'
    python bench/report.py table RESULTS [--strict]

A row measured in several rounds (`--round`) counts by its median; a ratio
of two rows that share rounds is the median of each round's own ratio, so
drift of the machine between rounds cancels.

Standard library only, so it runs in the openenv venv the bench already needs.
"""

import argparse
import json
import statistics
import sys

# Budgets: DESIGN.md section 7 (keep in step with it).
MIN_VS_PYTHON = 15.0
MIN_HTTP_STEP_VS_HEALTH = 0.6
MIN_WS_STEP_VS_HEALTH = 0.9
MAX_P99_MS = 2.0
MAX_IDLE_MB = 100.0

ROW_TITLES = {
    "http-health": "HTTP GET /health",
    "http-step": "HTTP POST /step",
    "ws-step": "/ws step",
}


def add(args):
    raw = json.loads(args.raw)
    if "requests" in raw:  # wrk, through bench/wrk.lua
        seconds = raw["duration_us"] / 1e6
        requests_per_s = raw["requests"] / seconds
        if raw["mode"] == "session":
            # Stateful steps: resets are requests too, but only steps count
            # as step throughput (their time stays in the window).
            steps_per_s = raw["steps"] / seconds
        elif raw["mode"] == "post":
            steps_per_s = requests_per_s
        else:
            steps_per_s = None
        record = {
            "requests_per_s": requests_per_s,
            "steps_per_s": steps_per_s,
            "resets": raw["resets"],
            "p50_ms": raw["p50_us"] / 1e3,
            "p99_ms": raw["p99_us"] / 1e3,
            "max_ms": raw["max_us"] / 1e3,
            "errors": raw["status_errors"] + raw["socket_errors"] + raw["session_failures"],
        }
    else:  # loadgen ws
        record = {
            "requests_per_s": (raw["steps"] + raw["resets"]) / raw["duration_s"],
            "steps_per_s": raw["steps_per_s"],
            "resets": raw["resets"],
            "p50_ms": raw["p50_ms"],
            "p99_ms": raw["p99_ms"],
            "max_ms": raw["max_ms"],
            "errors": raw["errors"] + raw["failed_sessions"],
        }
        if raw.get("first_error"):
            record["first_error"] = raw["first_error"]
    record.update(
        kind="load",
        target=args.target,
        row=args.row,
        sessions=args.sessions,
        round=args.round,
        server_cpu=args.server_cpu,
        client_cpu=args.client_cpu,
        server_wait=args.server_wait,
    )
    with open(args.results, "a", encoding="utf-8") as out:
        out.write(json.dumps(record) + "\n")


def memory(args):
    raw = json.loads(args.raw)
    record = {
        "kind": "memory",
        "target": args.target,
        "transport": args.transport,
        "sessions": args.sessions,
        "created": raw["created"],
        "errors": raw["errors"],
        "baseline_kb": args.baseline_kb,
        "after_kb": args.after_kb,
    }
    with open(args.results, "a", encoding="utf-8") as out:
        out.write(json.dumps(record) + "\n")


def fmt(value, digits=0):
    if value is None:
        return "-"
    return f"{value:,.{digits}f}"


def table(args):
    strict = args.strict
    records = []
    with open(args.results, encoding="utf-8") as src:
        for line in src:
            if line.strip():
                records.append(json.loads(line))
    loads = [r for r in records if r["kind"] == "load"]
    memories = [r for r in records if r["kind"] == "memory"]

    def runs(target, row, sessions=None):
        """The rounds of one row, by round."""
        return {
            r.get("round", 1): r
            for r in loads
            if r["target"] == target
            and r["row"] == row
            and (sessions is None or r["sessions"] == sessions)
        }

    header = (
        f"{'target':<10} {'mode':<17} {'sess':>5} {'round':>5} {'requests/s':>11} {'steps/s':>10} "
        f"{'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'errors':>6} {'srv cpu':>7} {'srv wait':>8} "
        f"{'gen cpu':>7}"
    )
    print(header)
    print("-" * len(header))
    for r in loads:
        print(
            f"{r['target']:<10} {ROW_TITLES.get(r['row'], r['row']):<17} {r['sessions']:>5} "
            f"{r.get('round', 1):>5} {fmt(r['requests_per_s']):>11} {fmt(r['steps_per_s']):>10} "
            f"{r['p50_ms']:>8.3f} {r['p99_ms']:>8.3f} {r['max_ms']:>8.2f} {r['errors']:>6} "
            f"{r['server_cpu']:>7.0%} {r['server_wait']:>8.0%} {r['client_cpu']:>7.0%}"
        )

    print(
        "srv cpu: the server's CPU time over the run, as a share of its one core; srv wait: time its\n"
        "threads were ready to run but waited for the CPU (other work on the machine); gen cpu: the\n"
        "load generator's CPU share. steps/s counts steps only; HTTP /step rows also send a reset per\n"
        "episode (requests/s counts both), /ws rows measure step round trips only."
    )
    checks = []
    print()
    print("ratios")

    def ratio(label, top, bottom, minimum=None):
        """top and bottom: {round: figure}. Within shared rounds, the median
        of the per-round ratios; otherwise the ratio of the medians."""
        top = {k: v for k, v in top.items() if v is not None}
        bottom = {k: v for k, v in bottom.items() if v}
        if not top or not bottom:
            print(f"  {label:<52} -")
            return
        shared = sorted(set(top) & set(bottom))
        spread = ""
        if len(top) > 1 and shared == sorted(top) == sorted(bottom):
            values = [top[k] / bottom[k] for k in shared]
            value = statistics.median(values)
            spread = f"  [rounds {', '.join(f'{v:.2f}' for v in values)}]"
        else:
            value = statistics.median(top.values()) / statistics.median(bottom.values())
        verdict = ""
        if minimum is not None:
            ok = value >= minimum
            verdict = f"  (target >= {minimum:g}x: {'PASS' if ok else 'MISS'})"
            checks.append(ok)
        print(f"  {label:<52} {value:8.2f}x{verdict}{spread}")

    def steps(target, row, sessions=None):
        return {k: r["steps_per_s"] for k, r in runs(target, row, sessions).items()}

    def requests(target, row):
        return {k: r["requests_per_s"] for k, r in runs(target, row).items()}

    conns = max((r["sessions"] for r in loads if r["row"] != "ws-step"), default=32)
    ratio(
        "HTTP step, DeskBench / Python",
        steps("deskbench", "http-step"),
        steps("python", "http-step"),
        MIN_VS_PYTHON,
    )
    ratio(
        f"/ws step at {conns} sessions, DeskBench / Python",
        steps("deskbench", "ws-step", conns),
        steps("python", "ws-step", conns),
        MIN_VS_PYTHON,
    )
    ratio(
        "/ws step at 1 session, DeskBench / Python",
        steps("deskbench", "ws-step", 1),
        steps("python", "ws-step", 1),
    )
    ratio(
        "/health, DeskBench / Python",
        requests("deskbench", "http-health"),
        requests("python", "http-health"),
    )
    for target in ("deskbench", "python"):
        ours = target == "deskbench"
        ratio(
            f"{target}: HTTP step / HTTP /health",
            steps(target, "http-step"),
            requests(target, "http-health"),
            MIN_HTTP_STEP_VS_HEALTH if ours else None,
        )
        ratio(
            f"{target}: /ws step ({conns} sessions) / HTTP /health",
            steps(target, "ws-step", conns),
            requests(target, "http-health"),
            MIN_WS_STEP_VS_HEALTH if ours else None,
        )

    print()
    print(f"p99 at {conns} sessions, the median of the rounds (target < {MAX_P99_MS:g} ms)")
    for row in ("http-step", "ws-step"):
        rounds = runs("deskbench", row, conns)
        if not rounds:
            continue
        p99 = statistics.median(r["p99_ms"] for r in rounds.values())
        ok = p99 < MAX_P99_MS
        checks.append(ok)
        print(f"  deskbench {ROW_TITLES[row]:<17} {p99:8.3f} ms  {'PASS' if ok else 'MISS'}")

    if memories:
        print()
        header = (
            f"{'target':<10} {'idle sessions':<16} {'created':>8} {'errors':>6} "
            f"{'baseline MB':>11} {'with sessions MB':>16} {'per session KB':>14}"
        )
        print(header)
        print("-" * len(header))
        for m in memories:
            per_kb = (
                (m["after_kb"] - m["baseline_kb"]) / m["created"] if m["created"] else None
            )
            label = f"{m['sessions']:,} {m['transport']}"
            print(
                f"{m['target']:<10} {label:<16} {m['created']:>8,} {m['errors']:>6} "
                f"{m['baseline_kb'] / 1024:>11.1f} {m['after_kb'] / 1024:>16.1f} "
                f"{fmt(per_kb, 1):>14}"
            )
        for m in memories:
            if m["target"] == "deskbench" and m["transport"] == "http":
                after_mb = m["after_kb"] / 1024
                ok = after_mb < MAX_IDLE_MB and m["created"] == m["sessions"]
                checks.append(ok)
                print(
                    f"  deskbench RSS with {m['created']:,} idle HTTP sessions: {after_mb:.1f} MB "
                    f"(target < {MAX_IDLE_MB:g} MB: {'PASS' if ok else 'MISS'})"
                )

    errors = sum(r["errors"] for r in loads) + sum(m["errors"] for m in memories)
    print()
    print(
        f"budgets: {sum(checks)} of {len(checks)} met; {errors} request errors in all runs"
    )
    if errors:
        return 1
    return 1 if strict and not all(checks) else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("add")
    p.add_argument("results")
    p.add_argument("--target", required=True)
    p.add_argument("--row", required=True)
    p.add_argument("--sessions", type=int, required=True)
    p.add_argument("--round", type=int, default=1)
    p.add_argument("--server-cpu", type=float, required=True)
    p.add_argument("--client-cpu", type=float, required=True)
    p.add_argument("--server-wait", type=float, required=True)
    p.add_argument("--raw", required=True)
    p = sub.add_parser("memory")
    p.add_argument("results")
    p.add_argument("--target", required=True)
    p.add_argument("--transport", required=True)
    p.add_argument("--sessions", type=int, required=True)
    p.add_argument("--baseline-kb", type=int, required=True)
    p.add_argument("--after-kb", type=int, required=True)
    p.add_argument("--raw", required=True)
    p = sub.add_parser("table")
    p.add_argument("results")
    p.add_argument("--strict", action="store_true", help="exit 1 when a budget is missed")
    args = parser.parse_args()
    if args.command == "add":
        add(args)
    elif args.command == "memory":
        memory(args)
    else:
        sys.exit(table(args))


if __name__ == "__main__":
    main()
