#!/bin/sh
# The oracle of openenv.yaml's `validation:` block (form `script`, Harbor's
# solve.sh precedent), run inside the sandbox beside the server: DeskBench's
# reference policy, which plays each scenario's hidden ground truth, against
# the server's default environment over /ws, in reward mode `score` (an
# episode's return is its task score). It fails unless every episode of every
# task scores 1.0, the top of the declared reward range (oracle_tolerance 0).
# `deskbench eval --url` also checks every reply against its own replay, so a
# server grading differently fails too. Seeds: the validation split.
set -eu
base="http://127.0.0.1:${PORT:-8000}"
env_id="${DESKBENCH_DEFAULT_ENV:-productivity}"
csv="$(mktemp)"
trap 'rm -f "$csv"' EXIT
deskbench eval --url "$base" --env "$env_id" --policy reference --reward-mode score \
  --seed-start 1000000 --seeds "${ORACLE_SEEDS:-10}" --quiet --csv "$csv"
# Every row's lowest score and mean return must be 1.
awk -F, '
  NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  $col["min"] + 0 != 1 || $col["mean_total_reward"] + 0 != 1 {
    print "oracle: " $col["env"] "/" $col["task"] " scored min " $col["min"] ", return " $col["mean_total_reward"]; bad = 1
  }
  END { exit bad }
' "$csv"
echo "oracle: every episode scored 1.0"
