#!/usr/bin/env bash
# supabase-js's auth-js test suite, unmodified, against our server (issue 32; docs/decisions/0024-auth-js-suite.md).
# Usage: scripts/authjs-suite/run.sh [supabase-js git dir]   (a bare clone of github.com/supabase/supabase-js)
# Builds a throwaway runner in $RUN (default /tmp/authjs-run) outside the repo; nothing from supabase-js is committed.
# The suite's URLs are fixed: our server listens on 127.0.0.1:54321 (Supabase CLI's port, test/supabase/config.toml)
# and, for the docker-only RS256 tests, a Kong-like gateway on localhost:9996. Both are stopped at the end.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd); WT=$(cd "$HERE/../.." && pwd)
GIT=${1:-/work/.mirror/supabase+supabase-js/repo}; RUN=${RUN:-/tmp/authjs-run}; PKG=$RUN/packages/core/auth-js
mkdir -p "$RUN"; cp "$HERE/gateway.mjs" "$HERE/summarize.mjs" "$RUN/"
git --git-dir="$GIT" archive HEAD packages/core/auth-js tsconfig.base.json | tar -x -C "$RUN"
# the package's test dependencies only (the monorepo's package.json pulls the whole workspace)
cat > "$PKG/package.json" <<'JSON'
{ "name": "authjs-check", "private": true,
  "devDependencies": { "jest": "30.4.2", "ts-jest": "^29.4.9", "@types/jest": "30.0.0", "typescript": "~5.8.3",
   "@types/node": "20.19.9", "jsonwebtoken": "^9.0.0", "@types/jsonwebtoken": "^8.5.8", "@faker-js/faker": "^9.9.0",
   "prettier": "^3.6.2", "tslib": "2.8.1", "jest-environment-jsdom": "30.4.1" } }
JSON
(cd "$PKG" && npm install --no-audit --no-fund >/dev/null && node test/generate-signing-keys.js >/dev/null)
JEST="npx jest -c jest.config.cli.js --coverage=false"
SUITES="test/GoTrueClient.test.ts test/GoTrueApi.test.ts"
pids=(); cleanup() { # the servers (each stops its embedded PostgreSQL) and the gateway, each by its process id
  for p in "${pids[@]}"; do kill -- "-$p" 2>/dev/null || kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do while kill -0 "$p" 2>/dev/null; do sleep 1; done; done; }
trap cleanup EXIT
start() { # name, then env assignments; waits for the server to answer
  local name=$1; shift; rm -rf "$RUN/data-$name"
  (cd "$WT"; exec env "$@" DATA_DIR="$RUN/data-$name" HOST=127.0.0.1 LOG_LEVEL=warn AUTH_AUTOCONFIRM=true \
    AUTH_EMAIL_MAX_FREQUENCY=1 RATE_LIMIT_EMAIL_SENT=100000 RATE_LIMIT_EMAIL_PER_CLIENT=100000 RATE_LIMIT_OTP=100000 \
    RATE_LIMIT_VERIFY=100000 RATE_LIMIT_TOKEN_REFRESH=100000 RATE_LIMIT_SIGN_IN_PER_ACCOUNT=100000 \
    setsid node --import tsx server/src/main.ts >"$RUN/server-$name.log" 2>&1) &
  pids+=("$!")
  for _ in $(seq 240); do grep -q '^Ready on' "$RUN/server-$name.log" 2>/dev/null && return; sleep 1; done
  echo "server $name did not start: $RUN/server-$name.log" >&2; exit 1
}
# 1. with no server: the tests that pass anyway are not "server tests"
(cd "$PKG" && $JEST $SUITES --json --outputFile="$RUN/offline.json" >"$RUN/offline.log" 2>&1) || true
# 2. Supabase CLI's settings (test/supabase/config.toml): port 54321, its JWT secret and generated signing keys,
#    enable_anonymous_sign_ins = true and [auth.rate_limit] anonymous_users = 100
start cli PORT=54321 SITE_URL=http://127.0.0.1:3000 ADDITIONAL_REDIRECT_URLS=https://127.0.0.1:3000,http://localhost:5173 \
  AUTH_EXTERNAL_ANONYMOUS_USERS_ENABLED=true RATE_LIMIT_ANONYMOUS_USERS=100 \
  JWT_SECRET=super-secret-jwt-token-with-at-least-32-characters-long JWT_KEYS="$(cat "$PKG/test/supabase/signing_keys.json")"
(cd "$PKG" && $JEST $SUITES --json --outputFile="$RUN/run.json" >"$RUN/run.log" 2>&1) || true
(cd "$PKG" && $JEST test/GoTrueClient.pkce.test.ts >"$RUN/pkce.log" 2>&1) || true
# 3. docker-compose's autoconfirm_with_asymmetric_keys service: its secret and RS256 key; the HS256 key in its
#    GOTRUE_JWT_KEYS is the same value as GOTRUE_JWT_SECRET, which our server takes only as JWT_SECRET
C=$PKG/infra/docker-compose.yml
SECRET=$(grep -A12 'autoconfirm_with_asymmetric_keys:' "$C" | sed -n "s/.*GOTRUE_JWT_SECRET: '\(.*\)'/\1/p")
KEYS=$(grep -A12 'autoconfirm_with_asymmetric_keys:' "$C" | sed -n "s/.*GOTRUE_JWT_KEYS: '\(.*\)'/\1/p" |
  node -e "let s='';process.stdin.on('data',(d)=>s+=d).on('end',()=>console.log(JSON.stringify(JSON.parse(s).filter((k)=>k.kty!=='oct'))))")
ASYM_PORT=$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")
start asym PORT="$ASYM_PORT" SITE_URL=http://localhost:3000 JWT_SECRET="$SECRET" JWT_KEYS="$KEYS"
(exec setsid node "$RUN/gateway.mjs" 9996 "$ASYM_PORT" "$RUN/data-asym" >"$RUN/gateway.log" 2>&1) &
pids+=("$!"); sleep 1
(cd "$PKG" && npx jest -c jest.config.docker.js --coverage=false test/docker-tests/asymmetric-jwt.test.ts >"$RUN/asym.log" 2>&1) || true
node "$RUN/summarize.mjs" "$RUN/run.json" "$RUN/offline.json"
echo "GoTrueClient.pkce.test.ts (no server):   $(grep -o 'Tests:.*' "$RUN/pkce.log")"
echo "docker-tests/asymmetric-jwt.test.ts:     $(grep -o 'Tests:.*' "$RUN/asym.log")"
echo "failures: node $RUN/summarize.mjs $RUN/run.json $RUN/offline.json list | grep -A1 FAIL"
