// Adds up the Vitest and Playwright JSON reports into the one closing line CI reads, after
// the name and first message line of each failed test (CI shows only the output's tail).
// A missing report (a runner that crashed) counts as a failure.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

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
    for (const line of vitestFailures(report)) console.log(line);
  } else if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    for (const title of flakyTitles(report.suites ?? []))
      console.log(`Flaky (passed on retry): ${title}`);
    failed += report.stats.unexpected;
    for (const title of playwrightFailures(report.suites ?? [])) console.log(`Failed: ${title}`);
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

/** "Failed: file › title: first line of the message" for each failed Vitest test. */
function vitestFailures(report) {
  return report.testResults.flatMap((file) => {
    const name = path.relative(process.cwd(), file.name);
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    if (tests.length === 0 && file.status === 'failed')
      return [`Failed: ${name}: ${firstLine(file.message)}`];
    return tests.map(
      (test) => `Failed: ${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
    );
  });
}

/** Titles of Playwright tests that failed on every try. */
function playwrightFailures(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === 'unexpected'))
      .map((spec) => `${spec.file} › ${spec.title}`),
    ...playwrightFailures(suite.suites ?? []),
  ]);
}

function firstLine(text = '') {
  return text.replaceAll(ANSI_COLOUR, '').split('\n')[0].slice(0, 240);
}

console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
