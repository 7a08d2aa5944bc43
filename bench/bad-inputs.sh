#!/usr/bin/env bash
# Every bad input of the reliability probe (issue 23; ../shared/reviews/reliability-2026-12-01.md),
# re-run against this checkout and classified as the probe did: D1 (every CLI fuzz case), C3
# (corrupted state.json, settings.json and drill cards), D2 (REPL lines, one session per line with
# the line piped in) and D3 (drill answers piped in).
#
# Each case runs the built jar in a scratch copy of the workbook (katas/, solutions/, drills/;
# never this checkout's own .lockdrill/), stdin /dev/null unless the case pipes answers in, under
# a time limit (LIMIT, default 120 s). Classes:
#   clean-2        exit 2 and one sentence on stderr (no usage dump, no log line, no trace)
#   usage-2-long   exit 2 but more than one sentence: a usage dump, a driver's log lines, or more
#                  than MAX_CHARS (default 800) characters
#   STACKTRACE     a Java stack trace, a qualified Java exception name or "internal error" in the output
#   HANG           still running at the time limit (killed)
#   rc=N           any other exit code (a check that ran and failed is rc=1; a compile error rc=4)
#   raw-ctrl       (REPL and drills) a control character the user typed echoed raw
#   log-line       (REPL and drills) a java.util.logging line on the terminal
#   answered       (REPL and drills) an answer with none of the above
# Each case also has the class a demanding user expects (clear errors: one sentence, exit 2; a
# corrupt file named in a sentence and moved aside); "named" says whether the file was named. The
# last lines count the cases per class and those whose class is not the one expected.
# Usage: bench/bad-inputs.sh [REGEX]   (only the cases whose name matches REGEX)
set -uo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
LIMIT=${LIMIT:-120}
MAX_CHARS=${MAX_CHARS:-800}
ONLY=${1:-}
export LOCKDRILL_JDBC_URL="${LOCKDRILL_JDBC_URL:-jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres}"
export COLUMNS=80
unset JAVA_TOOL_OPTIONS
./lockdrill --version >/dev/null || exit 2
SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/lockdrill-bad-inputs.XXXXXX")"
trap 'rm -rf "$SCRATCH"' EXIT
WB=$SCRATCH/wb
mkdir -p "$WB"
cp -r katas solutions drills "$WB/"
JAVA=(java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Dlockdrill.home="$WB")
[ -f target/lockdrill.jsa ] && JAVA+=(-XX:SharedArchiveFile="$REPO/target/lockdrill.jsa" -Xlog:disable)
JAVA+=(-jar "$REPO/target/lockdrill.jar")
ROWS=$SCRATCH/rows
: >"$ROWS"

lockdrill() { (cd "$WB" && exec "${JAVA[@]}" "$@"); }

# classify RC OUT ERR MODE: the class of one run (MODE cli, or repl/drill for piped answers)
classify() {
  local rc=$1 out=$2 err=$3 mode=$4 both chars
  both=$(cat "$out" "$err")
  if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then echo HANG; return; fi
  if grep -qE '^\s+at [A-Za-z_$][A-Za-z0-9_$.]*\(|internal error|Exception in thread|\b(java|javax|com|org)\.[a-z][A-Za-z0-9_.]*\.[A-Z][A-Za-z]*(Exception|Error)\b' <<<"$both"; then
    echo STACKTRACE; return
  fi
  if [ "$mode" != cli ]; then
    if grep -qE '^[A-Z][a-z]{2} [0-9]{1,2}, [0-9]{4} |^(WARNING|SEVERE|INFO): ' <<<"$both"; then echo log-line; return; fi
    # what the user typed came back raw: ESC, BS, DEL, ^C, ^Z, ^A, ^B (tab and line ends aside; a
    # BEL is JLine's line editor beeping at a typed Ctrl-G, as it does in a terminal)
    if LC_ALL=C grep -q $'[\x01\x02\x03\x08\x1a\x1b\x7f]' <<<"$both"; then echo raw-ctrl; return; fi
    echo answered; return
  fi
  if [ "$rc" != 2 ]; then echo "rc=$rc"; return; fi
  chars=$(wc -m <"$err")
  # a driver's java.util.logging lines, or the option list of a usage dump (two or more lines of
  # an option and its description: "  -s, --seed=N   Replay the run...")
  if [ "$chars" -gt "$MAX_CHARS" ] || grep -qE '^[A-Z][a-z]{2} [0-9]{1,2}, [0-9]{4} |^(WARNING|SEVERE|INFO): ' "$err" \
      || [ "$(grep -cE '^\s+(-[A-Za-z0-9], )?--?[A-Za-z][A-Za-z0-9-]*(=\S+)?\s{2,}\S' "$err")" -ge 2 ]; then
    echo usage-2-long; return
  fi
  [ -s "$err" ] || { echo "rc=2-silent"; return; }
  echo clean-2
}

