#!/usr/bin/env bash
# Every test: types, lint, unit + integration (real PostgreSQL), then the browser tests
# against the built app. Ends with one line "Tests: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund || exit 1
fi

reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT
status=0

step() { echo; echo "== $1"; shift; "$@" || status=1; }

step "Type check" npx tsc --noEmit -p tsconfig.json
step "Lint" npx eslint .
step "Unit and integration tests" npx vitest run --reporter=default --reporter=json \
  --outputFile.json="$reports/vitest.json"
step "Chromium" node scripts/ensure-chromium.mjs
step "Build" npx vite build --logLevel warn
step "Browser tests" env PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" \
  npx playwright test -c e2e/playwright.config.ts --reporter=list,json

node scripts/summarize-tests.mjs "$reports/vitest.json" "$reports/playwright.json" || status=1
exit $status
