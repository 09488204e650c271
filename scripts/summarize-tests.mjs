// Adds up the Vitest and Playwright JSON reports into the one closing line CI reads.
// A missing report (a runner that crashed) counts as a failure.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`No test report at ${file}: that runner did not finish.`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    if (report.numTotalTests === 0) failed += 1;
  } else if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    for (const title of flakyTitles(report.suites ?? []))
      console.log(`Flaky (passed on retry): ${title}`);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    if (report.stats.expected + report.stats.unexpected + report.stats.flaky === 0) failed += 1;
  }
}

/** Titles of Playwright tests that failed, then passed on their retry. */
function flakyTitles(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === 'flaky'))
      .map((spec) => `${spec.file} › ${spec.title}`),
    ...flakyTitles(suite.suites ?? []),
  ]);
}

console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
