// `npm run screenshots [-- <folder>]`: pictures of the landing pages at a desktop's size (1280×800)
// and a phone's (390×844), taken with Debian's Chromium (/usr/bin/chromium) through playwright-core,
// from this checkout served on recorded upstream answers (no network). Writes into `screenshots/`
// (git-ignored) unless a folder is given: the index, a server page, and the server page with a
// made-up key pasted into its install panel, each as a full-page PNG.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../runtime/config.js';
import { startServer } from '../runtime/server.js';
import { chromiumAvailable, launchChromium } from './helpers/chromium.js';
import { freePort } from './helpers/free-port.js';

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const SLUG = 'brreg';
const EXAMPLE_KEY = 'dev-0123456789abcdef';

if (!chromiumAvailable) {
  process.stderr.write('screenshots need /usr/bin/chromium (apt-get install chromium) and the playwright-core package (npm ci)\n');
  process.exit(1);
}
const out = resolve(process.argv[2] ?? 'screenshots');
mkdirSync(out, { recursive: true });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const running = await startServer(loadConfig({ HOST: '127.0.0.1', PORT: String(port), PUBLIC_BASE_URL: base, UPSTREAM_MODE: 'replay', DATABASE_PATH: ':memory:' }), { logger: pino({ level: 'silent' }) });
const browser = await launchChromium();
try {
  for (const [size, viewport] of Object.entries(SIZES)) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: size === 'phone' ? 2 : 1 });
    const page = await context.newPage();
    const shots: Array<[string, string, string | undefined]> = [
      ['index', '/mcp', undefined],
      [SLUG, `/mcp/${SLUG}`, undefined],
      [`${SLUG}-with-key`, `/mcp/${SLUG}`, EXAMPLE_KEY],
    ];
    for (const [name, path, key] of shots) {
      await page.goto(`${base}${path}`);
      await page.waitForLoadState('load');
      if (key) {
        await page.locator('#api-key').fill(key);
        await page.locator('#install').scrollIntoViewIfNeeded();
      }
      const file = `${out}/${name}-${size}.png`;
      await page.screenshot({ path: file, fullPage: true });
      process.stdout.write(`${file}\n`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await running.close();
}
