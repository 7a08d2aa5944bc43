#!/usr/bin/env bash
# Same file, same verdict, quiet or busy (issue #22): runs `dev check` over the given katas and seeds
# twice, once at the machine's own load and once with both cores saturated by two
# `nice -n 19 sha256sum /dev/zero` (started here, stopped by their PIDs, also on Ctrl-C), and prints
# the two tables side by side: for each stub, reference, mutant and alternative, how many seeds ended
# as expected. Any difference is a verdict that depends on load. Run on demand, never from the tests.
# Usage: bench/verdicts-under-load.sh [seeds] [kata...]   (default: 5 seeds of redlock and fencing-token;
#        needs LOCKDRILL_JDBC_URL or the local PostgreSQL)
#        ONLY=saturated bench/verdicts-under-load.sh 10 KATA...   only the saturated run (every race
#        mutant caught at 10 of 10 seeds under load); prints the one table and exits 1 if any
#        implementation ended otherwise than expected at some seed
#        KEEP=DIR keeps the runs' `dev check --json` reports (quiet.json, saturated.json) in DIR
set -euo pipefail
cd "$(dirname "$0")/.."
SEEDS="${1:-5}"
shift || true
KATAS=("$@")
[ ${#KATAS[@]} -eq 0 ] && KATAS=(redlock fencing-token)
export LOCKDRILL_JDBC_URL="${LOCKDRILL_JDBC_URL:-jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres}"
./lockdrill --version >/dev/null
KEEP="${KEEP:-}"
OUT=$(mktemp -d)
BURNERS=()
stop_burners() {
  for pid in "${BURNERS[@]:-}"; do
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  done
  BURNERS=()
}
keep() {
  [ -n "$KEEP" ] && mkdir -p "$KEEP" && cp "$OUT"/*.json "$KEEP"/ 2>/dev/null || true
}
trap 'stop_burners; keep; rm -rf "$OUT"' EXIT

run() {
  local label=$1
  local t0
  t0=$(date +%s)
  echo "== $label: load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
  ./lockdrill dev check "${KATAS[@]}" --seeds "$SEEDS" --json >"$OUT/$label.json" || true
  echo "   took $(( $(date +%s) - t0 )) s, load average at the end $(cut -d' ' -f1-3 /proc/loadavg)" >&2
}

ONLY="${ONLY:-}"
case "$ONLY" in ""|saturated) ;; *) echo "ONLY must be empty or 'saturated', not '$ONLY'" >&2; exit 2 ;; esac
[ -z "$ONLY" ] && run quiet
for _ in 1 2; do
  nice -n 19 sha256sum /dev/zero >/dev/null &
  BURNERS+=($!)
done
sleep 5
run saturated
stop_burners

if [ "$ONLY" = saturated ]; then
  python3 - "$OUT/saturated.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
print(f'{"kata":<16} {"kind":<12} {"implementation":<36} {"busy":>7}')
short = 0
for i in sorted(report["implementations"], key=lambda i: (i["kata"], i["kind"], i["name"])):
    mark = "" if i["asExpected"] == i["runs"] else "  <- not every seed"
    short += bool(mark)
    print(f'{i["kata"]:<16} {i["kind"]:<12} {i["name"][:36]:<36} {i["asExpected"]:>3}/{i["runs"]:<3}{mark}')
    for p in i["problems"][:2]:
        print(f'    {p}')
print(f"{short} implementation(s) not as expected at every seed with both cores saturated")
sys.exit(1 if short else 0)
PY
  exit $?
fi
python3 - "$OUT/quiet.json" "$OUT/saturated.json" <<'PY'
import json, sys
quiet, busy = (json.load(open(p)) for p in sys.argv[1:3])
def table(report):
    return {(i["kata"], i["kind"], i["name"]): (i["asExpected"], i["runs"], i["problems"]) for i in report["implementations"]}
q, b = table(quiet), table(busy)
print(f'{"kata":<16} {"kind":<12} {"implementation":<36} {"quiet":>7} {"busy":>7}')
differ = 0
for key in sorted(set(q) | set(b)):
    qa, ba = q.get(key), b.get(key)
    qs = f"{qa[0]}/{qa[1]}" if qa else "-"
    bs = f"{ba[0]}/{ba[1]}" if ba else "-"
    mark = "" if qs == bs else "  <- differs"
    differ += bool(mark)
    print(f"{key[0]:<16} {key[1]:<12} {key[2][:36]:<36} {qs:>7} {bs:>7}{mark}")
for label, t in (("quiet", q), ("busy", b)):
    for key, (ok, runs, problems) in t.items():
        for p in problems[:2]:
            print(f"{label}: {key[0]} {key[2]}: {p}")
print(f"{differ} implementation(s) whose verdicts differ between a quiet and a saturated machine")
sys.exit(1 if differ else 0)
PY
