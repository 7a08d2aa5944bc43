#!/bin/sh
# Like the official image's entrypoint, in the part Testcontainers relies on: a first start runs
# initdb with POSTGRES_USER / POSTGRES_PASSWORD, creates POSTGRES_DB on a local-only server (its
# "ready to accept connections" is the first of the two lines waited for), then runs the command.
set -eu
: "${PGDATA:=/var/lib/postgresql/data}"
user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}
bin=/usr/lib/postgresql/15/bin
as_postgres() { runuser -u postgres -- "$@"; }

mkdir -p "$PGDATA" /var/run/postgresql
chown postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s\n' "${POSTGRES_PASSWORD:-}" >"$pwfile"
  chown postgres "$pwfile"
  if [ -n "${POSTGRES_PASSWORD:-}" ]; then auth=scram-sha-256; else auth=trust; fi
  as_postgres "$bin/initdb" -D "$PGDATA" -U "$user" --pwfile="$pwfile" -E UTF8 --auth-local=trust --auth-host="$auth" >/dev/null
  rm -f "$pwfile"
  printf 'host all all all %s\n' "$auth" >>"$PGDATA/pg_hba.conf"
  as_postgres "$bin/pg_ctl" -D "$PGDATA" -o "-c listen_addresses=''" -w start
  if [ "$db" != postgres ]; then
    as_postgres "$bin/psql" -q -v ON_ERROR_STOP=1 -U "$user" -d postgres -c "CREATE DATABASE \"$db\""
  fi
  as_postgres "$bin/pg_ctl" -D "$PGDATA" -m fast -w stop
fi
if [ "${1:-}" = postgres ]; then
  shift
  exec runuser -u postgres -- "$bin/postgres" -D "$PGDATA" -c listen_addresses='*' "$@"
fi
exec "$@"
