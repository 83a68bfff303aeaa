// The install panel in a real browser (issue 19 §2), at a desktop's size (1280×800) and a phone's
// (390×844): /mcp and /mcp/brreg fit the screen and load with no policy violation or script error;
// a copy button copies a server URL; a pasted key reaches every link, command and snippet, and the
// links decode to the server's URL and the key's header (which this service then accepts); and no
// request leaves the page with the key in it, nothing is stored, and a reload forgets it.
// Needs Debian's chromium (/usr/bin/chromium) and the playwright-core package; skipped when either
// is missing, except in CI (.ci/run installs Chromium). `npm run screenshots` takes the pictures.
import { pino } from 'pino';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInstall, installTarget, type InstallOptions } from '../landing/install.js';
import { loadConfig } from '../runtime/config.js';
import { startServer, type Running } from '../runtime/server.js';
import { launchChromium, skipBrowserTests } from './helpers/chromium.js';
import { freePort } from './helpers/free-port.js';

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
/** A key this instance knows, with a character that needs quoting in a shell. */
const KEY = "install-browser-key-0001'x";
const SLUG = 'brreg';

describe.skipIf(skipBrowserTests)('the install panel in Chromium', { timeout: 180_000 }, () => {
  let running: Running;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const config = loadConfig({ HOST: '127.0.0.1', PORT: String(port), PUBLIC_BASE_URL: base, UPSTREAM_MODE: 'replay', API_KEYS: `${KEY}:dev`, DATABASE_PATH: ':memory:' });
    running = await startServer(config, { logger: pino({ level: 'silent' }) });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  interface Watched {
    page: Page;
    context: BrowserContext;
    /** Every request the page made: method, URL, headers and body. */
    requests: string[];
    /** Console messages about the Content-Security-Policy, and uncaught errors. */
    problems: string[];
  }

  async function open(size: keyof typeof SIZES, path: string): Promise<Watched> {
    const context = await browser.newContext({ viewport: SIZES[size] });
    // The loopback origin is a secure context: the Clipboard API works there and the test reads it.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = await context.newPage();
    const requests: string[] = [];
    const problems: string[] = [];
    page.on('request', (r) => requests.push(`${r.method()} ${r.url()} ${JSON.stringify(r.headers())} ${r.postData() ?? ''}`));
    page.on('console', (m) => {
      if (/Content.Security.Policy|Refused to/i.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(String(e)));
    const res = await page.goto(`${base}${path}`);
    expect(res?.status(), path).toBe(200);
    await page.waitForLoadState('load');
    return { page, context, requests, problems };
  }

  /** Whether the page fits the screen's width and every copy button and install link is on screen. */
  async function fits(page: Page, width: number): Promise<void> {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll('button.copy, #install a, #api-key')].map((el) => {
        const r = el.getBoundingClientRect();
        return { what: el.outerHTML.slice(0, 60), left: r.left, right: r.right, width: r.width };
      }),
    );
    for (const box of boxes) {
      expect(box.width, box.what).toBeGreaterThan(0);
      expect(box.left, box.what).toBeGreaterThanOrEqual(0);
      expect(box.right, box.what).toBeLessThanOrEqual(width);
    }
  }

  /** What the panel shows now: each option's href or text, and that every copy button copies the text shown. */
  async function shown(page: Page): Promise<Record<string, string>> {
    return page.evaluate(() => {
      const out: Record<string, string> = {};
      for (const el of document.querySelectorAll('#install [data-install]')) {
        const name = el.getAttribute('data-install')!;
        if (el.tagName === 'A') out[name] = el.getAttribute('href')!;
        else {
          out[name] = el.textContent!;
          const copy = el.parentElement!.querySelector('button.copy')!.getAttribute('data-copy');
          if (copy !== el.textContent) out[`${name} (copy button)`] = copy ?? '';
        }
      }
      return out;
    });
  }

  async function clipboardAfterClick(page: Page, selector: string): Promise<string> {
    const button = page.locator(selector);
    await button.click();
    await page.waitForFunction((el) => el?.textContent === 'Copied', await button.elementHandle());
    return page.evaluate(() => navigator.clipboard.readText());
  }

  it.each(Object.entries(SIZES))('opens /mcp at %s size, fitting the screen, and copies a server URL', async (_size, viewport) => {
    const { page, context, problems } = await open(_size as keyof typeof SIZES, '/mcp');
    await fits(page, viewport.width);
    const url = `${base}/mcp/${SLUG}`;
    expect(await clipboardAfterClick(page, `tr[data-search]:has(a[href="${url}"]) button.copy`)).toBe(url);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each(Object.entries(SIZES))('fills a pasted key into every option of /mcp/brreg at %s size, and sends it nowhere', async (_size, viewport) => {
    const { page, context, requests, problems } = await open(_size as keyof typeof SIZES, `/mcp/${SLUG}`);
    await fits(page, viewport.width);
    const target = installTarget(SLUG, `${base}/mcp/${SLUG}`);
    const empty = buildInstall(target);
    const filled = buildInstall(target, KEY);
    const names = Object.keys(empty) as (keyof InstallOptions)[];

    // Before a key: the options as rendered, with placeholders.
    expect(await shown(page)).toEqual(empty);
    const before = requests.length;

    await page.locator('#api-key').fill(KEY);
    const now = await shown(page);
    expect(now).toEqual(filled);
    for (const name of names) expect(now[name], name).not.toBe(empty[name]);
    await expect.poll(() => page.locator('#api-key-note').textContent()).toContain('in this page only');
    await fits(page, viewport.width);

    // Each link's target, decoded: the server's URL and the key's header.
    const header = `Bearer ${KEY}`;
    const cursor = new URL(now.cursor);
    expect(`${cursor.protocol}//${cursor.host}${cursor.pathname}`).toBe('cursor://anysphere.cursor-deeplink/mcp/install');
    expect(cursor.searchParams.get('name')).toBe(SLUG);
    expect(JSON.parse(Buffer.from(cursor.searchParams.get('config')!, 'base64').toString('utf8'))).toEqual({ url: target.url, headers: { Authorization: header } });
    for (const [name, scheme] of [['vscode', 'vscode'], ['vscodeInsiders', 'vscode-insiders']] as const) {
      const prefix = `${scheme}:mcp/install?`;
      expect(now[name].startsWith(prefix)).toBe(true);
      expect(JSON.parse(decodeURIComponent(now[name].slice(prefix.length)))).toEqual({ name: SLUG, type: 'http', url: target.url, headers: { Authorization: header } });
    }
    expect(JSON.parse(now.json).mcpServers[SLUG]).toEqual({ type: 'http', url: target.url, headers: { Authorization: header } });
    expect(JSON.parse(now.mcpRemote).mcpServers[SLUG].env).toEqual({ AUTH_HEADER: header });

    // The copy button of a filled snippet copies it, key and all.
    expect(await clipboardAfterClick(page, '.snippet:has(pre[data-install="claudeCode"]) button.copy')).toBe(filled.claudeCode);

    // The header the links carry is one this service accepts.
    const call = await fetch(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: header },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } } }),
    });
    expect(call.status).toBe(200);
    expect((await call.json()).result.isError).toBeFalsy();

    // Nothing left the page after the key was typed, no request ever carried it, nothing was stored.
    expect(requests.slice(before)).toEqual([]);
    for (const r of requests) expect(r).not.toContain(KEY.slice(0, 20));
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([0, 0, '']);
    expect(await context.cookies()).toEqual([]);

    // A reload forgets the key.
    await page.reload();
    await page.waitForLoadState('load');
    expect(await page.locator('#api-key').inputValue()).toBe('');
    expect(await shown(page)).toEqual(empty);
    for (const r of requests) expect(r).not.toContain(KEY.slice(0, 20));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says so when what was pasted does not look like a key, and fills it in as pasted', async () => {
    const { page, context } = await open('desktop', `/mcp/${SLUG}`);
    await page.locator('#api-key').fill('two words');
    await expect.poll(() => page.locator('#api-key-note').textContent()).toContain('does not look like a key');
    expect((await shown(page)).claudeCode).toBe(buildInstall(installTarget(SLUG, `${base}/mcp/${SLUG}`), 'two words').claudeCode);
    await context.close();
  });
});
