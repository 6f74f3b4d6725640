#!/usr/bin/env bash
# Starts a throwaway Redis for the @weft/bullmq tests: 127.0.0.1:56379 only,
# data in /tmp/weft-redis-56379, persistence on (appendonly, fsync always) so
# a restarted server loses no job, daemonized with a pidfile.
# Idempotent: when the server already runs it only prints the URL.
# Progress goes to stderr; the last line on stdout is always
#   export WEFT_REDIS_URL=redis://127.0.0.1:56379
# so both `eval "$(bash scripts/start-redis.sh)"` and `… | tail -n 1` work.
#
#   bash scripts/start-redis.sh           start (or find) the server
#   bash scripts/start-redis.sh --stop    stop it (SHUTDOWN, which writes the AOF); its data stays
#
# WEFT_REDIS_DIR overrides the data directory (default /tmp/weft-redis-56379).
set -euo pipefail

PORT=56379
DIR="${WEFT_REDIS_DIR:-/tmp/weft-redis-$PORT}"
URL="redis://127.0.0.1:$PORT"
PIDFILE="$DIR/redis.pid"

log() { echo "start-redis: $*" >&2; }
answers() { redis-cli -h 127.0.0.1 -p $PORT ping 2>/dev/null | grep -q PONG; }

if [[ "${1:-}" == "--stop" ]]; then
  if command -v redis-cli >/dev/null && answers; then
    log "stopping the server on 127.0.0.1:$PORT"
    redis-cli -h 127.0.0.1 -p $PORT shutdown >/dev/null 2>&1 || true
    for _ in $(seq 1 100); do answers || break; sleep 0.05; done
  else
    log "no server answers on 127.0.0.1:$PORT"
  fi
  exit 0
fi

if ! command -v redis-server >/dev/null || ! command -v redis-cli >/dev/null; then
  if [[ "$(id -u)" != 0 ]]; then
    log "no redis-server on PATH; install it (apt-get install redis-server) or run this as root"
    exit 1
  fi
  log "installing redis-server (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq redis-server >&2
fi

if answers; then
  log "a server already answers on 127.0.0.1:$PORT; using it"
else
  mkdir -p "$DIR"
  log "starting on 127.0.0.1:$PORT (data in $DIR)"
  # --save '': no RDB snapshots; the append-only file, fsynced at every write, is the persistence.
  redis-server --port $PORT --bind 127.0.0.1 --protected-mode yes --dir "$DIR" \
    --appendonly yes --appendfsync always --save '' \
    --daemonize yes --pidfile "$PIDFILE" --logfile "$DIR/redis.log" >&2
  for _ in $(seq 1 100); do answers && break; sleep 0.05; done
  if ! answers; then
    log "the server did not answer within 5 s; see $DIR/redis.log"
    tail -n 20 "$DIR/redis.log" >&2 || true
    exit 1
  fi
fi

echo "export WEFT_REDIS_URL=$URL"
