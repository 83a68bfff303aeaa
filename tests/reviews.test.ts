// The reviews routes (REST spec 1, tag `reviews`) against the real app on recordings: for every one
// of the 19 platforms an allowed request answered, a path its robots.txt disallows answered 451
// with nothing else fetched, a robots.txt that 404s (everything allowed) and one that fails with a
// 5xx (everything disallowed); for the API platforms 503 not_configured without the credential and
// the real auth sent with it. Then the robots cache's lifetimes, a real published file against a
// User-Agent it names, redirects, the listing, validation in the platforms' own names and OpenAPI.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RecordingTransport, ReplayTransport } from '../runtime/upstream/recordings.js';
import { PLATFORMS } from '../runtime/rest/reviews/platforms/index.js';
import type { ReviewPlatform } from '../runtime/rest/reviews/platform.js';
import { authEnvVars } from '../runtime/upstream/catalogue.js';
import { TransportError, type OutgoingRequest, type RawResponse, type Transport } from '../runtime/upstream/transport.js';
import { buildUrl } from '../runtime/upstream/url.js';
import { KEYS, createTestApp, replay } from './helpers/app.js';

const auth = { authorization: `Bearer ${KEYS.pro}` };

/** Test values of every API platform's credential. */
const CREDENTIALS: Record<string, string> = {
  TRUSTPILOT_API_KEY: 'test-trustpilot-key',
  GOOGLE_PLACES_API_KEY: 'test-google-key',
  FACEBOOK_PAGE_ACCESS_TOKEN: 'test-facebook-page-token',
  YELP_API_KEY: 'test-yelp-key',
  TRIPADVISOR_API_KEY: 'test-tripadvisor-key',
};

/** The recordings, with some answers replaced (by URL), and every request sent kept in order. */
class Scenario implements Transport {
  readonly sent: OutgoingRequest[] = [];
  private readonly answers = new Map<string, RawResponse | 'unreachable'>();

  set(url: string, status: number, text = '', headers: Record<string, string> = { 'content-type': 'text/plain' }): this {
    this.answers.set(url, { status, headers, body: Buffer.from(text) });
    return this;
  }

  unreachable(url: string): this {
    this.answers.set(url, 'unreachable');
    return this;
  }

  async send(req: OutgoingRequest): Promise<RawResponse> {
    this.sent.push(req);
    const answer = this.answers.get(req.url);
    if (answer === 'unreachable') throw new TransportError('connect', 'the upstream could not be reached');
    if (answer) return { ...answer, headers: { ...answer.headers } };
    return replay().send(req);
  }

  urls(): string[] {
    return this.sent.map((r) => r.url);
  }
}

const robotsOf = (p: ReviewPlatform) => new URL('/robots.txt', p.upstream.baseUrl).toString();
const targetOf = (p: ReviewPlatform, input: Record<string, unknown> = p.example) => {
  const r = p.request(input);
  return buildUrl(p.upstream.baseUrl, r.path, r.params, r.query);
};
const queryOf = (p: ReviewPlatform) => new URLSearchParams(Object.entries(p.example).map(([k, v]) => [k, String(v)])).toString();
const ask = (t: ReturnType<typeof createTestApp>, p: ReviewPlatform, query = queryOf(p)) => t.fetch(`/api/v1/reviews/${p.id}?${query}`, { headers: auth });
const app = (scenario: Scenario, env: Record<string, string> = CREDENTIALS) => createTestApp({ transport: scenario, env });

/** What each platform's recorded answer must come back as: the first review's rating, or the aggregate. */
const EXPECTED: Record<string, { firstRating?: number; aggregate?: number; count: number }> = {
  trustpilot: { firstRating: 5, count: 2 },
  google: { firstRating: 5, aggregate: 4.4, count: 2 },
  facebook: { count: 2 },
  yelp: { firstRating: 5, count: 2 },
  tripadvisor: { firstRating: 5, count: 2 },
  'apple-app-store': { firstRating: 5, count: 2 },
  'google-play': { aggregate: 4.5, count: 0 },
  booking: { aggregate: 8.6, count: 0 },
  expedia: { firstRating: 10, aggregate: 8.8, count: 2 },
  glassdoor: { aggregate: 4.1, count: 0 },
  indeed: { firstRating: 5, aggregate: 4.2, count: 2 },
  g2: { firstRating: 4.5, aggregate: 4, count: 2 },
  capterra: { firstRating: 5, aggregate: 4.7, count: 1 },
  reco: { firstRating: 5, aggregate: 4.9, count: 2 },
  prisjakt: { firstRating: 4, aggregate: 4.3, count: 1 },
  pricerunner: { aggregate: 4.4, count: 0 },
  legelisten: { firstRating: 5, aggregate: 4.8, count: 2 },
  mittanbud: { firstRating: 10, aggregate: 9.6, count: 1 },
  gulesider: { firstRating: 5, aggregate: 4.6, count: 1 },
};

