#!/usr/bin/env bash
# Edit → verdict inside a running REPL (issue #15): for each kata, the learner's file is touched
# (as a save would) and `check <kata>` is typed into one warm REPL; the time until the verdict line
# is printed is taken. The first run of each kata warms the parent and is left out of the median.
# Also prints, per kata, the check processes' own time (the `durationMs` of you and the reference)
# so the share of the parent's work is visible, and the deliberate waits (pauses, leases left to run
# out: the `scenario-timing` observations) of the reference's longest lane next to that lane's wall
# time, so what is waiting by design and what is overhead can be told apart. Run on demand, never
# from the test suite.
# Between two checks it waits THINK_SECONDS (default 2), as a learner reading and editing would.
# Usage: bench/feedback.sh [runs] [kata...]   (default: 3 runs of circuit-breaker, bulkhead,
#        breaker-placement, fencing-token; needs LOCKDRILL_JDBC_URL or the local PostgreSQL)
#        LOCKDRILL_CHILD_CDS=0 bench/feedback.sh ...   the same without the check processes' archive
#        LOCKDRILL_LANES=1 bench/feedback.sh ...       the same with every scenario in turn (no lanes)
#        SOLVED=1 bench/feedback.sh ...                the learner's file already solved: checks
#                                                      `--from solutions/KATA` (a correct solution's edit loop)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-3}"
shift || true
KATAS=("$@")
[ ${#KATAS[@]} -eq 0 ] && KATAS=(circuit-breaker bulkhead breaker-placement fencing-token)
export LOCKDRILL_JDBC_URL="${LOCKDRILL_JDBC_URL:-jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres}"
./lockdrill --version >/dev/null
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); child class-data archive: ${LOCKDRILL_CHILD_CDS:-on};" \
     "lanes: ${LOCKDRILL_LANES:-as each kata says}; learner's file: $([ "${SOLVED:-}" = 1 ] && echo solved || echo the stub);" \
     "think time ${THINK_SECONDS:-2} s"
python3 - "$RUNS" "${KATAS[@]}" <<'PY'
import glob, json, os, pathlib, statistics, subprocess, sys, time
runs, katas = int(sys.argv[1]), sys.argv[2:]
repl = subprocess.Popen(["./lockdrill"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                        stderr=subprocess.STDOUT, text=True, bufsize=1, env=dict(os.environ, COLUMNS="80"))

SOLVED = os.environ.get("SOLVED") == "1"

# a learner reads the verdict and edits before the next check: the processes started ahead of it
# (REPL and watch mode) warm up meanwhile, as they would between two real edits
THINK = float(os.environ.get("THINK_SECONDS", "2"))

def check(kata):
    time.sleep(THINK)
    folder = f"solutions/{kata}" if SOLVED else f"katas/{kata}"
    for f in glob.glob(f"{folder}/**/*.java", recursive=True):
        pathlib.Path(f).touch()
    t = time.monotonic()
    repl.stdin.write(f"check {kata}" + (f" --from {folder}" if SOLVED else "") + "\n"); repl.stdin.flush()
    while True:
        line = repl.stdout.readline()
        if not line:
            raise SystemExit("the REPL ended early")
        if "replay: " in line:
            return time.monotonic() - t

def last_run(kata):
    runs_dir = sorted(glob.glob(f".lockdrill/runs/{kata}/{'others/' if SOLVED else ''}2*/result.json"))
    return os.path.dirname(runs_dir[-1]) if runs_dir else None

def child_ms(kata):
    run = last_run(kata)
    if not run:
        return None, None
    r = json.load(open(os.path.join(run, "result.json")))
    return r.get("durationMs"), (r.get("reference") or {}).get("durationMs")

def lanes(history):
    """Per lane: (wall ms, deliberate waits ms) summed over its scenarios."""
    lane_of, per = {}, {}
    events = [json.loads(l) for l in open(history)] if os.path.exists(history) else []
    for e in events:
        if e.get("type") == "observed" and e.get("name") == "lanes":
            lane_of = {r["scenario"]: r["lane"] for r in e["rows"]}
    for e in events:
        if e.get("type") == "observed" and e.get("name") == "scenario-timing":
            row, lane = e["rows"][0], lane_of.get(e["scenario"], 0)
            wall, wait = per.get(lane, (0, 0))
            per[lane] = (wall + row["wallMicros"] / 1000, wait + row["waitMicros"] / 1000)
    return per

def waits(kata):
    run = last_run(kata)
    per = lanes(os.path.join(run, "reference-history.jsonl")) if run else {}
    if not per:
        return "no scenario timings"
    lane, (wall, wait) = max(per.items(), key=lambda item: item[1][0])
    total = sum(w for _, w in per.values())
    return (f"reference's longest of {len(per)} lane(s): {wall:.0f} ms, of which deliberate waits {wait:.0f} ms; "
            f"waits in all lanes {total:.0f} ms")

for kata in katas:
    times = [check(kata) for _ in range(runs + 1)]
    later = times[1:]
    you, ref = child_ms(kata)
    print(f"{kata:18} first {times[0]:.2f} s; median {statistics.median(later):.2f} s "
          f"(min {min(later):.2f}, max {max(later):.2f}, n={len(later)}); "
          f"last child: you {you} ms, reference {ref} ms")
    print(f"{'':18} {waits(kata)}")
repl.stdin.write("quit\n"); repl.stdin.flush(); repl.wait(timeout=30)
print("load average at the end:", " ".join(open("/proc/loadavg").read().split()[:3]))
PY
