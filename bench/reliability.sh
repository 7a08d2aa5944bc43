#!/usr/bin/env bash
# The reproductions of the reliability probe (issue 23; ../shared/reviews/reliability-2026-12-01.md)
# that items 1, 4 and 5 fixed, re-run against this checkout: bad input answered in one sentence and
# exit 2 at once, a learner's 200,000-character exception message, interrupted checks and what they
# leave, temporary folders swept by `doctor --clean`. One line per probe: exit code, seconds, and
# what was wrong with it ("ok" when nothing). Run on demand, never from the test suite; it needs
# the local PostgreSQL (or LOCKDRILL_JDBC_URL) and, for the redlock probe, redis-server.
# Item 3's probes run a passing fencing-token that reports what it can reach (environment, role, user,
# /etc/shadow, the workbook's state) and detaches a `setsid sleep`, then interrupt it
# RELIABILITY_INTERRUPTS times (default 30) with each of SIGINT, SIGTERM, SIGHUP and SIGKILL.
# Usage: bench/reliability.sh
set -uo pipefail
# job control: background checks get their own process group and keep SIGINT (else it is ignored)
set -m
cd "$(dirname "$0")/.."
export LOCKDRILL_JDBC_URL="${LOCKDRILL_JDBC_URL:-jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres}"
SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/lockdrill-reliability.XXXXXX")"
trap 'rm -rf "$SCRATCH"' EXIT
mkdir -p "$SCRATCH/tmp"
./lockdrill --version >/dev/null || exit 2
PROBLEMS=0

# probe NAME EXPECTED_EXIT MAX_SECONDS -- COMMAND...: runs it, stdin closed, and judges exit, time and stderr
probe() {
  local name="$1" expected="$2" max="$3"
  shift 4
  local start end rc secs why=""
  start=$(date +%s.%N)
  timeout 300 "$@" </dev/null >"$SCRATCH/out" 2>"$SCRATCH/err"
  rc=$?
  end=$(date +%s.%N)
  secs=$(echo "$end - $start" | bc)
  [ "$rc" = "$expected" ] || why+="exit $rc, not $expected; "
  [ "$(echo "$secs > $max" | bc)" = 1 ] && why+="slower than ${max} s; "
  grep -q $'\e' "$SCRATCH/err" && why+="raw escape on stderr; "
  grep -qE '^\s+at [a-z]|Exception:|^[A-Z][a-z]{2} [0-9]{2}, [0-9]{4}' "$SCRATCH/err" && why+="trace or log line; "
  [ "$(wc -c <"$SCRATCH/err")" -gt 2000 ] && why+="$(wc -c <"$SCRATCH/err") bytes on stderr; "
  [ -n "$why" ] && PROBLEMS=$((PROBLEMS + 1))
  printf '%-34s exit %-3s %6.1f s  %s\n' "$name" "$rc" "$secs" "${why:-ok}"
}