it('declares 19 platforms, each with its robots.txt at its base URL and an expectation here', () => {
  expect(PLATFORMS).toHaveLength(19);
  expect(new Set(PLATFORMS.map((p) => p.id)).size).toBe(19);
  for (const p of PLATFORMS) {
    expect(p.robotsUrl, p.id).toBe(robotsOf(p));
    expect(EXPECTED[p.id], p.id).toBeDefined();
    expect(p.upstream.envVar, p.id).toMatch(/^[A-Z0-9_]+_BASE_URL$/);
    expect(p.read === 'api', `${p.id}: an API platform has a credential, and only it`).toBe(authEnvVars(p.upstream.auth).length > 0);
  }
});

describe.each(PLATFORMS.map((p) => [p.id, p] as const))('%s', (_, p) => {
  it('answers an allowed request: robots.txt first, then the one request, read into the common shape', async () => {
    const s = new Scenario();
    const res = await ask(app(s), p);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ platform: p.id, read: p.read, count: EXPECTED[p.id].count });
    expect(body.reviews).toHaveLength(EXPECTED[p.id].count);
    if (EXPECTED[p.id].firstRating !== undefined) expect(body.reviews[0].rating).toBe(EXPECTED[p.id].firstRating);
    if (EXPECTED[p.id].aggregate !== undefined) expect(body.aggregate.ratingValue).toBe(EXPECTED[p.id].aggregate);
    for (const r of body.reviews) expect(Object.keys(r)).toEqual(expect.arrayContaining(['rating', 'bestRating', 'author', 'date', 'title', 'text', 'language', 'url']));
    expect(body.source.robots.url).toBe(p.robotsUrl);
    expect(s.urls()[0]).toBe(p.robotsUrl);
    expect(s.sent).toHaveLength(2);
    // No credential ever goes to robots.txt.
    expect(JSON.stringify(s.sent[0].headers)).not.toMatch(/test-/);
    expect(s.sent[0].url).not.toMatch(/key=/);
  });

  it('answers 451 for a path its robots.txt disallows for our User-Agent, and fetches nothing else', async () => {
    const target = new URL(targetOf(p));
    const rules = `User-agent: *\nAllow: /\n\nUser-agent: nordic-open-data-host\nDisallow: ${target.pathname}\n`;
    const s = new Scenario().set(p.robotsUrl, 200, rules);
    const res = await ask(app(s), p);
    expect(res.status).toBe(451);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const body = await res.json();
    expect(body).toMatchObject({
      status: 451,
      code: 'robots_disallowed',
      type: 'http://127.0.0.1:8787/errors/robots-disallowed',
      platform: p.id,
      robotsUrl: p.robotsUrl,
      path: `${target.pathname}${target.search}`,
      userAgent: 'nordic-open-data-host',
      rule: { line: 5, text: `Disallow: ${target.pathname}` },
    });
    expect(body.detail).toContain(`${p.name}'s robots.txt`);
    expect(s.urls()).toEqual([p.robotsUrl]);
  });

  it('reads the page when robots.txt answers 404 (RFC 9309: everything allowed)', async () => {
    const s = new Scenario().set(p.robotsUrl, 404, 'Not Found');
    const res = await ask(app(s), p);
    expect(res.status).toBe(200);
    expect((await res.json()).source.robots).toMatchObject({ status: 'none', httpStatus: 404 });
    expect(s.sent).toHaveLength(2);
  });

  it('answers 503 when robots.txt answers 5xx (RFC 9309: nothing fetched; REST spec 7: an unavailable upstream), fetching nothing else and not retrying', async () => {
    const s = new Scenario().set(p.robotsUrl, 503, 'Service Unavailable');
    const res = await ask(app(s), p);
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body).toMatchObject({ code: 'upstream_unavailable', detailCode: 'robots_unavailable' });
    expect(body.robots).toMatchObject({ status: 'unreachable', httpStatus: 503 });
    expect(body.detail).toContain('could not be read (HTTP 503)');
    expect(s.urls()).toEqual([p.robotsUrl]);
  });

  if (p.read === 'api') {
    it('answers 503 not_configured without its credential, before anything is fetched', async () => {
      const s = new Scenario();
      const res = await ask(app(s, {}), p);
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body).toMatchObject({ code: 'not_configured', platform: p.id, missing: authEnvVars(p.upstream.auth) });
      expect(s.sent).toHaveLength(0);
    });

    it('sends its real auth scheme with the credential', async () => {
      const s = new Scenario();
      expect((await ask(app(s), p)).status).toBe(200);
      const call = s.sent[1];
      const a = p.upstream.auth;
      if (a.type === 'header') expect(call.headers[a.header]).toBe(`${a.prefix ?? ''}${CREDENTIALS[a.envVar]}`);
      else if (a.type === 'query') {
        expect(new URL(call.url).searchParams.get(a.param)).toBe(CREDENTIALS[a.envVar]);
        expect(call.secretQuery).toEqual([a.param]);
      } else throw new Error(`unexpected auth ${a.type}`);
    });
  }
});

