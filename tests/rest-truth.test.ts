// Issue 25 items 17, 18 and 21 through the real app on recordings: what the REST tier and the
// provenance say must be true. The sanctions search cursor carries its creation time and expires
// 24 hours after it (REST spec 3 and 6); Retry-After only on 429 (spec 8), a 503 says when to retry
// in svcRetryAfterMs; a robots.txt that cannot be read (5xx, 429, no answer) is an unavailable
// upstream (503), not a disallow (451); a 405 is audited under the route that answered it. The
// User-Agent names an operator's contact (MET's terms of service) and start-up warns when it has
// none. In replay mode, provenance and the demo banner say the answer is a recording, and whether
// that recording is a live capture or constructed.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../runtime/config.js';
import { PLATFORMS } from '../runtime/rest/reviews/platforms/index.js';
import { PROVENANCE_KEY } from '../runtime/provenance.js';
import * as recordings from '../runtime/upstream/recordings.js';

const { RECORDED_AT } = recordings;
import type { OutgoingRequest, RawResponse, Transport } from '../runtime/upstream/transport.js';
import { KEYS, createTestApp, replay, rpc } from './helpers/app.js';

const auth = (key = KEYS.team) => ({ authorization: `Bearer ${key}` });
const HOUR = 3600_000;

/** The recordings, with the answers of some URLs replaced, and every request sent kept. */
class Scenario implements Transport {
  readonly sent: OutgoingRequest[] = [];
  private readonly answers = new Map<string, RawResponse>();

  set(url: string, status: number, headers: Record<string, string> = { 'content-type': 'text/plain' }, text = ''): this {
    this.answers.set(url, { status, headers, body: Buffer.from(text) });
    return this;
  }

  async send(req: OutgoingRequest): Promise<RawResponse> {
    this.sent.push(req);
    const answer = this.answers.get(req.url);
    if (answer) return { ...answer, headers: { ...answer.headers } };
    return replay().send(req);
  }
}

describe('item 17: the REST tier as the spec says', () => {
  it('a sanctions search cursor is valid for 24 hours from its creation, then a 400 invalid-cursor naming its age', async () => {
    let now = Date.parse(RECORDED_AT);
    const t = createTestApp({ now: () => new Date(now) });
    const get = async (path: string) => {
      const res = await t.fetch(path, { headers: auth() });
      return { status: res.status, body: await res.json() };
    };
    const first = await get('/api/v1/sanctions/search?regime=TERR&limit=2');
    expect(first.status).toBe(200);
    const cursor = encodeURIComponent(first.body.nextCursor);

    now += 23 * HOUR;
    const young = await get(`/api/v1/sanctions/search?regime=TERR&limit=2&cursor=${cursor}`);
    expect(young.status, JSON.stringify(young.body)).toBe(200);
    expect(young.body.offset).toBe(2);

    now += HOUR + 1000;
    const old = await get(`/api/v1/sanctions/search?regime=TERR&limit=2&cursor=${cursor}`);
    expect(old.status, JSON.stringify(old.body)).toBe(400);
    expect(old.body).toMatchObject({ type: 'http://127.0.0.1:8787/errors/invalid-cursor', title: 'Invalid or expired cursor', fields: ['cursor'] });
    expect(old.body.detail).toContain('24 hours');
    await t.services.close();
  });

  it('a 503 Problem carries svcRetryAfterMs and no Retry-After header; a 429 carries both', async () => {
    const s = new Scenario().set('https://data.brreg.no/enhetsregisteret/api/enheter/923609016', 429, { 'retry-after': '7' });
    const t = createTestApp({ transport: s });
    const res = await t.fetch('/api/connectors/brreg/enheter/923609016', { headers: auth() });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(503);
    expect(body.svcRetryAfterMs).toBeGreaterThan(0);
    expect(body.svcRetryAfterMs).toBeLessThanOrEqual(7000);
    expect(res.headers.get('retry-after')).toBeNull();

    // Our own rate limit: 429 with both.
    const tight = { limit: 1, windowMs: 60_000, burst: 10, burstWindowMs: 1000, concurrent: 4 };
    const limited = createTestApp({ tiers: { dev: tight, pro: tight, team: tight, enterprise: null } });
    expect((await limited.fetch('/api/v1/sources', { headers: auth() })).status).toBe(200);
    const refused = await limited.fetch('/api/v1/sources', { headers: auth() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await refused.json()).svcRetryAfterMs).toBeGreaterThan(0);
    await t.services.close();
    await limited.services.close();
  });

  it('a robots.txt answering 5xx or 429 makes the reviews route 503 (upstream unavailable), not 451; nothing else is fetched', async () => {
    const g2 = PLATFORMS.find((p) => p.id === 'g2')!;
    for (const status of [500, 503, 429]) {
      const s = new Scenario().set(g2.robotsUrl, status);
      const t = createTestApp({ transport: s });
      const query = new URLSearchParams(Object.entries(g2.example).map(([k, v]) => [k, String(v)])).toString();
      const res = await t.fetch(`/api/v1/reviews/g2?${query}`, { headers: auth(KEYS.pro) });
      const body = await res.json();
      expect(res.status, `robots.txt HTTP ${status}: ${JSON.stringify(body)}`).toBe(503);
      expect(body).toMatchObject({ code: 'upstream_unavailable', platform: 'g2', robots: { status: 'unreachable', httpStatus: status } });
      expect(body.svcRetryAfterMs).toBeGreaterThan(0);
      expect(res.headers.get('retry-after')).toBeNull();
      expect(new Set(s.sent.map((r) => r.url))).toEqual(new Set([g2.robotsUrl]));
      await t.services.close();
    }
  });

  it('a 405 on GET /api/v1/sanctions/screen is audited under /api/v1/sanctions/screen, not the lookup route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/v1/sanctions/screen', { headers: auth(KEYS.pro) });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    await t.services.audit.flush();
    const audit = await (await t.fetch('/api/v1/account/audit?limit=5', { headers: auth(KEYS.pro) })).json();
    const entry = audit.entries.find((e: { status: number }) => e.status === 405);
    expect(entry).toMatchObject({ method: 'GET', route: '/api/v1/sanctions/screen', status: 405 });
    await t.services.close();
  });
});

