#!/usr/bin/env bash
# The long fuzz run: the proptest targets of env-wasm/tests/fuzz.rs (arbitrary
# bytes, arbitrary JSON and structure-aware action sequences through the
# AnyEnv seam of every environment and task) and server/tests/api/fuzz.rs
# (arbitrary and nearly valid requests to /reset, /step, /state and /mcp of
# every mount), in release, FUZZ_CASES cases per family (100000), each cargo
# run bounded by FUZZ_TIMEOUT seconds (1200). Prints every family's case
# count, what its cases did, and the time taken.
# Usage: scripts/fuzz.sh  (`make soak` runs it; `make test` runs the same
# targets with a few hundred cases). PROPTEST_RNG_SEED=n replays a run; a
# failure prints the minimal input and leaves its seed in a
# *.proptest-regressions file beside the test (commit it).
set -euo pipefail
cd "$(dirname "$0")/.."

CASES="${FUZZ_CASES:-100000}"
LIMIT="${FUZZ_TIMEOUT:-1200}"

# Build first, then run the test binaries themselves, so the timings are
# the fuzzing alone and a concurrent edit of the tree cannot rebuild them.
binary() { # cargo test arguments -> the test executable
  cargo test --release --locked --quiet --no-run --message-format=json "$@" |
    sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -n 1
}
echo "fuzz: building the release test binaries"
seam=$(binary -p env-wasm --test fuzz)
api=$(binary -p server --test api)
[ -x "$seam" ] && [ -x "$api" ] || { echo "fuzz: the test binaries did not build"; exit 1; }

log=$(mktemp)
trap 'rm -f "$log"' EXIT
start=$SECONDS
run() { # label, package directory, then the test binary and its arguments
  local label=$1 dir=$2 began=$SECONDS status=0
  shift 2
  echo "fuzz: $label, $CASES cases per family"
  (cd "$dir" && PROPTEST_CASES="$CASES" timeout "$LIMIT" "$@" --nocapture --quiet) 2>&1 |
    tee -a "$log" || status=$?
  if [ "$status" -eq 124 ]; then
    echo "fuzz: $label did not finish within $LIMIT s"
  fi
  echo "fuzz: $label took $((SECONDS - began)) s"
  return "$status"
}

# As cargo does, each binary runs in its package's directory.
run "the seam (env-wasm)" env-wasm "$seam"
run "the API (server)" server "$api" fuzz::

echo
echo "fuzz summary ($((SECONDS - start)) s):"
grep -o 'fuzz [a-z ]*: [0-9]* cases passed.*' "$log" | sed 's/^/  /'
families=$(grep -o 'fuzz [a-z ]*: [0-9]* cases passed' "$log" | wc -l)
[ "$families" -eq 4 ] || { echo "fuzz: expected 4 families, saw $families"; exit 1; }