echo "== bad input (one sentence, exit 2, at once)"
probe "100,000-character kata" 2 15 -- ./lockdrill check "$(printf 'k%.0s' $(seq 1 100000))"
probe "20,000-character option" 2 15 -- ./lockdrill check fencing-token "--$(printf 'x%.0s' $(seq 1 20000))"
probe "escape codes in a kata" 2 15 -- ./lockdrill check $'\e[31mred\e[0m'
probe "line break in a kata" 2 15 -- ./lockdrill check $'fencing-token\nrm -rf'
probe "port that is no number" 2 15 -- ./lockdrill check fencing-token --jdbc-url 'jdbc:postgresql://127.0.0.1:abc/postgres'
probe "port 99999" 2 15 -- ./lockdrill check fencing-token --jdbc-url 'jdbc:postgresql://127.0.0.1:99999/postgres'
probe "empty --jdbc-url" 2 15 -- ./lockdrill check fencing-token --jdbc-url ''
probe "--explore with --timeout 0" 2 15 -- ./lockdrill check circuit-breaker --explore 5 --timeout 0
probe "--explore with --timeout -3" 2 15 -- ./lockdrill check circuit-breaker --explore 5 --timeout -3
probe "--from a file" 2 15 -- ./lockdrill check fencing-token --from /etc/hostname
if (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then
  probe "doctor at the Redis port" 2 30 -- ./lockdrill doctor --jdbc-url 'jdbc:postgresql://127.0.0.1:6379/postgres?user=postgres'
  probe "check at the Redis port" 2 40 -- ./lockdrill check fencing-token --no-compare --jdbc-url 'jdbc:postgresql://127.0.0.1:6379/postgres?user=postgres'
else
  echo "(nothing listens on 6379: the non-PostgreSQL port probes are skipped)"
fi

echo "== a learner's 200,000-character exception message (the probe: > 130 s)"
cp -r katas/circuit-breaker "$SCRATCH/cb"
sed -i 's/public boolean tryAcquirePermission() {/public boolean tryAcquirePermission() {\n        if (true) throw new IllegalStateException("k".repeat(200000));/' \
  "$SCRATCH/cb/CountingCircuitBreaker.java"
probe "huge exception message" 1 60 -- ./lockdrill check circuit-breaker --from "$SCRATCH/cb" --no-compare

partial_runs() {
  find .lockdrill/runs -mindepth 2 -maxdepth 3 -type d -name '2*' 2>/dev/null | while read -r run; do
    [ -f "$run/result.json" ] || echo "$run"
  done | wc -l
}

echo "== interrupts (partial run folders; the next check sweeps what kill -9 leaves)"
for signal in INT TERM HUP KILL; do
  ./lockdrill check fencing-token --no-compare >"$SCRATCH/sig.out" 2>&1 &
  pid=$!
  for _ in $(seq 1 120); do
    sleep 0.25
    pgrep -P "$pid" -f HarnessMain >/dev/null && break
  done
  sleep 0.5
  kill "-$signal" "$pid" 2>/dev/null
  wait "$pid"
  echo "SIG$signal: exit $?, run folders without a result: $(partial_runs)"
done
./lockdrill check fencing-token --no-compare >/dev/null 2>&1
left=$(partial_runs)
echo "after the next check: run folders without a result: $left"
[ "$left" = 0 ] || PROBLEMS=$((PROBLEMS + 1))

echo "== what the learner's code can reach (item 3): a passing kata that probes, then detaches a process"
probe_kata() { # DIR MARK: the escaping fixture, its probe aimed at this workbook's state
  mkdir -p "$1"
  sed -e "s|@STATE@|$PWD/.lockdrill/state.json|" -e "s|@SLEEP@|$2|" \
    src/test/resources/fixture-katas/fencing-token/escaping/PostgresFencedStore.java >"$1/PostgresFencedStore.java"
}
orphans() { pgrep -f "sleep $1" | wc -l; }
mark="7$(shuf -i 100000-999999 -n 1).5"
probe_kata "$SCRATCH/escaping" "$mark"
./lockdrill check fencing-token --from "$SCRATCH/escaping" --no-compare >"$SCRATCH/escaping.out" 2>&1
log=$(ls -t $(find .lockdrill/runs/fencing-token -name you-output.log 2>/dev/null) 2>/dev/null | head -n 1)
grep '^probe ' "$log" | sed 's/^/  /' | cut -c1-160
why=""
grep -q '^probe env.*\(LOCKDRILL_JDBC_URL\|PGPASSWORD\)' "$log" && why+="a secret in its environment; "
grep -q '^probe url-user ld' "$log" || why+="not the run's own role; "
if [ "$(id -u)" = 0 ]; then
  grep -q '^probe uid 0$' "$log" && why+="runs as root; "
  grep -q '^probe shadow read' "$log" && why+="read /etc/shadow; "
  grep -q '^probe state read' "$log" && why+="read the workbook's state; "
fi
[ "$(orphans "$mark")" = 0 ] || why+="its detached process outlived the check; "
[ -n "$why" ] && PROBLEMS=$((PROBLEMS + 1))
echo "reach: ${why:-ok}"

INTERRUPTS="${RELIABILITY_INTERRUPTS:-30}"
echo "== $INTERRUPTS interrupts of each kind while the probing kata runs (orphans, folders, schemas)"
for signal in INT TERM HUP KILL; do
  mark="8$(shuf -i 100000-999999 -n 1).5"
  probe_kata "$SCRATCH/escaping-$signal" "$mark"
  for _ in $(seq 1 "$INTERRUPTS"); do
    ./lockdrill check fencing-token --from "$SCRATCH/escaping-$signal" --no-compare >/dev/null 2>&1 &
    pid=$!
    sleep "0.$(shuf -i 5-30 -n 1)"
    for _ in $(seq 1 120); do
      pgrep -P "$pid" -f HarnessMain >/dev/null && break
      sleep 0.1
    done
    sleep "0.$(shuf -i 1-9 -n 1)"
    kill "-$signal" "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  done
  sleep 1
  before=$(orphans "$mark")
  ./lockdrill check fencing-token --no-compare >/dev/null 2>&1 # the next check sweeps what kill -9 left
  after=$(orphans "$mark")
  # sandbox folders whose owner is gone (another lockdrill's running checks have live ones)
  folders=0
  for dir in /tmp/lockdrill-check-*; do
    [ -d "$dir" ] || continue
    owner=$(sed -n 's/^pid=\([0-9]*\).*/\1/p' "$dir/.owner" 2>/dev/null)
    [ -n "$owner" ] && kill -0 "$owner" 2>/dev/null || folders=$((folders + 1))
  done
  echo "SIG$signal x$INTERRUPTS: detached processes left $before, after the next check $after; orphaned sandbox folders $folders"
  [ "$after" = 0 ] && [ "$folders" = 0 ] || PROBLEMS=$((PROBLEMS + 1))
done

if command -v redis-server >/dev/null; then
  echo "== temporary folders (redlock stopped by SIGHUP, then doctor --clean once they are quiet)"
  JAVA_TOOL_OPTIONS="-Djava.io.tmpdir=$SCRATCH/tmp" ./lockdrill check redlock --reference --no-compare \
    >"$SCRATCH/redlock.out" 2>&1 &
  pid=$!
  for _ in $(seq 1 120); do
    sleep 0.25
    ls "$SCRATCH/tmp" | grep -q lockdrill-redis && break
  done
  sleep 1
  kill -HUP "$pid" 2>/dev/null
  wait "$pid"
  echo "left after SIGHUP: $(ls "$SCRATCH/tmp" | grep -c lockdrill-) folder(s); waiting 125 s for them to be quiet"
  sleep 125
  JAVA_TOOL_OPTIONS="-Djava.io.tmpdir=$SCRATCH/tmp" ./lockdrill doctor --clean >/dev/null 2>&1
  left=$(ls "$SCRATCH/tmp" | grep -c lockdrill-)
  echo "left after doctor --clean: $left folder(s)"
  [ "$left" = 0 ] || PROBLEMS=$((PROBLEMS + 1))
fi

echo "== $PROBLEMS problem(s)"
[ "$PROBLEMS" = 0 ]
