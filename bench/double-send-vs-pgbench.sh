#!/usr/bin/env bash
# Throughput of the double-send reference next to pgbench doing the same claim-and-complete.
#
#   bench/double-send-vs-pgbench.sh [notifications] [workers]     (defaults: 100000 10)
#
# 1. The reference (solutions/double-send) drains N notifications with W workers (each its own
#    class loader and connection pool) through the in-memory dedup provider, no faults, lease 30 s.
# 2. pgbench runs W clients over a table of N rows (same partial index on next_attempt_at), one
#    transaction per row: the same FOR UPDATE SKIP LOCKED claim (next_attempt_at, attempts,
#    lease_token) and the same fenced completion, as two statements. Both sides use synchronous_commit=off, as the checks do.
# Prints deliveries/s, pgbench claims/s (tps) and their ratio (target >= 0.5).
# Needs LOCKDRILL_JDBC_URL (jdbc:postgresql://HOST:PORT/DB?user=USER), java, javac, psql, pgbench.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
N="${1:-100000}"
W="${2:-10}"
URL="${LOCKDRILL_JDBC_URL:-jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres}"
HOSTPORT="$(sed -E 's#^jdbc:postgresql://([^/]+)/.*#\1#' <<<"$URL")"
DB="$(sed -E 's#^jdbc:postgresql://[^/]+/([^?]+).*#\1#' <<<"$URL")"
PGUSER_="$(sed -nE 's#.*[?&]user=([^&]+).*#\1#p' <<<"$URL")"
export PGHOST="${HOSTPORT%%:*}" PGPORT="${HOSTPORT##*:}" PGDATABASE="$DB" PGUSER="${PGUSER_:-postgres}"
export PGOPTIONS="-c synchronous_commit=off"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"; psql -q -c "DROP SCHEMA IF EXISTS ldbench_send CASCADE; DROP SCHEMA IF EXISTS ldbench_pg CASCADE" >/dev/null 2>&1 || true' EXIT

JAR="$ROOT/target/lockdrill.jar"
if [ ! -f "$JAR" ] || [ -n "$(find "$ROOT/src/main" "$ROOT/pom.xml" -newer "$JAR" -print -quit)" ]; then
  (cd "$ROOT" && mvn -q -B -o -DskipTests package >&2)
fi
mkdir -p "$WORK/classes"
javac -nowarn -cp "$JAR" -d "$WORK/classes" "$ROOT"/solutions/double-send/*.java

echo "double-send reference: $N notifications, $W workers..." >&2
psql -q -c "SET client_min_messages = warning; DROP SCHEMA IF EXISTS ldbench_send CASCADE; CREATE SCHEMA ldbench_send" >/dev/null
LOCKDRILL_CHILD_JDBC_URL="$URL" java -Xmx1g -XX:+UseSerialGC \
  -Dlockdrill.bench.notifications="$N" -Dlockdrill.bench.workers="$W" -cp "$JAR" \
  dev.lockdrill.harness.HarnessMain dev.lockdrill.kata.doublesend.workload.DrainBenchWorkload \
  katas.doublesend.NotificationSender "$WORK/classes" 1 ldbench_send ldbench >"$WORK/events.jsonl"
if grep -q '"type":"error"' "$WORK/events.jsonl"; then
  grep '"type":"error"' "$WORK/events.jsonl" >&2
  exit 1
fi
read -r DPS SECS DELIVERED FINISHED < <(python3 -c '
import json, sys
for line in open(sys.argv[1]):
    e = json.loads(line)
    if e.get("type") == "observed" and e.get("name") == "bench":
        r = e["rows"][0]
        print("%.0f %.2f %d %s" % (r["deliveriesPerSecond"], r["seconds"], r["deliveries"], r["allFinished"]))
' "$WORK/events.jsonl")

echo "pgbench: $N rows, $W clients..." >&2
psql -q >/dev/null <<SQL
SET client_min_messages = warning;
DROP SCHEMA IF EXISTS ldbench_pg CASCADE;
CREATE SCHEMA ldbench_pg;
CREATE TABLE ldbench_pg.q (id bigint PRIMARY KEY, state text NOT NULL DEFAULT 'pending',
  next_attempt_at timestamptz NOT NULL DEFAULT now() - interval '1 second', attempts int NOT NULL DEFAULT 0,
  lease_token bigint);
CREATE INDEX ON ldbench_pg.q (next_attempt_at, id) WHERE state IN ('pending', 'running');
CREATE SEQUENCE ldbench_pg.tok;
INSERT INTO ldbench_pg.q(id) SELECT g FROM generate_series(1, $N) g;
VACUUM ANALYZE ldbench_pg.q;
SQL
cat >"$WORK/claim.sql" <<'SQL'
WITH due AS (SELECT id FROM ldbench_pg.q WHERE state = 'pending' AND next_attempt_at <= now() ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED) UPDATE ldbench_pg.q n SET next_attempt_at = now() + interval '30 seconds', attempts = n.attempts + 1, lease_token = nextval('ldbench_pg.tok') FROM due WHERE n.id = due.id RETURNING n.id AS id, n.lease_token AS token \gset
UPDATE ldbench_pg.q SET state = 'sent' WHERE id = :id AND lease_token = :token AND state = 'pending';
SQL
pgbench -n -c "$W" -j 2 -t $((N / W)) -f "$WORK/claim.sql" >"$WORK/pgbench.txt" 2>&1 || { cat "$WORK/pgbench.txt" >&2; exit 1; }
TPS="$(sed -nE 's/^tps = ([0-9.]+) .*/\1/p' "$WORK/pgbench.txt" | tail -1)"
LEFT="$(psql -qtA -c "SELECT count(*) FROM ldbench_pg.q WHERE state <> 'sent'")"

RATIO="$(python3 -c "print('%.2f' % ($DPS / $TPS))")"
echo "double-send reference : $DELIVERED deliveries in ${SECS}s = $DPS deliveries/s (all finished: $FINISHED)"
echo "pgbench SKIP LOCKED   : $TPS claims+completes/s ($LEFT rows left unsent)"
echo "ratio                 : $RATIO (target >= 0.5)"
