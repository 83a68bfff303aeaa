// The landing pages in a real browser (issue 11 #21): at a phone's width (390 px) no page is wider
// than the screen and every copy button is on screen; on a plain-http origin that is not
// localhost (no Clipboard API there) the copy button copies through the fallback, and never says
// "Copied" when nothing was copied; every server icon loads and draws. Needs Debian's chromium (/usr/bin/chromium) and the
// playwright-core package; skipped when either is missing, except in CI (.ci/run installs Chromium). SCREENSHOT_DIR=<dir> keeps screenshots.
import { join } from 'node:path';
import { pino } from 'pino';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../runtime/config.js';
import { startServer, type Running } from '../runtime/server.js';
import { launchChromium, skipBrowserTests } from './helpers/chromium.js';

const PHONE = { width: 390, height: 844 };
/** A host name that is not localhost, mapped to the loopback address by Chromium itself. */
const OTHER_HOST = 'landing.test';


describe.skipIf(skipBrowserTests)('landing pages in Chromium', { timeout: 120_000 }, () => {
  let running: Running;
  let browser: Browser;
  let context: BrowserContext;
  let port: string;

  beforeAll(async () => {
    const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', UPSTREAM_MODE: 'replay', ALLOWED_HOSTS: OTHER_HOST, API_KEYS: 'landing-browser-key-0001:dev', DATABASE_PATH: ':memory:' });
    running = await startServer(config, { logger: pino({ level: 'silent' }) });
    port = new URL(running.url).port;
    browser = await launchChromium([`--host-resolver-rules=MAP ${OTHER_HOST} 127.0.0.1`]);
    context = await browser.newContext({ viewport: PHONE });
    // The loopback origin is a secure context: the test reads the clipboard from there.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: running.url });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  async function open(url: string): Promise<Page> {
    const page = await context.newPage();
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(200);
    return page;
  }

  /** Puts `text` on the clipboard, or reads it, through a page of the secure loopback origin. */
  async function clipboard(text?: string): Promise<string> {
    const page = await open(`${running.url}/mcp`);
    const value = await page.evaluate(async (t) => {
      if (t !== undefined) await navigator.clipboard.writeText(t);
      return navigator.clipboard.readText();
    }, text);
    await page.close();
    return value;
  }

  /** Clicks a copy button and returns every label it showed afterwards and what it meant to copy. */
  async function clickCopy(page: Page, index: number): Promise<{ labels: string[]; text: string }> {
    const button = page.locator('button.copy').nth(index);
    await button.evaluate((b) => {
      const seen: string[] = [];
      (window as unknown as { labels: string[] }).labels = seen;
      new MutationObserver(() => seen.push(b.textContent ?? '')).observe(b, { childList: true, characterData: true, subtree: true });
    });
    await button.click();
    await page.waitForFunction(() => (window as unknown as { labels: string[] }).labels.length > 0);
    const labels = await page.evaluate(() => (window as unknown as { labels: string[] }).labels);
    return { labels, text: (await button.getAttribute('data-copy')) ?? '' };
  }

  it.each(['/mcp', '/mcp/brreg', '/mcp/doffin', '/data/brreg'])('fits %s into 390 px with every copy button on screen', async (path) => {
    const page = await open(`${running.url}${path}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll('button.copy')].map((b) => {
        const r = b.getBoundingClientRect();
        return { text: b.getAttribute('data-copy'), left: r.left, right: r.right, width: r.width };
      }),
    );
    if (path.startsWith('/mcp')) expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) {
      expect(box.width, box.text ?? '').toBeGreaterThan(0);
      expect(box.left, box.text ?? '').toBeGreaterThanOrEqual(0);
      expect(box.right, box.text ?? '').toBeLessThanOrEqual(PHONE.width);
    }
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, `${path.slice(1).replace(/\//g, '-')}.png`), fullPage: true });
    await page.close();
  });

  it.each(['/mcp', '/mcp/brreg'])('shows every server icon on %s (the SVG loads and draws)', async (path) => {
    const page = await open(`http://${OTHER_HOST}:${port}${path}`);
    await page.waitForLoadState('load');
    const images = await page.evaluate(() => [...document.querySelectorAll('img.icon')].map((i) => ({ src: i.getAttribute('src'), alt: i.getAttribute('alt'), width: (i as HTMLImageElement).naturalWidth, complete: (i as HTMLImageElement).complete })));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image, image.src ?? '').toMatchObject({ complete: true, width: 32, alt: expect.stringMatching(/^Icon of \S/) });
    await page.close();
  });

  it('copies on a plain-http origin that is not localhost, and says Copied only when it did', async () => {
    await clipboard('nothing copied yet');
    const page = await open(`http://${OTHER_HOST}:${port}/mcp`);
    expect(await page.evaluate(() => [window.isSecureContext, typeof navigator.clipboard])).toEqual([false, 'undefined']);
    const { labels, text } = await clickCopy(page, 0);
    // Chromium allows the fallback (execCommand('copy') in a click): the text is on the clipboard.
    expect(labels[0]).toBe('Copied');
    expect(await clipboard()).toBe(text);
    await page.close();
  });

  it('selects the text and asks for the copy keys when no way to copy works', async () => {
    await clipboard('nothing copied yet');
    const page = await context.newPage();
    await page.addInitScript(() => {
      document.execCommand = () => false;
    });
    await page.goto(`http://${OTHER_HOST}:${port}/mcp/brreg`);
    for (const index of [0, 1]) {
      const { labels, text } = await clickCopy(page, index);
      expect(labels).not.toContain('Copied');
      expect(labels[0]).toBe('Press Ctrl+C / ⌘C to copy');
      expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(text);
    }
    expect(await clipboard()).toBe('nothing copied yet');
    await page.close();
  });
});
