#!/usr/bin/env bash
# Explores each kata's reference for SECONDS at each seed, one exploration at a time (they are
# timing-sensitive), and prints one line per kata and seed: schedules tried, found or not (with the
# invariants or how the check process ended, and the replay id), and the load average before and
# after. The reference must find nothing (CONTRIBUTING.md, "The explorer"); the test suite runs a
# short version (ReferenceExplorationTest). On demand only: ten katas x 3 seeds x 60 s is about 33 min.
# Usage: bench/explore-references.sh [--seconds N] [--seeds "1 2 3"] [KATA...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=60 seeds="1 2 3"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    --seeds) seeds=$2; shift 2 ;;
    *) break ;;
  esac
done
katas=("$@")
# every kata by default, in the order of their kata.yaml (a new kata is picked up without an edit here)
[[ ${#katas[@]} -gt 0 ]] || mapfile -t katas < <(python3 -c '
import glob, re
rows = []
for path in glob.glob("katas/*/kata.yaml"):
    text = open(path).read()
    rows.append((int(re.search(r"^order: *(\d+)", text, re.M).group(1)), re.search(r"^id: *(\S+)", text, re.M).group(1)))
print("\n".join(i for _, i in sorted(rows)))')
load() { awk '{print $1}' /proc/loadavg 2>/dev/null || echo '?'; }
for kata in "${katas[@]}"; do
  for seed in $seeds; do
    before=$(load)
    json=$(./lockdrill check "$kata" --reference --explore "${seconds}s" --seed "$seed" --json 2>/dev/null || true)
    after=$(load)
    python3 - "$kata" "$seed" "$before" "$after" "$json" <<'PY'
import json, sys
kata, seed, before, after, text = sys.argv[1:6]
load = f"load {before}→{after}"
try:
    d = json.loads(text)
except Exception:
    print(f"{kata:18} seed {seed:>3}  error: {text.strip().splitlines()[-1][:60] if text.strip() else 'no output'}  {load}")
    sys.exit()
f = d.get("finding")
if f:
    what = ",".join(x["name"] for x in f["failed"]) or f["ended"]
    print(f"{kata:18} seed {seed:>3}  {d['schedules']:4} schedules  FOUND {what} ({f['steps']}→{len(f['shrunkSteps'])} steps, replay {f['shrunk']})  {load}")
else:
    print(f"{kata:18} seed {seed:>3}  {d['schedules']:4} schedules  nothing found in {d['millis']/1000:.0f} s  {load}")
PY
  done
done