# case NAME EXPECTED [NAMED_RE] -- ARGS...: runs lockdrill ARGS (stdin: $STDIN or /dev/null, env:
# $ENVCMD prefix) and adds a row. NAMED_RE, when not "-", must appear in the output ("named").
case_() {
  local name=$1 expected=$2 named_re=$3 mode=${MODE:-cli}
  shift 4
  [ -n "$ONLY" ] && ! [[ $name =~ $ONLY ]] && return
  local out=$SCRATCH/out err=$SCRATCH/err start rc secs cls first named=- ok chars lines
  start=$(date +%s.%N)
  (cd "$WB" && exec ${ENVCMD:-} timeout -k 5 "$LIMIT" "${JAVA[@]}" "$@") <"${STDIN:-/dev/null}" >"$out" 2>"$err"
  rc=$?
  secs=$(printf '%.1f' "$(echo "$(date +%s.%N) - $start" | bc)")
  cls=$(classify "$rc" "$out" "$err" "$mode")
  if [ "$named_re" != - ]; then
    if grep -qE "$named_re" "$out" "$err"; then named=yes; else named=NO; fi
  fi
  chars=$(wc -m <"$err"); lines=$(wc -l <"$err")
  # the first line worth showing: stderr's, else stdout's; control characters made visible
  first=$( (grep -m1 -v '^\s*$' "$err" || grep -m1 -v '^\s*$' "$out") | cut -c1-90 | tr '\000-\010\013-\037\177' '?')
  # in the shell, its answer to the line: what follows the first prompt
  [ "$mode" = repl ] && first=$(grep -m1 -o 'lockdrill> .*' "$out" | sed 's/^lockdrill> //' | cut -c1-90 | tr '\000-\010\013-\037\177' '?')
  ok=ok
  [ "$cls" = "$expected" ] || ok=UNEXPECTED
  [ "$named" = NO ] && ok=UNEXPECTED
  printf '| %s | %s | %s | %s | %s | %s | %s/%s | %s | %s |\n' "$name" "$expected" "$cls" "$ok" "$rc" "$secs" \
    "$lines" "$chars" "$named" "${first//|/\\|}" | tee -a "$ROWS"
}
c() { case_ "$@"; }

header() {
  echo
  echo "### $1"
  echo
  echo '| case | expected | class | judged | exit | s | stderr lines/chars | named | first line |'
  echo '|---|---|---|---|---|---|---|---|---|'
}

long() { head -c "$2" /dev/zero | tr '\0' "$1"; }

