// The browser tests drive Debian's Chromium (no browser downloads are possible here).
// Installs it with apt-get when it is missing and we are allowed to; otherwise says how.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium is needed for the browser tests and ${CHROMIUM} is missing.\n` +
        'Install it (Debian: `sudo apt-get install chromium`) or set CHROMIUM_PATH.',
    );
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests...');
  const run = (command) =>
    execSync(command, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run('apt-get update -qq');
  run('apt-get install -y -qq chromium fonts-dejavu-core');
}
