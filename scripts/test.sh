#!/usr/bin/env bash
# `npm test` (also `npm run validate`, and what CI runs). The checks, the unit and
# integration tests and the build run side by side, each one's output printed once it
# ends; then the fault tests alone (they time the server, so nothing else may compete for
# the CPU); then the browser tests against the built app. The last line is
# "Tests: N passed, N failed, N skipped". With DATABASE_URL set, the tests use that
# PostgreSQL server; else they start an embedded one.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# A missing node_modules counts as older than the lock file.
if [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund || exit 1
fi

started=()
start() { # name, command...
  local name=$1
  shift
  "$@" >"$out/$name.log" 2>&1 &
  started+=("$!:$name")
}
start "Type check" npm run --silent typecheck
start "Lint" npm run --silent lint
start "Migrations check" npx drizzle-kit check
start "Unit and integration tests" npx vitest run \
  --reporter=default --reporter=json --outputFile.json="$out/vitest.json"
start "Chromium and the build" sh -c \
  'node scripts/ensure-chromium.mjs && node scripts/build.mjs --if-stale'

status=0
for job in "${started[@]}"; do
  pid=${job%%:*} name=${job#*:}
  if wait "$pid"; then result=ok; else result=FAILED status=1; fi
  printf '\n== %s: %s\n' "$name" "$result"
  cat "$out/$name.log"
done

printf '\n== Fault tests\n'
npx vitest run -c vitest.fault.config.ts \
  --reporter=default --reporter=json --outputFile.json="$out/fault.json" || status=1

printf '\n== Browser tests\n'
PLAYWRIGHT_JSON_OUTPUT_NAME="$out/playwright.json" \
  npx playwright test -c e2e/playwright.config.ts --reporter=list,json || status=1

node scripts/summarize-tests.mjs "$out/vitest.json" "$out/fault.json" "$out/playwright.json" ||
  status=1
exit $status