# ---------------------------------------------------------------- D1
header "D1. Every CLI fuzz case"
c "unknown kata" clean-2 - -- check no-such-kata
c "empty kata" clean-2 - -- check ''
c "kata upper" clean-2 - -- check FENCING-TOKEN
c "check no kata" clean-2 - -- check
c "seed -1" rc=1 - -- check circuit-breaker --no-compare --seed -1
c "seed 0" rc=1 - -- check circuit-breaker --no-compare --seed 0
c "seed 2^70" clean-2 - -- check circuit-breaker --seed 1180591620717411303424
c "seed text" clean-2 - -- check circuit-breaker --seed abc
c "seed empty" clean-2 - -- check circuit-breaker --seed ''
c "seed Long.MIN" rc=1 - -- check circuit-breaker --no-compare --seed -9223372036854775808
c "seed hex" clean-2 - -- check circuit-breaker --seed 0x10
c "timeout 0" clean-2 - -- check circuit-breaker --timeout 0
c "timeout -1" clean-2 - -- check circuit-breaker --timeout -1
c "timeout 2^40" clean-2 - -- check circuit-breaker --timeout 1099511627776
c "timeout int max" rc=1 - -- check circuit-breaker --no-compare --timeout 2147483647
c "timeout 1" rc=1 - -- check fencing-token --no-compare --timeout 1
c "timeout text" clean-2 - -- check circuit-breaker --timeout ten
c "explore garbage" clean-2 - -- check circuit-breaker --explore garbage
c "explore 0" clean-2 - -- check circuit-breaker --explore 0
c "explore -5s" clean-2 - -- check circuit-breaker --explore -5s
c "explore huge" clean-2 - -- check circuit-breaker --explore 99999999999999999999999
c "explore 1ms" clean-2 - -- check circuit-breaker --explore 1ms
c "explore 2^63s" clean-2 - -- check circuit-breaker --explore 9223372036854775807s
c "explore + timeout 0" clean-2 - -- check circuit-breaker --explore 5 --timeout 0
c "explore + timeout -3" clean-2 - -- check circuit-breaker --explore 5 --timeout -3
c "explore + reference + seed -1" rc=0 - -- check circuit-breaker --explore 5 --reference --seed -1
c "replay garbage" clean-2 - -- check fencing-token --explore 5 --replay garbage
c "replay without explore" clean-2 - -- check fencing-token --replay garbage
c "replay 1:" rc=0 - -- check fencing-token --replay 1:
c "replay 1:a,b" clean-2 - -- check fencing-token --replay 1:a,b
c "replay bigseed" clean-2 - -- check fencing-token --replay 99999999999999999999999:1
c "replay negative/huge steps" clean-2 - -- check fencing-token --replay 1:-1,99999999999999999999
c "replay huge step list" rc=1 - -- check circuit-breaker --replay "1:$(seq -s, 0 3000 | sed 's/[0-9]*/0/g')"
mkdir -p "$SCRATCH/fz/empty" "$SCRATCH/fz/nojava" "$SCRATCH/fz/thousand" "$SCRATCH/fz/thousandjava" "$SCRATCH/fz/uni ü 锁"
echo notes >"$SCRATCH/fz/nojava/README.txt"
for i in $(seq 1 1000); do echo "x" >"$SCRATCH/fz/thousand/f$i.txt"; done
cp katas/fencing-token/*.java "$SCRATCH/fz/thousandjava/"
for i in $(seq 1 1000); do echo "class Extra$i {}" >"$SCRATCH/fz/thousandjava/Extra$i.java"; done
cp katas/fencing-token/*.java "$SCRATCH/fz/uni ü 锁/"
c "from missing" clean-2 - -- check fencing-token --from "$SCRATCH/fz/nope"
c "from file" clean-2 - -- check fencing-token --from /etc/hostname
c "from empty dir" clean-2 - -- check fencing-token --no-compare --from "$SCRATCH/fz/empty"
c "from dir no java" clean-2 - -- check fencing-token --no-compare --from "$SCRATCH/fz/nojava"
c "from 1000 txt files" clean-2 - -- check fencing-token --no-compare --from "$SCRATCH/fz/thousand"
c "from 1000 java files" rc=1 - -- check fencing-token --no-compare --from "$SCRATCH/fz/thousandjava"
c "from unicode dir" rc=1 - -- check fencing-token --no-compare --from "$SCRATCH/fz/uni ü 锁"
mkdir -p "$SCRATCH/fz/loop" && cp katas/fencing-token/*.java "$SCRATCH/fz/loop/" && ln -s "$SCRATCH/fz/loop" "$SCRATCH/fz/loop/up"
c "from link loop (not in the probe)" clean-2 - -- check fencing-token --no-compare --from "$SCRATCH/fz/loop"
c "from + reference" clean-2 - -- check fencing-token --reference --from "$SCRATCH/fz/empty"
c "classpath missing" clean-2 - -- check fencing-token --classpath /nope.jar
c "jdbc malformed" clean-2 - -- check fencing-token --jdbc-url 'not a url'
c "jdbc closed port" clean-2 - -- check fencing-token --jdbc-url 'jdbc:postgresql://127.0.0.1:1/postgres?user=postgres'
c "jdbc redis port" clean-2 - -- check fencing-token --jdbc-url 'jdbc:postgresql://127.0.0.1:6379/postgres?user=postgres'
c "jdbc mysql" clean-2 - -- check fencing-token --jdbc-url 'jdbc:mysql://127.0.0.1:3306/x'
c "jdbc no such db" clean-2 - -- check fencing-token --jdbc-url 'jdbc:postgresql://127.0.0.1:5432/no_such_db_x?user=postgres'
c "jdbc no such user" clean-2 - -- check fencing-token --jdbc-url 'jdbc:postgresql://127.0.0.1:5432/postgres?user=no_such_user_x'
c "jdbc libpq uri" rc=1 - -- check circuit-breaker --no-compare --jdbc-url 'postgresql://postgres@127.0.0.1:5432/postgres'
c "jdbc empty" clean-2 - -- check fencing-token --jdbc-url ''
c "jdbc bad port text" clean-2 - -- check fencing-token --jdbc-url 'jdbc:postgresql://127.0.0.1:abc/postgres'
c "jdbc port 99999" clean-2 - -- check fencing-token --jdbc-url 'jdbc:postgresql://127.0.0.1:99999/postgres'
c "jdbc key=value" clean-2 - -- check fencing-token --jdbc-url 'host=127.0.0.1 user=postgres dbname=postgres'
c "long kata 100k" clean-2 - -- check "$(long k 100000)"
c "long seed 10k digits" clean-2 - -- check fencing-token --seed "$(long 7 10000)"
c "long --from 5000" clean-2 - -- check fencing-token --from "/$(long f 5000)"
c "long option name" clean-2 - -- check fencing-token "--$(long x 20000)"
c "unicode kata" clean-2 - -- check 'fencing‐token'
c "cjk kata" clean-2 - -- check '锁'
c "emoji kata" clean-2 - -- check '🔒'
c "ansi escape kata" clean-2 - -- check $'\e[31mred\e[0m'
c "newline in kata" clean-2 - -- check $'fencing-token\nrm -rf'
c "unknown command" clean-2 - -- frobnicate
c "unknown option" clean-2 - -- list --frobnicate
c "show unknown" clean-2 - -- show nope
c "hint unknown" clean-2 - -- hint nope
c "reset unknown" clean-2 - -- reset nope
c "compare unknown" clean-2 - -- compare nope
c "compare no run" clean-2 - -- compare bulkhead
c "report unknown" clean-2 - -- report nope
c "report no run" clean-2 - -- report bulkhead
c "drill unknown" clean-2 - -- drill nope
c "drill seconds -1" clean-2 - -- drill fencing-token --seconds -1
c "drill seconds text" clean-2 - -- drill fencing-token --seconds abc
c "drill seconds huge" clean-2 - -- drill fencing-token --seconds 1099511627776
c "practice minutes -5" clean-2 - -- practice --minutes -5
c "practice minutes 0" clean-2 - -- practice --minutes 0
c "practice minutes text" clean-2 - -- practice --minutes abc
c "practice minutes huge" rc=0 - -- practice --plan --minutes 2147483647
c "lab unknown" clean-2 - -- lab nope
c "lab seed text" clean-2 - -- lab db-vs-redlock --seed abc
c "lab bad jdbc" clean-2 - -- lab db-vs-redlock --jdbc-url 'jdbc:postgresql://127.0.0.1:1/x'
c "completion fish" clean-2 - -- completion fish
c "backend garbage" clean-2 - -- backend --jdbc-url garbage
c "backend both" clean-2 - -- backend --jdbc-url 'jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres' --auto
c "dev check unknown" clean-2 - -- dev check nope
c "dev check seeds -1" clean-2 - -- dev check fencing-token --seeds -1
c "dev check seeds 0" clean-2 - -- dev check fencing-token --seeds 0
c "watch unknown" clean-2 - -- watch nope
c "help unknown" clean-2 - -- help nope
c "list extra arg" clean-2 - -- list extra
c "progress typo" clean-2 - -- progress --jsn
c "check --verbose unknown" clean-2 - -- check nope --verbose

# ---------------------------------------------------------------- C3
header "C3. Corrupted state.json, settings.json and drill cards"
ST=$WB/.lockdrill/state.json
SE=$WB/.lockdrill/settings.json
CARD=$WB/drills/fencing-token.yaml
# a real state to corrupt: the one a check of the stub leaves
lockdrill check fencing-token --no-compare >/dev/null 2>&1
cp "$ST" "$SCRATCH/state.good" || { echo "no state.json after a check" >&2; exit 2; }
cp "$CARD" "$SCRATCH/card.good"
clean_state() { rm -rf "$ST" "$ST".corrupt-* "$WB"/.lockdrill/state.json.*; }
with_state() { # KIND: makes state.json broken that way
  clean_state
  case $1 in
    trunc) head -c $(($(wc -c <"$SCRATCH/state.good") / 2)) "$SCRATCH/state.good" >"$ST" ;;
    wrongtype) sed -E 's/"attempts" *: *[0-9]+/"attempts": "many"/' "$SCRATCH/state.good" >"$ST" ;;
    wrongtype2) printf '{"formatVersion":1,"katas":{"fencing-token":"passed"}}' >"$ST" ;;
    semantic) sed -E 's/"attempts" *: *[0-9]+/"attempts": -5/; s/"status" *: *"[a-z ]+"/"status": "bogus"/' "$SCRATCH/state.good" >"$ST" ;;
    nullkata) printf '{"formatVersion":1,"katas":{"fencing-token":null}}' >"$ST" ;;
    newer) sed -E 's/"formatVersion" *: *[0-9]+/"formatVersion": 999/' "$SCRATCH/state.good" >"$ST" ;;
    huge) python3 - "$SCRATCH/state.good" "$ST" <<'EOF'
import json, sys
s = json.load(open(sys.argv[1]))
for i in range(100000):
    s["katas"]["unknown-%d" % i] = s["katas"]["fencing-token"]
json.dump(s, open(sys.argv[2], "w"))
EOF
      ;;
    deep) python3 -c 'print("{\"formatVersion\":1,\"katas\":" + "[" * 1001 + "]" * 1001 + "}")' >"$ST" ;;
    empty) : >"$ST" ;;
    binary) head -c 4096 /dev/urandom >"$ST" ;;
    dir) mkdir -p "$ST" ;;
  esac
}
for kind in trunc wrongtype wrongtype2 semantic nullkata newer huge deep empty binary dir; do
  exp_p=rc=0; exp_c=rc=1; re='state\.json'
  [ "$kind" = newer ] && exp_p=clean-2
  [ "$kind" = huge ] && re=-
  with_state "$kind"; c "st-$kind-progress" "$exp_p" "$re" -- progress
  with_state "$kind"; c "st-$kind-check" "$exp_c" "$re" -- check circuit-breaker --no-compare
done
clean_state
cp "$SCRATCH/state.good" "$ST"
NOENV="env -u LOCKDRILL_JDBC_URL -u PGHOST -u PGUSER -u PGPORT -u PGDATABASE -u PGPASSWORD"
with_settings() {
  rm -rf "$SE" "$SE".*
  case $1 in
    trunc) printf '{"jdbcUrl":"jdbc:postgresql://127.0.0.1:5432/postg' >"$SE" ;;
    wrongtype) printf '{"jdbcUrl":["jdbc:postgresql://127.0.0.1:5432/postgres"]}' >"$SE" ;;
    huge) python3 -c 'import json; print(json.dumps({"jdbcUrl": "x" * 20050000}))' >"$SE" ;;
    null) printf 'null' >"$SE" ;;
    garbage) head -c 2048 /dev/urandom >"$SE" ;;
    dir) mkdir -p "$SE" ;;
    secret) printf '{"jdbcUrl":"jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres&password=SeCrEt42"}' >"$SE" ;;
  esac
}
for kind in trunc wrongtype huge null garbage dir secret; do
  # without LOCKDRILL_JDBC_URL lockdrill finds the local PostgreSQL on its own: the check runs
  # (the stub fails: rc=1) once the settings file has been named
  re='settings\.json'; exp_n=rc=1
  [ "$kind" = null ] || [ "$kind" = secret ] && re=-
  with_settings "$kind"; c "se-$kind-backend" rc=0 "$re" -- backend
  with_settings "$kind"; c "se-$kind-doctor" rc=0 "$re" -- doctor
  with_settings "$kind"; ENVCMD=$NOENV c "se-$kind-check-noenv" "$exp_n" "$re" -- check fencing-token --no-compare
done
rm -rf "$SE"
with_card() {
  rm -f "$WB"/drills/fencing-token*.yaml
  cp "$SCRATCH/card.good" "$CARD"
  case $1 in
    trunc) head -c 2260 "$SCRATCH/card.good" >"$CARD" ;;
    wrongtype) sed -E 's/^timeLimitSeconds: .*/timeLimitSeconds: ninety/' "$SCRATCH/card.good" >"$CARD" ;;
    huge) { cat "$SCRATCH/card.good"; echo "notes: |"; yes '  lorem ipsum dolor sit amet consectetur adipiscing' | head -c 23000000; echo; } >"$CARD" ;;
    tabs) printf 'id: fencing-token\n\ttitle: tabs\n' >"$CARD" ;;
    nullfile) : >"$CARD" ;;
    dupid) cp "$SCRATCH/card.good" "$WB/drills/fencing-token-copy.yaml" ;;
    emptyrubric) sed -n '/^rubric:/q;p' "$SCRATCH/card.good" >"$CARD"; echo 'rubric: []' >>"$CARD" ;;
  esac
}
for kind in trunc wrongtype huge tabs nullfile dupid emptyrubric; do
  re='fencing-token(-copy)?\.yaml'; exp_d=clean-2
  [ "$kind" = trunc ] && re=- && exp_d=clean-2
  with_card "$kind"; c "dr-$kind-list" rc=0 "$re" -- list
  # `drill ID` opens the card whose file is named ID.yaml: with two cards of one id that one is meant
  d_re=$re; [ "$kind" = dupid ] && d_re=-
  with_card "$kind"; c "dr-$kind-drill" "$exp_d" "$d_re" -- drill fencing-token
  with_card "$kind"; c "dr-$kind-plan" rc=0 "$re" -- practice --plan
