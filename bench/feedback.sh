#!/usr/bin/env bash
# Edit → verdict inside a running REPL (issue #15): for each kata, the learner's file is touched
# (as a save would) and `check <kata>` is typed into one warm REPL; the time until the verdict line
# is printed is taken. The first run of each kata warms the parent and is left out of the median.
# Also prints, per kata, the check processes' own time (the `durationMs` of you and the reference)
# so the share of the parent's work is visible. Run on demand, never from the test suite.
# Usage: bench/feedback.sh [runs] [kata...]   (default: 3 runs of circuit-breaker, bulkhead,
#        breaker-placement, fencing-token; needs LOCKDRILL_JDBC_URL or the local PostgreSQL)
#        LOCKDRILL_CHILD_CDS=0 bench/feedback.sh ...   the same without the check processes' archive
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-3}"
shift || true
KATAS=("$@")
[ ${#KATAS[@]} -eq 0 ] && KATAS=(circuit-breaker bulkhead breaker-placement fencing-token)
export LOCKDRILL_JDBC_URL="${LOCKDRILL_JDBC_URL:-jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres}"
./lockdrill --version >/dev/null
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); child class-data archive: ${LOCKDRILL_CHILD_CDS:-on}"
python3 - "$RUNS" "${KATAS[@]}" <<'PY'
import glob, json, os, pathlib, statistics, subprocess, sys, time
runs, katas = int(sys.argv[1]), sys.argv[2:]
repl = subprocess.Popen(["./lockdrill"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                        stderr=subprocess.STDOUT, text=True, bufsize=1, env=dict(os.environ, COLUMNS="80"))

def check(kata):
    for f in glob.glob(f"katas/{kata}/**/*.java", recursive=True):
        pathlib.Path(f).touch()
    t = time.monotonic()
    repl.stdin.write(f"check {kata}\n"); repl.stdin.flush()
    while True:
        line = repl.stdout.readline()
        if not line:
            raise SystemExit("the REPL ended early")
        if "replay: " in line:
            return time.monotonic() - t

def child_ms(kata):
    runs_dir = sorted(glob.glob(f".lockdrill/runs/{kata}/2*/result.json"))
    if not runs_dir:
        return None, None
    r = json.load(open(runs_dir[-1]))
    return r.get("durationMs"), (r.get("reference") or {}).get("durationMs")

for kata in katas:
    times = [check(kata) for _ in range(runs + 1)]
    later = times[1:]
    you, ref = child_ms(kata)
    print(f"{kata:18} first {times[0]:.2f} s; median {statistics.median(later):.2f} s "
          f"(min {min(later):.2f}, max {max(later):.2f}, n={len(later)}); "
          f"last child: you {you} ms, reference {ref} ms")
repl.stdin.write("quit\n"); repl.stdin.flush(); repl.wait(timeout=30)
print("load average at the end:", " ".join(open("/proc/loadavg").read().split()[:3]))
PY
