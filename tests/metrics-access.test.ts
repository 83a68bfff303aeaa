// /metrics is for the operator (issue 11 #7): on the main port it needs METRICS_TOKEN as a bearer
// token and does not exist without one; METRICS_PORT opens a listener of its own, on loopback
// unless METRICS_HOST says otherwise, that serves /metrics without a token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../runtime/config.js';
import { createTestApp } from './helpers/app.js';
import { startLive, type LiveApp } from './helpers/live-app.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('/metrics on the main port', () => {
  it('does not exist while METRICS_TOKEN is unset', async () => {
    const t = createTestApp();
    expect((await t.fetch('/metrics')).status).toBe(404);
    expect((await t.fetch('/metrics', { headers: bearer('anything') })).status).toBe(404);
  });

  it('answers only the bearer of METRICS_TOKEN', async () => {
    const t = createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const ok = await t.fetch('/metrics', { headers: bearer(TOKEN) });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await ok.text()).toMatch(/^# HELP /m);
    for (const headers of [{}, bearer('wrong'), bearer(`${TOKEN}x`), { authorization: TOKEN }]) {
      const res = await t.fetch('/metrics', { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(await res.text()).not.toContain('# HELP');
    }
  });

  it('limits guessing: wrong tokens spend the address’s anonymous allowance', async () => {
    const t = createTestApp({ env: { METRICS_TOKEN: TOKEN, ANON_RATE_LIMIT: '2' } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.fetch('/metrics', { headers: bearer(`guess-${i}`) })).status);
    expect(statuses).toEqual([401, 401, 429]);
    // The operator's scraper is not refused for what guessers spent.
    expect((await t.fetch('/metrics', { headers: bearer(TOKEN) })).status).toBe(200);
  });
});

describe('METRICS_PORT', () => {
  it('binds to loopback unless METRICS_HOST says otherwise; unset, there is no listener', () => {
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({ host: '0.0.0.0', port: 9464 });
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
  });

  describe('a listener of its own', () => {
    let live: LiveApp;
    beforeAll(async () => {
      live = await startLive({ METRICS_PORT: '0' });
    });
    afterAll(() => live.close());

    it('serves /metrics without a token, on loopback, and nothing else', async () => {
      const url = live.running.metricsUrl!;
      expect(new URL(url).hostname).toBe('127.0.0.1');
      expect(new URL(url).port).not.toBe(new URL(live.url).port);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/^# HELP /m);
      expect((await fetch(new URL('/mcp', url))).status).toBe(404);
      expect((await fetch(url, { method: 'POST' })).status).toBe(404);
      // The main port still has no /metrics without a token.
      expect((await live.fetch('/metrics')).status).toBe(404);
    });
  });
});
