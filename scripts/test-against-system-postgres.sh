#!/usr/bin/env bash
# CI's integration step: the integration tests once, against the machine's PostgreSQL 15 cluster (Debian's
# pg_ctlcluster; the version hosted Supabase runs) when one is installed and this is root; otherwise, saying so,
# against the embedded PostgreSQL as `npm run test:integration` does. Used by .ci/run (docs/decisions/0027-ci-time.md:
# the embedded PostgreSQL 17 is what the end-to-end tests' servers run on).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ ! -d /usr/lib/postgresql/15 ]; then
  echo "No PostgreSQL 15 cluster on this machine: the integration tests run against the embedded PostgreSQL."
  exec npm run test:integration
fi
if [ "$(id -u)" != 0 ]; then
  echo "Not root: cannot start the system PostgreSQL 15 cluster; the integration tests run against the embedded PostgreSQL."
  exec npm run test:integration
fi

started=0
if ! pg_lsclusters --no-header | awk '$1 == 15 && $2 == "main" && $4 == "online"' | grep -q .; then
  pg_ctlcluster 15 main start
  started=1
fi
stop_cluster() { if [ "$started" = 1 ]; then pg_ctlcluster 15 main stop || true; fi; }
trap stop_cluster EXIT

port=$(pg_lsclusters --no-header | awk '$1 == 15 && $2 == "main" {print $3}')
password=$(node -e "console.log(require('node:crypto').randomBytes(16).toString('hex'))")
su postgres -c "psql -v ON_ERROR_STOP=1 -q -p $port" <<SQL
do \$\$ begin
  if not exists (select 1 from pg_roles where rolname = 'bb_ci') then create role bb_ci login superuser; end if;
end \$\$;
alter role bb_ci password '$password';
SQL

echo "Integration tests against PostgreSQL $(su postgres -c "psql -tA -p $port -c 'show server_version'")"
TEST_DATABASE_URL="postgres://bb_ci:$password@127.0.0.1:$port/postgres" npm run test:integration
