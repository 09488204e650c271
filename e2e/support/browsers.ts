/**
 * The browsers the tests drive, Debian's packages (scripts/ensure-chromium.mjs installs
 * them). Tests run in the headless shell: Chromium's headless build without the browser's
 * windows, so a new context costs little. It denies notifications whatever is granted, so
 * a test tagged NEEDS_NOTIFICATIONS runs in Chromium itself (e2e/playwright.config.ts).
 */
export const HEADLESS_SHELL = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
export const CHROMIUM = process.env.FULL_CHROMIUM_PATH ?? '/usr/bin/chromium';
export const NEEDS_NOTIFICATIONS = '@notifications';
