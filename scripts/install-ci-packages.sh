#!/usr/bin/env bash
# The Debian packages CI needs beyond Node: PostgreSQL 15 (the version hosted Supabase runs; CI's integration step and
# the Supabase-shaped check) and nginx (serves the static-host build in the hosted check). Installs only what is
# missing, as root; otherwise says what to install. The packages' services are not started.
set -euo pipefail

missing=()
[ -x "${PG15_BIN:-/usr/lib/postgresql/15/bin}/initdb" ] || missing+=(postgresql-15)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
[ "${#missing[@]}" -eq 0 ] && exit 0

if [ "$(id -u)" != 0 ]; then
  echo "Missing Debian packages: ${missing[*]}. Install them (apt-get install ${missing[*]}) and run again." >&2
  exit 1
fi
echo "Installing ${missing[*]}…"
export DEBIAN_FRONTEND=noninteractive
created_policy=0
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
  created_policy=1
fi
cleanup() { if [ "$created_policy" = 1 ]; then rm -f /usr/sbin/policy-rc.d; fi; }
trap cleanup EXIT
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