describe('item 18: the User-Agent names a contact', () => {
  it('puts UPSTREAM_CONTACT in the User-Agent sent upstream', async () => {
    const s = new Scenario();
    const t = createTestApp({ transport: s, env: { UPSTREAM_CONTACT: 'datadrift@example.no' } });
    expect(t.services.config.userAgent).toMatch(/^nordic-open-data-host\/\S+ \(\+http:\/\/127\.0\.0\.1:8787; datadrift@example\.no\)$/);
    const res = await t.fetch('/api/connectors/brreg/enheter/923609016', { headers: auth() });
    expect(res.status).toBe(200);
    expect(s.sent[0].headers['user-agent']).toContain('datadrift@example.no');
    await t.services.close();
  });

  it('warns at start-up when neither UPSTREAM_CONTACT nor PUBLIC_BASE_URL gives a real contact', async () => {
    // Imported here, so that the file's other tests ran before the function existed.
    const { upstreamContactWarning } = await import('../runtime/launch.js');
    expect(upstreamContactWarning(loadConfig({}))).toMatch(/UPSTREAM_CONTACT/);
    expect(upstreamContactWarning(loadConfig({ PUBLIC_BASE_URL: 'http://localhost:8787' }))).toMatch(/UPSTREAM_CONTACT/);
    expect(upstreamContactWarning(loadConfig({ PUBLIC_BASE_URL: 'http://[::1]:8080' }))).toMatch(/UPSTREAM_CONTACT/);
    expect(upstreamContactWarning(loadConfig({ PUBLIC_BASE_URL: 'https://data.example.no' }))).toBeUndefined();
    expect(upstreamContactWarning(loadConfig({ UPSTREAM_CONTACT: 'https://example.no/kontakt' }))).toBeUndefined();
    // A loopback URL given as the contact is no contact either.
    expect(upstreamContactWarning(loadConfig({ UPSTREAM_CONTACT: 'http://127.0.0.1:9000/' }))).toMatch(/UPSTREAM_CONTACT/);
    // Replay sends nothing to any upstream: nothing to warn about.
    expect(upstreamContactWarning(loadConfig({ UPSTREAM_MODE: 'replay' }))).toBeUndefined();
  });

  it('refuses an UPSTREAM_CONTACT that is neither an e-mail address nor an http(s) URL, naming the variable', () => {
    expect(() => loadConfig({ UPSTREAM_CONTACT: 'call me (maybe)' })).toThrow(/UPSTREAM_CONTACT/);
  });
});

describe('item 21: replay says it is a recording', () => {
  it('classifies a recording by its source: live capture only when the source says it is one', () => {
    const { recordingKind } = recordings;
    expect(recordingKind('Live capture of GET /enhetsregisteret/api/enheter/931744682, copied unchanged')).toBe('live_capture');
    expect(recordingKind('recorded live 2026-11-22T12:00:00.000Z')).toBe('live_capture');
    expect(recordingKind('Constructed from a live capture: …')).toBe('constructed');
    expect(recordingKind('Shape of GET /enhetsregisteret/api/enheter/{orgnr} per the docs and a live capture')).toBe('constructed');
    expect(recordingKind(undefined)).toBe('constructed');
  });

  it('MCP and connector provenance name the recording and its kind, for a live capture and a constructed one', async () => {
    const t = createTestApp();
    const meta = async (orgnr: string) => {
      const r = await rpc(t, 'brreg', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'brreg.enhet.lookup', arguments: { orgnr } } }, KEYS.pro);
      expect(r.body.result.isError).not.toBe(true);
      return r.body.result._meta[PROVENANCE_KEY];
    };
    const live = await meta('931744682');
    expect(live.recording).toMatchObject({ liveCaptures: 1, constructed: 0 });
    expect(live.recording.note).toMatch(/recording/i);
    expect(live.sources[0]).toMatchObject({ recording: { kind: 'live_capture', file: 'brreg/underenheter-parent-931744682.json' } });

    const built = await meta('923609016');
    expect(built.recording).toMatchObject({ liveCaptures: 0, constructed: 1 });
    expect(built.sources[0].recording.kind).toBe('constructed');

    const res = await t.fetch('/api/connectors/brreg/enheter/923609016', { headers: auth() });
    expect(res.headers.get('x-data-recording')).toBe('constructed');
    expect(JSON.parse(res.headers.get('x-data-provenance')!).recording.constructed).toBe(1);
    await t.services.close();
  });

  it('the demo banner says the answers are recordings, and how many are live captures and how many constructed', async () => {
    const { demoBanner } = await import('../runtime/cli/demo-banner.js');
    const census = recordings.recordingCensus('tests/recordings');
    expect(census.liveCaptures + census.constructed).toBe(census.total);
    expect(census.constructed).toBeGreaterThan(0);
    expect(census.liveCaptures).toBeGreaterThan(0);
    const text = demoBanner({ publicBaseUrl: 'http://127.0.0.1:8787', servers: 3, firstSlug: 'brreg', census, printedKey: 'k' }).join('\n');
    expect(text).toContain(`${census.total} recorded upstream answers`);
    expect(text).toContain(`${census.liveCaptures} live captures`);
    expect(text).toContain(`${census.constructed} constructed`);
    expect(text).not.toMatch(/fetched just now/);
  });
});
