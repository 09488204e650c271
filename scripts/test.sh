#!/usr/bin/env bash
# `npm run validate` (also `npm test`, and what CI runs): types, lint, the migrations
# check, unit + integration tests (real PostgreSQL), then the browser tests against the
# built app. Ends with one line "Tests: N passed, N failed". With DATABASE_URL set, every
# test runs on that PostgreSQL server; else the tests start an embedded one.
set -uo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund || exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0

step() { echo; echo "== $1"; shift; "$@" || status=1; }

# The static checks are single-threaded: run them side by side, print them in order.
echo "== Type check, lint and migrations check (side by side)"
npx tsc --noEmit -p tsconfig.json >"$work/typecheck.log" 2>&1 & typecheck=$!
npx eslint . >"$work/lint.log" 2>&1 & lint=$!
npx drizzle-kit check >"$work/db-check.log" 2>&1 & dbcheck=$!
for check in "Type check:$typecheck:typecheck" "Lint:$lint:lint" "Migrations check:$dbcheck:db-check"; do
  IFS=: read -r name pid log <<<"$check"
  if wait "$pid"; then echo "-- $name: ok"; else echo "-- $name: FAILED"; status=1; fi
  cat "$work/$log.log"
done

step "Unit and integration tests" npx vitest run --reporter=default --reporter=json \
  --outputFile.json="$work/vitest.json"
step "Fault tests (real server processes)" npx vitest run -c vitest.fault.config.ts \
  --reporter=default --reporter=json --outputFile.json="$work/fault.json"
step "Chromium" node scripts/ensure-chromium.mjs
step "Build" node scripts/build.mjs --if-stale
step "Browser tests" env PLAYWRIGHT_JSON_OUTPUT_NAME="$work/playwright.json" \
  npx playwright test -c e2e/playwright.config.ts --reporter=list,json

node scripts/summarize-tests.mjs "$work/vitest.json" "$work/fault.json" \
  "$work/playwright.json" || status=1
exit $status