describe('robots rules', () => {
  const g2 = PLATFORMS.find((p) => p.id === 'g2')!;
  const booking = PLATFORMS.find((p) => p.id === 'booking')!;
  const trustpilot = PLATFORMS.find((p) => p.id === 'trustpilot')!;

  it("applies a published file's group for the User-Agent it names (G2 disallows / for GPTBot)", async () => {
    const s = new Scenario();
    const t = createTestApp({ transport: s, env: { UPSTREAM_USER_AGENT: 'GPTBot/1.2 (+https://example.test)' } });
    const res = await ask(t, g2);
    expect(res.status).toBe(451);
    expect(await res.json()).toMatchObject({ userAgent: 'GPTBot', rule: { text: 'Disallow: /' } });
    expect(s.urls()).toEqual([g2.robotsUrl]);
    // The same file allows the same page for this service's own token.
    expect((await ask(app(new Scenario()), g2)).status).toBe(200);
  });

  it('answers 451 under the published Booking.com file for Yandex, whose group disallows /', async () => {
    const t = createTestApp({ transport: new Scenario(), env: { UPSTREAM_USER_AGENT: 'Yandex/3' } });
    expect((await ask(t, booking)).status).toBe(451);
  });

  it('disallows everything when robots.txt cannot be reached (503) or redirects (never followed: 451)', async () => {
    const redirecting = new Scenario().set(g2.robotsUrl, 301, '', { location: 'https://elsewhere.example/robots.txt' });
    for (const s of [new Scenario().unreachable(g2.robotsUrl), redirecting, new Scenario().set(g2.robotsUrl, 429, '')]) {
      const res = await ask(app(s), g2);
      expect(res.status).toBe(s === redirecting ? 451 : 503);
      expect((await res.json()).robots.status).toBe('unreachable');
      // Only robots.txt was asked for (a connection that fails is retried as the upstream layer retries any GET).
      expect(new Set(s.urls())).toEqual(new Set([g2.robotsUrl]));
    }
  });

  it('reads a platform\'s robots.txt once and reuses it; each platform has its own', async () => {
    const s = new Scenario();
    const t = app(s);
    expect((await ask(t, g2)).status).toBe(200);
    expect((await ask(t, g2, 'product=visma-net')).status).toBe(200);
    expect((await ask(t, booking)).status).toBe(200);
    expect(s.urls().filter((u) => u.endsWith('/robots.txt'))).toEqual([g2.robotsUrl, booking.robotsUrl]);
  });

  it("keeps the rules for the file's stated lifetime, 24 h when it states none, and never longer than 24 h", async () => {
    const lifetime = async (headers: Record<string, string>) => {
      const s = new Scenario().set(g2.robotsUrl, 200, 'User-agent: *\nDisallow:\n', { 'content-type': 'text/plain', ...headers });
      const state = (await (await ask(app(s), g2)).json()).source.robots;
      return (Date.parse(state.expiresAt) - Date.parse(state.fetchedAt)) / 1000;
    };
    expect(await lifetime({ 'cache-control': 'max-age=3600' })).toBe(3600);
    expect(await lifetime({})).toBe(24 * 3600);
    expect(await lifetime({ 'cache-control': 'max-age=604800' })).toBe(24 * 3600);
    expect(await lifetime({ 'cache-control': 'max-age=5' })).toBe(60);
  });

  it('keeps a failed robots.txt disallowing for five minutes', async () => {
    const s = new Scenario().set(g2.robotsUrl, 500, '');
    const t = app(s);
    const first = await (await ask(t, g2)).json();
    expect((Date.parse(first.robots.expiresAt) - Date.parse(first.robots.fetchedAt)) / 1000).toBe(300);
    expect((await ask(t, g2)).status).toBe(503);
    expect(s.urls()).toEqual([g2.robotsUrl]);
  });

  it('sends no credential to an API host\'s robots.txt, even for the query-key scheme', async () => {
    const s = new Scenario();
    const tripadvisor = PLATFORMS.find((p) => p.id === 'tripadvisor')!;
    expect((await ask(app(s), tripadvisor)).status).toBe(200);
    expect(s.sent[0].url).toBe(tripadvisor.robotsUrl);
    expect(s.sent[0].headers).not.toHaveProperty('apikey');
    // The key travels only on the API request, and the recording matched it as `<redacted>`.
    expect(s.sent[1].url).toContain('key=test-tripadvisor-key');
    expect((await ask(app(new Scenario()), trustpilot)).status).toBe(200);
  });
});

