// The browser tests drive Debian's chromium-headless-shell, and chromium for the few that
// need the whole browser (e2e/support/browsers.ts; no browser downloads are possible here).
// Installs them with apt-get when one is missing and we are allowed to; otherwise says how.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const BROWSERS = [
  process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  process.env.FULL_CHROMIUM_PATH ?? '/usr/bin/chromium',
];
const missing = BROWSERS.filter((path) => !existsSync(path));

if (missing.length > 0) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    console.error(
      `The browser tests need ${missing.join(' and ')}.\n` +
        'Install them (Debian: `sudo apt-get install chromium-headless-shell chromium`) or set ' +
        'CHROMIUM_PATH (the headless shell) and FULL_CHROMIUM_PATH.',
    );
    process.exit(1);
  }
  console.log('Installing Debian chromium-headless-shell and chromium for the browser tests...');
  const run = (command) =>
    execSync(command, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run('apt-get update -qq');
  run('apt-get install -y -qq chromium-headless-shell chromium fonts-dejavu-core');
}
