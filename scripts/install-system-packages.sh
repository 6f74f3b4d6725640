#!/usr/bin/env bash
# Installs the Debian packages the tests need, in one apt transaction, when
# they are missing: PostgreSQL (@weft/store-postgres), Redis (@weft/bullmq),
# Graphviz (`dot`, which renders @weft/viz's DOT output) and Chromium (the
# viewer's browser test).
# Needs root when something is missing; does nothing when all are there.
set -euo pipefail

missing=()
[[ -n "$(find /usr/lib/postgresql -mindepth 3 -maxdepth 3 -name initdb 2>/dev/null)" ]] || missing+=(postgresql)
command -v redis-server >/dev/null || missing+=(redis-server)
command -v dot >/dev/null || missing+=(graphviz)
[[ -x /usr/bin/chromium ]] || missing+=(chromium fonts-dejavu-core)

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "install-system-packages: all present" >&2
  exit 0
fi
if [[ "$(id -u)" != 0 ]]; then
  echo "install-system-packages: missing ${missing[*]}; install them (apt-get install ${missing[*]}) or run this as root" >&2
  exit 1
fi
echo "install-system-packages: installing ${missing[*]} (apt-get)" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2
apt-get install -y -qq "${missing[@]}" >&2
