#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the @weft/store-postgres tests:
# 127.0.0.1:55432 only, database `weft`, password-less (trust) access.
# Idempotent: when the cluster already runs it only prints the URL.
# Progress goes to stderr; the last line on stdout is always
#   export WEFT_PG_URL=postgres://postgres@127.0.0.1:55432/weft
# so both `eval "$(bash scripts/start-postgres.sh)"` and `… | tail -n 1` work.
#
# WEFT_PG_DIR overrides the cluster's directory (default /tmp/weft-pg-55432).
set -euo pipefail

PORT=55432
DIR="${WEFT_PG_DIR:-/tmp/weft-pg-$PORT}"
URL="postgres://postgres@127.0.0.1:$PORT/weft"

log() { echo "start-postgres: $*" >&2; }

# The newest installed server, e.g. /usr/lib/postgresql/15/bin.
find_bin() { find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -type d -name bin 2>/dev/null | sort -V | tail -n 1; }

BIN="$(find_bin)"
if [[ -z "$BIN" || ! -x "$BIN/initdb" ]]; then
  if [[ "$(id -u)" != 0 ]]; then
    log "no PostgreSQL server under /usr/lib/postgresql; install it (apt-get install postgresql) or run this as root"
    exit 1
  fi
  log "installing PostgreSQL (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
  BIN="$(find_bin)"
fi
log "using $BIN"

# initdb and postgres refuse to run as root: as root, run them as `postgres`.
if [[ "$(id -u)" == 0 ]]; then
  as_owner() { su postgres -s /bin/bash -c "$*"; }
  OWNER=postgres
else
  as_owner() { bash -c "$*"; }
  OWNER="$(id -un)"
fi

if as_owner "'$BIN/pg_ctl' status -D '$DIR'" >/dev/null 2>&1; then
  log "already running in $DIR"
elif "$BIN/pg_isready" -q -h 127.0.0.1 -p $PORT; then
  log "a server already answers on 127.0.0.1:$PORT; using it"
else
  if [[ ! -f "$DIR/PG_VERSION" ]]; then
    log "creating a cluster in $DIR"
    rm -rf "$DIR"
    mkdir -p "$DIR"
    chown "$OWNER" "$DIR"
    chmod 700 "$DIR"
    as_owner "'$BIN/initdb' -D '$DIR' -U postgres --auth=trust --encoding=UTF8 --no-instructions" >&2
    # Trust only the local socket and 127.0.0.1; the server listens nowhere else.
    printf '%s\n' 'local all all trust' 'host all all 127.0.0.1/32 trust' >"$DIR/pg_hba.conf"
    chown "$OWNER" "$DIR/pg_hba.conf"
  fi
  log "starting on 127.0.0.1:$PORT"
  # fsync=off: a throwaway test cluster; the tests check behaviour, not crash durability of Postgres itself.
  as_owner "'$BIN/pg_ctl' -D '$DIR' -l '$DIR/log' -w -t 60 start -o '-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off'" >&2
fi

if ! as_owner "'$BIN/psql' -h 127.0.0.1 -p $PORT -U postgres -d postgres -tAc \"select 1 from pg_database where datname = 'weft'\"" | grep -q 1; then
  log "creating database weft"
  as_owner "'$BIN/createdb' -h 127.0.0.1 -p $PORT -U postgres weft"
fi

echo "export WEFT_PG_URL=$URL"
