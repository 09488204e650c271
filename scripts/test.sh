#!/usr/bin/env bash
# `npm run validate` (also `npm test`, and what CI runs): types, lint, the migrations
# check, unit + integration tests (real PostgreSQL), the fault tests and the build side by
# side, then the browser tests against the built app. Ends with one line "Tests: N passed, N failed". With DATABASE_URL set, every
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

# Everything before the browser tests runs side by side: the checks are single-threaded,
# the server tests wait on PostgreSQL and the fault tests on processes they start, so on two
# cores they overlap well (measured: 161 s one after another, 102 s side by side). Each
# one's output is printed whole, in this order, once it ends.
echo "== Checks, unit and integration tests, fault tests, the build (side by side)"
jobs_started=()
start_job() { # name, log, command...
  local name=$1 log=$2
  shift 2
  ("$@"; code=$?; echo "$SECONDS" >"$work/$log.end"; exit $code) >"$work/$log.log" 2>&1 &
  jobs_started+=("$!:$name:$log")
}
# TypeScript 7 (decision 0036): 7 s of CPU on a fresh checkout; incremental, a second run on
# the same checkout checks only what changed (1.4 s);
# the state lives in node_modules/.cache, so a fresh install starts from nothing.
start_job "Type check" typecheck npm run --silent typecheck
start_job "Lint" lint npm run --silent lint
start_job "Migrations check" db-check npx drizzle-kit check
start_job "Unit and integration tests" vitest npx vitest run --reporter=default \
  --reporter=json --outputFile.json="$work/vitest.json"
start_job "Fault tests (real server processes)" fault npx vitest run -c vitest.fault.config.ts \
  --reporter=default --reporter=json --outputFile.json="$work/fault.json"
start_job "Chromium and the build" build sh -c \
  'node scripts/ensure-chromium.mjs && node scripts/build.mjs --if-stale'
for job in "${jobs_started[@]}"; do
  IFS=: read -r pid name log <<<"$job"
  if wait "$pid"; then outcome=ok; else outcome=FAILED; status=1; fi
  echo; echo "-- $name: $outcome (ended at $(cat "$work/$log.end" 2>/dev/null || echo '?') s)"
  cat "$work/$log.log"
done

step "Browser tests" env PLAYWRIGHT_JSON_OUTPUT_NAME="$work/playwright.json" \
  npx playwright test -c e2e/playwright.config.ts --reporter=list,json

node scripts/summarize-tests.mjs "$work/vitest.json" "$work/fault.json" \
  "$work/playwright.json" || status=1
exit $status
