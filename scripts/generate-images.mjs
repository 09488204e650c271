// Draws the app's PNG images (home-screen icons and the join link's unfurl picture) from
// SVG with the Chromium the browser tests use, so no native image library is needed.
// Run after changing a drawing: `node scripts/generate-images.mjs`; the PNGs are committed.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';

const NAVY = '#0b1f3a';
const GOLD = '#facc15';
const out = (file) => path.resolve(import.meta.dirname, '../client/public', file);

/** The header's mark: a gold tile with a navy check. */
const mark = (x, y, size) => `
  <g transform="translate(${x} ${y}) scale(${size / 32})">
    <rect width="32" height="32" rx="8" fill="${GOLD}"/>
    <path d="M9 16.5l4.5 4.5L23 11.5" fill="none" stroke="${NAVY}" stroke-width="3.5"
      stroke-linecap="round" stroke-linejoin="round"/>
  </g>`;

/** "any" purpose: the mark alone on a transparent ground. */
const icon = (size) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${mark(0, 0, size)}</svg>`;

/** Maskable: full-bleed navy, the mark inside the 80% safe circle every mask keeps. */
const maskable = (size) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <rect width="${size}" height="${size}" fill="${NAVY}"/>${mark(size * 0.25, size * 0.25, size * 0.5)}</svg>`;

const ogImage = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <rect width="1200" height="630" fill="${NAVY}"/>
  <circle cx="1080" cy="80" r="260" fill="${GOLD}" opacity="0.08"/>
  ${mark(96, 150, 150)}
  <text x="280" y="260" font-family="Noto Sans, DejaVu Sans, Arial, sans-serif" font-size="112"
    font-weight="800" fill="#ffffff">Pick'em</text>
  <text x="96" y="420" font-family="Noto Sans, DejaVu Sans, Arial, sans-serif" font-size="52"
    font-weight="700" fill="${GOLD}">You're invited to join a group.</text>
  <text x="96" y="500" font-family="Noto Sans, DejaVu Sans, Arial, sans-serif" font-size="40"
    fill="#c7d2e3">Make your picks. We'll keep score.</text>
</svg>`;

const images = [
  ['icons/icon-192.png', icon(192), 192, 192],
  ['icons/icon-512.png', icon(512), 512, 512],
  ['icons/maskable-192.png', maskable(192), 192, 192],
  ['icons/maskable-512.png', maskable(512), 512, 512],
  ['icons/apple-touch-icon.png', maskable(180), 180, 180],
  ['og-image.png', ogImage, 1200, 630],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const [file, svg, width, height] of images) {
    await page.setViewportSize({ width, height });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg}</body></html>`,
    );
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width, height },
    });
    await writeFile(out(file), png);
    console.log(`wrote client/public/${file} (${png.length} bytes)`);
  }
} finally {
  await browser.close();
}
