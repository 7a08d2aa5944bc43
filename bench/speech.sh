#!/usr/bin/env bash
# How well spoken answers are heard (issue 27): for each card, three answers synthesized by espeak-ng
# are judged with `drill CARD --answer-audio FILE` in a scratch workbook, as a learner's recording
# would be, and `drill history CARD --json` says which rubric points the recording showed:
#   full  the card's spoken core, which makes every rubric point: share of points heard;
#   half  the texts of every other rubric point (1st, 3rd, ...): points heard among those said, and
#         points "heard" among those not said (false);
#   off   a paragraph about something else entirely: points falsely heard.
# Prints one line per card, then the totals. Needs espeak-ng, sox, pocketsphinx, pocketsphinx-en-us.
# Usage: bench/speech.sh [CARD...]   (default: every card)
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in espeak-ng sox pocketsphinx_continuous python3; do
  command -v "$tool" >/dev/null || { echo "bench/speech.sh needs $tool (Debian: apt-get install espeak-ng sox pocketsphinx pocketsphinx-en-us)" >&2; exit 2; }
done
./lockdrill --version >/dev/null
SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/lockdrill-speech.XXXXXX")"
trap 'rm -rf "$SCRATCH"' EXIT
mkdir -p "$SCRATCH/wb" "$SCRATCH/jar"
cp -r drills katas "$SCRATCH/wb/"
# a copy of the jar, so that a rebuild while the bench runs does not pull it from under a JVM
cp -r target/lockdrill.jar target/lib "$SCRATCH/jar/"
ld() { LOCKDRILL_AUDIO=none java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Dlockdrill.home="$SCRATCH/wb" -jar "$SCRATCH/jar/lockdrill.jar" "$@"; }
OFF=(
  "Last weekend I drove to the coast with my sister. We walked along the beach, ate fish and chips in a small cafe, and watched the sun go down behind the cliffs. On Sunday it rained, so we stayed inside, played cards and read novels."
  "To make a good soup, soften onions and carrots in butter, add a handful of lentils, pour in stock and let it simmer for half an hour. Season it with salt, pepper and a little lemon juice, then blend it until it is smooth."
  "The match started slowly, but after twenty minutes the home side scored from a corner. The visitors equalised just before half time, and in the second half both teams had chances before a late header won it for the home side."
)
if [ "$#" -gt 0 ]; then CARDS=("$@"); else mapfile -t CARDS < <(ls drills/*.yaml | xargs -n1 basename | sed 's/\.yaml$//'); fi
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-38s %6s %11s %6s %5s\n' card full "half(said)" "h-false" off
i=0
for card in "${CARDS[@]}"; do
  ld drill "$card" --json >"$SCRATCH/card.json"
  python3 - "$SCRATCH" <<'PY'
import json, sys
d = sys.argv[1]
card = json.load(open(d + "/card.json"))
open(d + "/full.txt", "w").write(card["core"])
open(d + "/half.txt", "w").write(". ".join(p["point"] for p in card["rubric"][::2]) + ".")
PY
  echo "${OFF[$((i % 3))]}" >"$SCRATCH/off.txt"
  i=$((i + 1))
  n=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["rubric"]))' "$SCRATCH/card.json")
  for kind in full half off; do
    espeak-ng -v en-us -s 140 -p 30 -w "$SCRATCH/$kind.wav" -f "$SCRATCH/$kind.txt"
    # every point marked not covered, rating 1: the self-grade is not what is measured here
    { for _ in $(seq "$n"); do echo n; done; echo 1; } | ld drill "$card" --answer-audio "$SCRATCH/$kind.wav" >/dev/null 2>"$SCRATCH/err" \
      || { echo "$card $kind: $(cat "$SCRATCH/err")" >&2; exit 1; }
  done
  ld drill history "$card" --json >"$SCRATCH/history.json"
  python3 - "$SCRATCH" "$card" <<'PY'
import json, sys
d, card = sys.argv[1], sys.argv[2]
answers = json.load(open(d + "/history.json"))["answers"][-3:]
def heard(a): return [h["point"] for h in a["heard"] if h.get("keyword")]
n = len(answers[0]["heard"])
full, half, off = (heard(a) for a in answers)
said = set(range(0, n, 2))
line = "%-38s %3d/%-2d %5d/%-5d %3d/%-2d %2d/%-2d" % (card, len(full), n, len(said & set(half)), len(said),
        len(set(half) - said), n - len(said), len(off), n)
print(line)
with open(d + "/tally", "a") as t:
    t.write("%d %d %d %d %d %d %d %d\n" % (len(full), n, len(said & set(half)), len(said), len(set(half) - said),
            n - len(said), len(off), n))
PY
done
python3 - "$SCRATCH/tally" <<'PY'
import sys
rows = [list(map(int, l.split())) for l in open(sys.argv[1])]
s = [sum(c) for c in zip(*rows)]
print("total: full %.0f%% heard; half %.0f%% of said heard, %.0f%% of unsaid falsely heard; off-topic %.0f%% falsely heard"
      % (100 * s[0] / s[1], 100 * s[2] / s[3], 100 * s[4] / max(1, s[5]), 100 * s[6] / s[7]))
PY
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
