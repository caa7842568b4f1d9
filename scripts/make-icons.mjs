// Draws the install icons (web/public/icon-192.png, icon-512.png, icon-maskable-512.png) from
// web/public/icon.svg with the Chromium the e2e tests use. Run once after changing the logo:
// `node scripts/make-icons.mjs`; the PNGs are committed, the build does not run this.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { launchBrowser } from '../tests/e2e/harness.mjs';
import { ROOT } from './lib.mjs';

const PUBLIC = join(ROOT, 'web', 'public');
const logo = readFileSync(join(PUBLIC, 'icon.svg'), 'utf8');
const BRAND = /fill="(#[0-9a-f]{6})"/i.exec(logo)?.[1] ?? '#1aad19';

/**
 * The maskable variant: a launcher may crop the icon to any shape inside the central 80 % circle,
 * so the square is filled edge to edge with the brand colour (no rounded corners of its own) and
 * the bubble, everything of the logo but its background, is shrunk into that circle.
 */
function maskable(svg) {
  const inner = svg
    .replace(/^[\s\S]*?<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/<rect[^>]*\/>/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(32 32) scale(0.72) translate(-32 -32)">${inner}</g></svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable(logo) },
];

const browser = await launchBrowser();
try {
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const data = Buffer.from(svg).toString('base64');
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}img{display:block;width:${size}px;height:${size}px}</style><img src="data:image/svg+xml;base64,${data}">`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    writeFileSync(join(PUBLIC, file), await page.screenshot({ omitBackground: true, type: 'png' }));
    await page.close();
    console.log(`web/public/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
