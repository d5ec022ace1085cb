#!/usr/bin/env bash
# `make trainers` (outside `make test`): the `deskbench` package with real trainers.
# 1. A GRPO run with TRL's own GRPOTrainer (python/examples/train_grpo.py, the README's
#    script) on a tiny randomly initialised Qwen3 and a tokenizer trained here
#    (python/trainers/tiny_model.py; nothing from a model hub), a few steps on
#    support_triage's train split against a server on 127.0.0.1 that allows exactly the
#    run's sessions; it must finish, log a reward per step and leave no session behind.
# 2. falsepass's audit of the in-process Environment classes (python/trainers/audit.py).
# Usage: scripts/trainers.sh [--device cpu|cuda|...] (after scripts/bootstrap.sh --trainers)
set -euo pipefail
cd "$(dirname "$0")/.."
DEVICE=cpu
[ "${1:-}" = "--device" ] && DEVICE=${2:?--device needs a value}
PY=.venv/trainers/bin/python
[ -x "$PY" ] || { echo "trainers: $PY missing; run scripts/bootstrap.sh --trainers"; exit 1; }
STEPS=3 BATCH=4 GENERATIONS=2

cargo build --locked -p server --quiet
# The package as a user installs it (a wheel built from python/), in place of bootstrap's editable one.
rm -rf python/build  # setuptools would reuse stale files from an earlier build
"$PY" -m pip install --quiet --disable-pip-version-check --no-deps --force-reinstall ./python
work=$(mktemp -d)
exec 3< <(exec target/debug/deskbench serve --host 127.0.0.1 --port 0 --max-sessions "$BATCH" \
  --web-dist "$work/no-bundle" 2>"$work/server.log")
server_pid=$!
cleanup() {
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
read -r -t 60 first <&3 || { echo "trainers: the server did not start"; cat "$work/server.log"; exit 1; }
cat <&3 >/dev/null &
base=$(grep -o 'http://[0-9.:]*' <<<"$first")
export NO_PROXY=127.0.0.1,localhost TRL_EXPERIMENTAL_SILENCE=1
echo "trainers: server at $base (at most $BATCH sessions), device $DEVICE"

"$PY" python/trainers/tiny_model.py "$work/model" --url "$base"
start=$(date +%s)
"$PY" python/examples/train_grpo.py --model "$work/model" --url "$base" --env support_triage \
  --steps "$STEPS" --batch "$BATCH" --generations "$GENERATIONS" --completion-tokens 48 \
  --device "$DEVICE" --output "$work/grpo" --log-json "$work/log.json"
echo "trainers: GRPO run took $(($(date +%s) - start)) s"
"$PY" python/trainers/check_run.py "$work/log.json" --url "$base" --steps "$STEPS" --sessions "$BATCH"
"$PY" python/trainers/audit.py "$work/audits" --url "$base" --deskbench target/debug/deskbench
echo "trainers: 3 passed, 0 failed"