describe('answers', () => {
  const booking = PLATFORMS.find((p) => p.id === 'booking')!;
  const reco = PLATFORMS.find((p) => p.id === 'reco')!;

  it('does not follow a page that redirects: 502', async () => {
    const s = new Scenario().set(targetOf(booking), 301, '', { location: 'https://www.booking.com/hotel/no/other.html' });
    const res = await ask(app(s), booking);
    expect(res.status).toBe(502);
    expect((await res.json()).detail).toContain('redirect');
    expect(s.sent).toHaveLength(2);
  });

  it('answers 502 for a page without JSON-LD (changed shape), and an empty list for one without reviews', async () => {
    let s = new Scenario().set(targetOf(reco), 200, '<html><body>Nothing here</body></html>', { 'content-type': 'text/html' });
    let res = await ask(app(s), reco);
    expect(res.status).toBe(502);
    expect((await res.json()).detailCode).toBe('no_structured_data');
    s = new Scenario().set(targetOf(reco), 200, '<html><head><script type="application/ld+json">{"@type":"LocalBusiness","name":"Ny AB"}</script></head></html>', { 'content-type': 'text/html' });
    res = await ask(app(s), reco);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ subject: null, aggregate: null, reviews: [], count: 0 });
  });

  it('maps Facebook recommendations, Trustpilot pages and the App Store feed in the platforms\' own terms', async () => {
    const fb = await (await ask(app(new Scenario()), PLATFORMS.find((p) => p.id === 'facebook')!)).json();
    expect(fb.reviews.map((r: { recommendation: string }) => r.recommendation)).toEqual(['positive', 'negative']);
    expect(fb.next).toEqual({ after: 'QVFIUmFkRWZA' });
    const tp = await (await ask(app(new Scenario()), PLATFORMS.find((p) => p.id === 'trustpilot')!)).json();
    expect(tp.next).toEqual({ page: 2 });
    expect(tp.reviews[0].url).toBe('https://www.trustpilot.com/reviews/65f1c2a9d1e2f3a4b5c6d7e8');
    const apple = await (await ask(app(new Scenario()), PLATFORMS.find((p) => p.id === 'apple-app-store')!)).json();
    expect(apple.reviews[1]).toMatchObject({ rating: 2, author: 'Trine K', title: 'Krasjer ved innlogging' });
    expect(apple.source.pageUrl).toBe('https://apps.apple.com/no/app/id1462339474');
  });
});

