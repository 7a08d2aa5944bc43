#!/usr/bin/env bash
# Explores every implementation of the given katas (stub, reference, alternatives, mutants) for
# SECONDS each and prints one line per implementation: schedules tried, found or not, the
# invariants that failed and the shrunk schedule. On demand only (it takes minutes per kata).
# Usage: bench/explore-table.sh [--seconds N] [--seed S] KATA...
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=60 seed=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    *) break ;;
  esac
done
[[ $# -gt 0 ]] || { echo "usage: bench/explore-table.sh [--seconds N] [--seed S] KATA..." >&2; exit 2; }
row() {
  local kata=$1 kind=$2 name=$3; shift 3
  local json
  json=$(./lockdrill check "$kata" "$@" --explore "${seconds}s" --seed "$seed" --json 2>/dev/null || true)
  python3 - "$kata" "$kind" "$name" "$json" <<'PY'
import json, sys
kata, kind, name, text = sys.argv[1:5]
try:
    d = json.loads(text)
except Exception:
    print(f"{kata:18} {kind:11} {name:32} error: {text.strip().splitlines()[-1][:60] if text.strip() else 'no output'}")
    sys.exit()
f = d.get("finding")
if f:
    what = ",".join(x["name"] for x in f["failed"]) or f["ended"]
    print(f"{kata:18} {kind:11} {name:32} {d['schedules']:4} schedules  FOUND {what} ({f['steps']}→{len(f['shrunkSteps'])} steps, {f['shrunk']})")
else:
    print(f"{kata:18} {kind:11} {name:32} {d['schedules']:4} schedules  nothing found in {d['millis']/1000:.0f} s")
PY
}
for kata in "$@"; do
  row "$kata" stub stub
  row "$kata" reference reference --reference
  for kind in alternatives mutants; do
    for dir in src/test/resources/$kind/$kata/*/; do
      [[ -d $dir ]] || continue
      row "$kata" "${kind%s}" "$(basename "$dir")" --from "$dir"
    done
  done
done