done
rm -f "$WB"/drills/fencing-token*.yaml
cp "$SCRATCH/card.good" "$CARD"

# ---------------------------------------------------------------- D2
header "D2. REPL lines (one session per line, the line piped in, then end of input)"
repl() { # NAME LINE
  printf '%s\n' "$2" >"$SCRATCH/stdin"
  MODE=repl STDIN=$SCRATCH/stdin c "$1" answered - --
}
repl_bytes() { # NAME PRINTF-FORMAT (for bytes a shell variable cannot hold, such as NUL)
  printf "$2" >"$SCRATCH/stdin"
  MODE=repl STDIN=$SCRATCH/stdin c "$1" answered - --
}
repl "empty" ""
repl "spaces" "   "
repl "tab" $'\t'
repl "a x 10240" "$(long a 10240)"
repl "check x x 10240" "check $(long x 10240)"
repl "list y x 10240" "list $(long y 10240)"
repl "control bytes" $'\x01\x02\x07\x08'
repl "clear screen + list" $'\e[2J\e[31mlist'
repl "DEL DEL" $'\x7f\x7f'
repl "ctrl-c byte" $'\x03'
repl "ctrl-z byte" $'\x1a'
repl_bytes "NUL inside list" 'li\000st\n'
repl "unclosed quote" 'check "fencing-token'
repl "quoted space kata" "check 'a b'"
repl "trailing backslash" 'list \'
repl "bang bang" '!!'
repl "history" 'history'
repl "cyrillic" 'лист'
repl "emoji check" '🔒 check'
repl "help" 'help'
repl "help check" 'help check'
repl "check" 'check'
repl "show" 'show'
repl "hint" 'hint'
repl "drill nope" 'drill nope'
repl "check nope --seed abc" 'check nope --seed abc'
repl "exit extra" 'exit extra'
repl "ansi kata" $'check \e[31mred'
repl "bidi override" $'check \u202efencing'