describe('routes', () => {
  it('lists the 19 platforms with parameters, credentials, configured and robots verdicts', async () => {
    const res = await createTestApp({ transport: new Scenario(), env: { YELP_API_KEY: 'k' } }).fetch('/api/v1/reviews', { headers: auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.total).toBe(19);
    expect(body.userAgent).toBe('nordic-open-data-host');
    const by = Object.fromEntries(body.platforms.map((p: { id: string }) => [p.id, p]));
    expect(by.yelp).toMatchObject({ read: 'api', configured: true, credentials: ['YELP_API_KEY'], allowed: true });
    expect(by.trustpilot).toMatchObject({ configured: false, credentials: ['TRUSTPILOT_API_KEY'], baseUrlVariable: 'TRUSTPILOT_BASE_URL' });
    expect(by.trustpilot.parameters[0]).toMatchObject({ name: 'businessUnitId', required: true, example: '46d6a890000064000500e0c3' });
    expect(by.trustpilot.parameters[0].description).toContain('Business Unit ID');
    expect(by.google.parameters.map((x: { name: string }) => x.name)).toEqual(['place_id', 'languageCode', 'regionCode']);
    expect(by['apple-app-store'].parameters.map((x: { name: string }) => x.name)).toEqual(['id', 'cc', 'page', 'sortby']);
    expect(by.booking).toMatchObject({ read: 'json-ld', configured: true, allowed: true, robots: { status: 'rules', url: 'https://www.booking.com/robots.txt' } });
    expect(body.platforms.every((p: { allowed: boolean }) => p.allowed)).toBe(true);
  });

  it("refuses a parameter that is not the platform's own name, naming the ones it takes", async () => {
    const t = app(new Scenario());
    let res = await t.fetch('/api/v1/reviews/google?placeId=ChIJgUbEo8cfqokR5lP9_Wh_DaM', { headers: auth });
    expect(res.status).toBe(400);
    let body = await res.json();
    expect(body.detail).toContain('Google (Business Profile, Places API) takes place_id, languageCode, regionCode');
    expect(body.parameters).toEqual(['place_id', 'languageCode', 'regionCode']);
    res = await t.fetch('/api/v1/reviews/trustpilot?businessUnitId=46d6a890000064000500e0c3&perPage=500', { headers: auth });
    expect(res.status).toBe(400);
    body = await res.json();
    expect(body.detail).toContain('perPage');
  });

  it('answers 404 for an unknown platform with the list, 405 for another method, 401 without a key', async () => {
    const t = app(new Scenario());
    const res = await t.fetch('/api/v1/reviews/myspace', { headers: auth });
    expect(res.status).toBe(404);
    expect((await res.json()).platforms).toHaveLength(19);
    const post = await t.fetch('/api/v1/reviews/g2?product=x', { method: 'POST', headers: auth });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toContain('GET');
    expect((await t.fetch('/api/v1/reviews/g2?product=visma-net')).status).toBe(401);
    expect((await t.fetch('/api/v1/reviews/g2?product=visma-net', { headers: { authorization: `Bearer ${KEYS.mcpOnly}` } })).status).toBe(403);
  });

  it('documents every platform as its own operation under the reviews tag, with its own parameters and 451', async () => {
    const doc = await (await createTestApp().fetch('/api/openapi.json')).json();
    expect(doc.paths['/api/v1/reviews'].get.tags).toEqual(['reviews']);
    for (const p of PLATFORMS) {
      const op = doc.paths[`/api/v1/reviews/${p.id}`]?.get;
      expect(op, p.id).toBeDefined();
      expect(op.tags).toEqual(['reviews']);
      expect(op.parameters.map((x: { name: string }) => x.name)).toEqual(Object.keys(p.params.shape));
      for (const param of op.parameters) expect(param.description, `${p.id} ${param.name}`).toBeTruthy();
      expect(op.responses['451'].content['application/problem+json']).toBeDefined();
    }
  });
});

describe('a key sent in the query (Tripadvisor)', () => {
  it('is written to a recording as <redacted>, and a replay matches the recording whatever the key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reviews-rec-'));
    try {
      const inner: Transport = { send: async () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"data":[]}') }) };
      const url = 'https://api.content.tripadvisor.com/api/v1/location/1/reviews?language=en&key=real-secret-key';
      const req: OutgoingRequest = { method: 'GET', url, headers: {}, timeoutMs: 1000, maxBodyBytes: 1024, upstreamId: 'reviews-tripadvisor', secretQuery: ['key'] };
      await new RecordingTransport(inner, dir).send(req);
      const [file] = readdirSync(join(dir, 'reviews-tripadvisor'));
      const text = readFileSync(join(dir, 'reviews-tripadvisor', file), 'utf8');
      expect(text).not.toContain('real-secret-key');
      expect(JSON.parse(text).request.url).toContain('key=%3Credacted%3E');
      const again = await new ReplayTransport([dir]).send({ ...req, url: url.replace('real-secret-key', 'another-key') });
      expect(again.status).toBe(200);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
