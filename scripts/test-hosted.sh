#!/usr/bin/env bash
# CI step after `npm test` (`npm run test:hosted` with a fresh build when there is none):
#  - supabase/migrations pushed as `postgres` to a PostgreSQL 15 shaped like hosted Supabase, then the app's requests
#    as anon / authenticated / service_role through `authenticator` (tests/hosted, scripts/hosted-shape), and
#    `npm run worker` against it as `postgres`: it installs its queue, e-mails an invitation and puts a published and a
#    scheduled item on a blog's public functions (tests/hosted/worker.test.ts); Email Platform campaigns (issue 28,
#    point 6; tests/hosted/email-worker.test.ts): without a worker the e-mail page's status says they cannot be sent
#    and sending is refused (`sending_unavailable`); with one, a campaign reaches each confirmed, unsuppressed member
#    once with List-Unsubscribe, List-Unsubscribe-Post and a Message-ID, and the one-click POST answered by the
#    worker's own HTTP server (WORKER_HTTP_PORT) suppresses the address;
#  - the static-host build output (dist/static) served by nginx with the generated configuration.
# Needs postgresql-15 and nginx (scripts/install-ci-packages.sh); PostgreSQL runs from a throwaway folder.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-ci-packages.sh
if [ ! -f dist/static/index.html ]; then
  npm run build
fi
npm run test:hosted