# ---------------------------------------------------------------- D3
header "D3. Drill answers (drill with answers piped in)"
drill_case() { # NAME FILE ARGS...
  local name=$1 file=$2
  shift 2
  MODE=drill STDIN=$file c "$name" answered - -- "$@"
}
: >"$SCRATCH/d-eof"
for i in $(seq 1 40); do echo "zq$RANDOM ~~ !! $i"; done >"$SCRATCH/d-garbage"
{ long w 10240; echo; for i in 1 2 3 4 5 6; do echo 3; done; } >"$SCRATCH/d-10k"
for i in $(seq 1 20); do printf '\x01\x07\e[2J\x7f\x03 %s\n' "$i"; done >"$SCRATCH/d-ctrl"
printf 'fencing tokens increase\n' >"$SCRATCH/d-mid"
for r in 9 -1 abc 0 5 '' 3 2 1 4; do echo "$r"; done >"$SCRATCH/d-rating"
drill_case "d1-eof" "$SCRATCH/d-eof" drill fencing-token
drill_case "d2-garbage" "$SCRATCH/d-garbage" drill fencing-token
drill_case "d3-type10k" "$SCRATCH/d-10k" drill fencing-token --type
drill_case "d4-ctrl" "$SCRATCH/d-ctrl" drill fencing-token
drill_case "d5-eof-mid" "$SCRATCH/d-mid" drill fencing-token
drill_case "d6-rating" "$SCRATCH/d-rating" drill fencing-token
drill_case "d7-noid-eof" "$SCRATCH/d-eof" drill
drill_case "d8-practice-eof" "$SCRATCH/d-eof" practice --minutes 1
drill_case "d9-type-ctrl" "$SCRATCH/d-ctrl" drill fencing-token --type
drill_case "d10-seconds-1" "$SCRATCH/d-garbage" drill fencing-token --seconds 1
{ cat "$SCRATCH/d-10k" "$SCRATCH/d-garbage"; } >"$SCRATCH/d-10k-more"
drill_case "d3b-type10k-more" "$SCRATCH/d-10k-more" drill fencing-token --type
{ cat "$SCRATCH/d-ctrl" "$SCRATCH/d-garbage"; } >"$SCRATCH/d-ctrl-more"
drill_case "d9b-type-ctrl-more" "$SCRATCH/d-ctrl-more" drill fencing-token --type

# ---------------------------------------------------------------- summary
echo
echo "### Summary"
echo
awk -F' \\| ' '{ n[$3]++; if ($4 != "ok") bad++ } END { for (k in n) printf "%-14s %d\n", k, n[k]; printf "cases %d, not as expected %d\n", NR, bad + 0 }' "$ROWS" | sort
grep ' UNEXPECTED ' "$ROWS" | sed 's/^/not as expected: /'
! grep -q ' UNEXPECTED ' "$ROWS"
