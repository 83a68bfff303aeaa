// The /api/docs reference page in a real browser (issue 11 #16): with every request to another
// origin refused, Swagger UI renders the operations of /api/openapi.json, so the page works
// offline; and it still does under a CSP that allows only this origin's scripts (the page has no
// inline script). Needs Debian's chromium (/usr/bin/chromium) and the playwright-core package;
// skipped when either is missing, except in CI (.ci/run installs Chromium).
import { pino } from 'pino';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../runtime/config.js';
import { startServer, type Running } from '../runtime/server.js';
import { launchChromium, skipBrowserTests } from './helpers/chromium.js';

// Swagger UI reads the whole description (1.3 MB, every tool's output schema included) before it
// renders; on a loaded machine that took more than playwright's default 30 s. A bound, not a timing.
const RENDER_MS = 90_000;
const STRICT_CSP = "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'";


describe.skipIf(skipBrowserTests)('the API reference page in Chromium', { timeout: 120_000 }, () => {
  let running: Running;
  let browser: Browser;

  beforeAll(async () => {
    const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', UPSTREAM_MODE: 'replay', API_KEYS: 'docs-browser-key-00000001:dev', DATABASE_PATH: ':memory:' });
    running = await startServer(config, { logger: pino({ level: 'silent' }) });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  /** Opens /api/docs with every request to another origin refused; returns the page and those requests. */
  async function openOffline(csp?: string, hash = ''): Promise<{ page: Page; refused: string[]; violations: string[] }> {
    const page = await browser.newPage();
    const refused: string[] = [];
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const origin = new URL(running.url).origin;
    await page.route('**/*', async (route) => {
      const url = route.request().url();
      if (new URL(url).origin !== origin) {
        refused.push(url);
        return route.abort('internetdisconnected');
      }
      if (!csp || new URL(url).pathname !== '/api/docs') return route.continue();
      const response = await route.fetch();
      return route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': csp } });
    });
    const res = await page.goto(`${running.url}/api/docs${hash}`);
    expect(res?.status()).toBe(200);
    return { page, refused, violations };
  }

  it('renders the operations of the description with no other host reachable', async () => {
    const { page, refused } = await openOffline();
    await page.locator('#operations-data-proxy-proxyConnectorGet .opblock-summary').waitFor({ timeout: RENDER_MS });
    expect(await page.title()).toBe('Nordic open data host: REST API reference');
    expect(await page.locator('.info .title').innerText()).toContain('Nordic open data host: REST API');
    await page.close();
    expect(refused).toEqual([]);
  });

  // Swagger UI renders only the operations on screen: a deep link brings one further down there.
  it('renders under a CSP that allows only its own scripts, deep links included', async () => {
    const { page, refused, violations } = await openOffline(STRICT_CSP, '#/meta/getApiReference');
    await page.locator('#operations-meta-getApiReference .opblock-summary').waitFor({ timeout: RENDER_MS });
    await page.close();
    expect(refused).toEqual([]);
    expect(violations).toEqual([]);
  });
});
