#!/usr/bin/env bash
# Start-up and check latency, as medians of repeated runs (issue #2):
#   1. ./lockdrill --version                                   (target <= 0.25 s)
#   2. ./lockdrill check fencing-token --reference, one-shot   (warm PostgreSQL)
#   3. the same check inside a running REPL, second run        (target <= 3 s)
# Usage: bench/startup.sh [runs]   (needs LOCKDRILL_JDBC_URL or the local PostgreSQL)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-7}"
export LOCKDRILL_JDBC_URL="${LOCKDRILL_JDBC_URL:-jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres}"
./lockdrill --version >/dev/null
python3 - "$RUNS" <<'PY'
import statistics, subprocess, sys, time
runs = int(sys.argv[1])

def timed(cmd):
    t = time.monotonic()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.monotonic() - t

def median(xs):
    return statistics.median(xs)

version = [timed(["./lockdrill", "--version"]) for _ in range(runs)]
print(f"--version                         median {median(version):.3f} s  (min {min(version):.3f}, n={runs})")
check = [timed(["./lockdrill", "check", "fencing-token", "--reference"]) for _ in range(max(3, runs // 2))]
print(f"check --reference, one-shot       median {median(check):.3f} s  (min {min(check):.3f}, n={len(check)})")

repl = subprocess.Popen(["./lockdrill"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                        text=True, bufsize=1)
def in_repl(line):
    t = time.monotonic()
    repl.stdin.write(line + "\n"); repl.stdin.flush()
    while True:
        out = repl.stdout.readline()
        if not out:
            raise SystemExit("the REPL ended early")
        if "replay: lockdrill check" in out:
            return time.monotonic() - t
times = [in_repl("check fencing-token --reference") for _ in range(max(3, runs // 2) + 1)]
repl.stdin.write("quit\n"); repl.stdin.flush(); repl.wait(timeout=30)
print(f"check --reference in the REPL     first {times[0]:.3f} s; later runs median {median(times[1:]):.3f} s "
      f"(min {min(times[1:]):.3f}, n={len(times) - 1})")
PY
