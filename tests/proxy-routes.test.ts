// The data proxy against the real app (REST spec 4.1): GET and POST /api/data/{kilde}/{endepunkt}
// forwarded to /v1/connectors/{kilde}/{endepunkt} on the backend (in process by default, or
// DATA_BACKEND_URL), source keys (connected, planned, unknown), the POST body rules, the platform
// keys served here, and a backend that does not answer.
import { describe, expect, it } from 'vitest';
import { UPSTREAMS } from './helpers/upstreams.js';
import { TransportError, type OutgoingRequest, type RawResponse, type Transport } from '../runtime/upstream/transport.js';
import { KEYS, createTestApp, replay } from './helpers/app.js';

const auth = { authorization: `Bearer ${KEYS.pro}` };
const jsonPost = (body: string, headers: Record<string, string> = {}) => ({ method: 'POST', headers: { ...auth, 'content-type': 'application/json', ...headers }, body });

describe('forwarding to the in-process backend', () => {
  const t = createTestApp();

  it('answers the connector route by source key with the source’s own field names', async () => {
    const viaProxy = await t.fetch('/api/data/brreg/enheter/923609016', { headers: auth });
    expect(viaProxy.status).toBe(200);
    expect(viaProxy.headers.get('content-type')).toBe('application/json');
    const direct = await t.fetch('/api/connectors/brreg/enheter/923609016', { headers: auth });
    const body = await viaProxy.json();
    expect(body).toEqual(await direct.json());
    expect(body.navn).toBe('EQUINOR ASA');
    expect(body.orgnr).toBe('923609016');
  });

  it('forwards by source key, not slug (konkurs is the key of brreg-konkurs)', async () => {
    const res = await t.fetch('/api/data/konkurs/konkurs/enhet/915330193', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).registrertKonkurs).toBe(true);
    // The slug is not a source key.
    expect((await t.fetch('/api/data/brreg-konkurs/konkurs/enhet/915330193', { headers: auth })).status).toBe(404);
  });

  it('forwards the query string', async () => {
    const viaProxy = await t.fetch('/api/data/brreg/enheter/984661185/underenheter?size=10&page=20', { headers: auth });
    const direct = await t.fetch('/api/connectors/brreg/enheter/984661185/underenheter?size=10&page=20', { headers: auth });
    expect(viaProxy.status).toBe(200);
    expect(await viaProxy.json()).toEqual(await direct.json());
  });

  it('decodes an encoded slash in endepunkt once and forwards it as a path', async () => {
    const res = await t.fetch('/api/data/brreg/enheter%2F923609016', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).navn).toBe('EQUINOR ASA');
  });

  it('passes the backend’s Problem through: status, body, the caller’s request id', async () => {
    const res = await t.fetch('/api/data/brreg/enheter/984661185/underenheter?size=500', { headers: { ...auth, 'x-request-id': 'proxy-test-req-0001' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const p = await res.json();
    expect(p.detail).toMatch(/^size: must be at most 100/);
    expect(p.svcRequestId).toBe('proxy-test-req-0001');
    expect(res.headers.get('x-request-id')).toBe('proxy-test-req-0001');
  });

  it('passes a source’s 404 through, and an unknown route of a known source is 404 too', async () => {
    const missing = await t.fetch('/api/data/brreg/enheter/989566733/roller', { headers: auth });
    expect(missing.status).toBe(404);
    expect((await missing.json()).type).toBe('http://127.0.0.1:8787/errors/not-found');
    const noRoute = await t.fetch('/api/data/brreg/no-such-route', { headers: auth });
    expect(noRoute.status).toBe(404);
    expect(noRoute.headers.get('content-type')).toBe('application/problem+json');
  });

  it('needs a bearer key (401), the api:read scope (403), and reports the rate limit', async () => {
    const none = await t.fetch('/api/data/brreg/enheter/923609016');
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toBe('application/problem+json');
    expect((await t.fetch('/api/data/brreg/enheter/923609016', { headers: { authorization: `Bearer ${KEYS.mcpOnly}` } })).status).toBe(403);
    const ok = await t.fetch('/api/data/brreg/enheter/923609016', { headers: auth });
    expect(ok.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(Number(ok.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(0);
  });

  it('spends one request of the caller’s limit per proxied call, not two', async () => {
    const app = createTestApp();
    const first = await app.fetch('/api/data/brreg/enheter/923609016', { headers: auth });
    const second = await app.fetch('/api/data/brreg/enheter/923609016', { headers: auth });
    expect(Number(first.headers.get('x-ratelimit-remaining')) - Number(second.headers.get('x-ratelimit-remaining'))).toBe(1);
  });

  it('the backend itself (/v1/connectors) needs a key from anyone outside the process', async () => {
    expect((await t.fetch('/v1/connectors/brreg/enheter/923609016')).status).toBe(401);
    const res = await t.fetch('/v1/connectors/brreg/enheter/923609016', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).navn).toBe('EQUINOR ASA');
  });
});

describe('POST', () => {
  const t = createTestApp();

  it('forwards a JSON object body as the tool’s arguments', async () => {
    const res = await t.fetch('/api/data/brreg/enheter/984661185/underenheter', jsonPost('{"size":10,"page":20}'));
    expect(res.status).toBe(200);
    const direct = await t.fetch('/api/connectors/brreg/enheter/984661185/underenheter?size=10&page=20', { headers: auth });
    expect(await res.json()).toEqual(await direct.json());
    const empty = await t.fetch('/api/data/brreg/enheter/923609016', jsonPost('{}'));
    expect(empty.status).toBe(200);
  });

  it('validates the forwarded body like the connector route', async () => {
    const res = await t.fetch('/api/data/brreg/enheter/984661185/underenheter', jsonPost('{"size":101}'));
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toMatch(/^size: must be at most 100/);
  });

  it.each([
    ['no body', undefined, 'application/json', /empty/],
    ['an empty body', '', 'application/json', /empty/],
    ['an array', '[1]', 'application/json', /not an array/],
    ['a string', '"x"', 'application/json', /not a string/],
    ['null', 'null', 'application/json', /not null/],
    ['a number', '3', 'application/json', /not a number/],
    ['malformed JSON', '{bad', 'application/json', /not valid JSON/],
    ['text/plain', '{}', 'text/plain', /Content-Type: application\/json/],
    ['a form', 'a=1', 'application/x-www-form-urlencoded', /Content-Type: application\/json/],
    // Bytes, so that no default Content-Type is added.
    ['no Content-Type', new TextEncoder().encode('{}'), undefined, /no Content-Type/],
  ])('refuses %s with 400', async (_label, body, type, why) => {
    const headers: Record<string, string> = { ...auth, ...(type && { 'content-type': type }) };
    const res = await t.fetch('/api/data/brreg/enheter/923609016', { method: 'POST', headers, body: body as BodyInit | undefined });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const p = await res.json();
    expect(p.title).toBe('Invalid input');
    expect(p.detail).toMatch(why);
  });

  it('refuses a body over MAX_BODY_BYTES with 413', async () => {
    const small = createTestApp({ env: { MAX_BODY_BYTES: '64' } });
    const res = await small.fetch('/api/data/brreg/enheter/923609016', jsonPost(JSON.stringify({ pad: 'x'.repeat(100) })));
    expect(res.status).toBe(413);
    expect((await res.json()).type).toBe('http://127.0.0.1:8787/errors/payload-too-large');
  });
});

describe('source keys', () => {
  const t = createTestApp();

  it('an unknown key answers 404 naming where the keys are listed', async () => {
    const res = await t.fetch('/api/data/no-such-source/x', { headers: auth });
    expect(res.status).toBe(404);
    const p = await res.json();
    expect(p.detail).toContain('"no-such-source"');
    expect(p.detail).toContain('/api/v1/sources');
  });

  it('every planned key of /api/v1/sources answers a 503 that says it is not connected yet', async () => {
    const list = await (await t.fetch('/api/v1/sources?status=planned', { headers: auth })).json();
    // Connecting a server moves its key out of this list; some keys of REST spec 2.5 stay planned.
    expect(list.sources.length).toBeGreaterThan(0);
    for (const s of list.sources) {
      const res = await t.fetch(`/api/data/${s.key}/anything`, { headers: auth });
      expect(res.status, s.key).toBe(503);
      const p = await res.json();
      expect(p.detailCode, s.key).toBe('source_not_connected');
      expect(p.sourceStatus).toBe('planned');
      expect(p.detail).toContain('not connected yet');
      expect(p.title).toBe('Source not configured');
    }
  });

  it('every connected key is forwarded (never 404 unknown, never 503 not connected)', async () => {
    const list = await (await t.fetch('/api/v1/sources?status=connected', { headers: auth })).json();
    for (const s of list.sources) {
      const res = await t.fetch(`/api/data/${s.key}/no-such-route`, { headers: auth });
      const p = await res.json();
      expect(p.detailCode, s.key).not.toBe('source_not_connected');
      expect(p.detail ?? '', s.key).not.toContain('Unknown source key');
    }
  });

  it('the keys of REST spec 2.5 are all known', async () => {
    const list = await (await t.fetch('/api/v1/sources', { headers: auth })).json();
    const keys = new Set(list.sources.map((s: { key: string }) => s.key));
    const spec = [
      'ais', 'bygg-anlegg', 'eksportor', 'fisheries', 'fri-nettleie', 'konkurs', 'kommunedatabasen', 'kostra', 'lakselus', 'lovtidend', 'luftkvalitet',
      'lysingsblad', 'politiloggen', 'regjeringen', 'rss-news', 'stromprise', 'brreg-endringer', 'connectors', 'data-quality', 'audit', 'companies',
      'persons', 'kg', 'sync', 'config', 'sync-state', 'storage', 'discovery', 'lineage', 'backup', 'metrics', 'dashboard',
    ];
    for (const k of spec) expect(keys.has(k), k).toBe(true);
  });
});

describe('platform keys served by the backend', () => {
  const t = createTestApp();

  it('connectors: every connector with status and health, and one by slug', async () => {
    const res = await t.fetch('/api/data/connectors/list', { headers: auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.total).toBe(t.services.registry.servers.length);
    const brreg = body.connectors.find((c: { slug: string }) => c.slug === 'brreg');
    expect(brreg).toMatchObject({ sourceKey: 'brreg', owner: 'Brønnøysundregistrene', url: 'http://127.0.0.1:8787/mcp/brreg', toolCount: 19 });
    expect(brreg.tools.active + brreg.tools.deprecated).toBe(19);
    expect(brreg.health.status).toBe('ok');
    expect(brreg.health.upstreams.map((u: { id: string }) => u.id)).toEqual(['brreg', 'brreg-regnskap']);
    const one = await (await t.fetch('/api/data/connectors/brreg-konkurs', { headers: auth })).json();
    expect(one.toolList.map((x: { name: string }) => x.name)).toContain('brreg_konkurs_get');
    expect((await t.fetch('/api/data/connectors/nope', { headers: auth })).status).toBe(404);
  });

  it('metrics: calls, errors and latency per connector', async () => {
    const app = createTestApp();
    await app.fetch('/api/connectors/brreg/enheter/923609016', { headers: auth });
    await app.fetch('/api/connectors/brreg/enheter/923609016/underenheter?size=abc', { headers: auth });
    const body = await (await app.fetch('/api/data/metrics/summary', { headers: auth })).json();
    const brreg = body.connectors.find((c: { slug: string }) => c.slug === 'brreg');
    expect(brreg.calls).toBe(2);
    expect(brreg.errors).toBe(1);
    expect(brreg.errorRate).toBe(0.5);
    expect(brreg.maxLatencyMs).toBeGreaterThanOrEqual(brreg.meanLatencyMs);
    expect(body.connectors.find((c: { slug: string }) => c.slug === 'cvr')).toMatchObject({ calls: 0, errors: 0 });
  });

  it('config: the tiers and limits of REST spec 8', async () => {
    const body = await (await t.fetch('/api/data/config/public', { headers: auth })).json();
    expect(body.apiVersion).toBe('0.1.0');
    expect(body.tiers.dev).toEqual({ requestsPerWindow: 60, windowSeconds: 60, burstPerSecond: 10, concurrent: 4 });
    expect(body.tiers.pro).toEqual({ requestsPerWindow: 1000, windowSeconds: 60, burstPerSecond: 100, concurrent: 16 });
    expect(body.tiers.team).toEqual({ requestsPerWindow: 10000, windowSeconds: 60, burstPerSecond: 500, concurrent: 64 });
    expect(body.tiers.enterprise).toEqual({ byAgreement: true });
    expect(body.limits.endepunkt).toEqual({ minLength: 1, maxLength: 200 });
    expect(body.dataBackend).toBe('in-process');
    expect(JSON.stringify(body)).not.toContain(KEYS.pro);
  });

  it('discovery: catalogue search through the discovery server’s route', async () => {
    const body = await (await t.fetch('/api/data/discovery/search?q=bankruptcy&limit=3', { headers: auth })).json();
    expect(body.returned).toBe(3);
    expect(body.results[0].tool).toMatch(/konkurs/);
  });

  it('companies and sources are the servers’ own routes', async () => {
    const sources = await (await t.fetch('/api/data/sources/sources/brreg', { headers: auth })).json();
    expect(sources.key).toBe('brreg');
    const companies = await t.fetch('/api/data/companies/no-such-route', { headers: auth });
    expect(companies.status).toBe(404);
    expect((await companies.json()).detail).not.toContain('Unknown source key');
  });
});

describe('endepunkt length', () => {
  const t = createTestApp();

  it('an empty endepunkt is 400, with or without the slash', async () => {
    for (const path of ['/api/data/brreg', '/api/data/brreg/']) {
      const res = await t.fetch(path, { headers: auth });
      expect(res.status, path).toBe(400);
      expect((await res.json()).detail).toBe('endepunkt: must be at least 1 characters (got "")');
    }
  });

  it('200 characters pass to the backend, 201 are refused', async () => {
    const ok = await t.fetch(`/api/data/brreg/${'a'.repeat(200)}`, { headers: auth });
    expect(ok.status).toBe(404);
    const bad = await t.fetch(`/api/data/brreg/${'a'.repeat(201)}`, { headers: auth });
    expect(bad.status).toBe(400);
    expect((await bad.json()).detail).toMatch(/endepunkt: must be at most 200 characters/);
    // Counted after decoding: 200 encoded characters are 200.
    const encoded = await t.fetch(`/api/data/brreg/${'%C3%B8'.repeat(200)}`, { headers: auth });
    expect(encoded.status).toBe(404);
  });
});

/** A transport that answers data-backend requests itself and everything else from the recordings. */
class BackendFake implements Transport {
  readonly seen: OutgoingRequest[] = [];
  constructor(private readonly answer: (req: OutgoingRequest) => RawResponse | Promise<RawResponse>) {}
  send(req: OutgoingRequest): Promise<RawResponse> {
    if (req.upstreamId !== 'data-backend') return replay().send(req);
    this.seen.push(req);
    return Promise.resolve(this.answer(req));
  }
}

const bytes = (status: number, body: string, type = 'application/json'): RawResponse => ({ status, headers: { 'content-type': type }, body: Buffer.from(body) });

describe('an external backend (DATA_BACKEND_URL)', () => {
  const env = { DATA_BACKEND_URL: 'https://backend.example.test/base/', DATA_BACKEND_KEY: 'backend-key-SECRET-1' };

  it('forwards to {DATA_BACKEND_URL}/v1/connectors/{kilde}/{endepunkt} with the backend key, and returns the answer byte for byte', async () => {
    const fake = new BackendFake(() => bytes(200, '{"snake_case":1,  "kept":"as is"}'));
    const t = createTestApp({ env, transport: fake });
    const res = await t.fetch('/api/data/brreg/enheter%2F923609016?b=2&a=1', { headers: auth });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"snake_case":1,  "kept":"as is"}');
    expect(fake.seen).toHaveLength(1);
    expect(fake.seen[0].url).toBe('https://backend.example.test/base/v1/connectors/brreg/enheter/923609016?a=1&b=2');
    expect(fake.seen[0].method).toBe('GET');
    expect(fake.seen[0].headers.authorization).toBe('Bearer backend-key-SECRET-1');
    // The caller's own key is never forwarded.
    expect(JSON.stringify(fake.seen[0].headers)).not.toContain(KEYS.pro);
  });

  it('POSTs the JSON body', async () => {
    const fake = new BackendFake(() => bytes(200, '{}'));
    const t = createTestApp({ env, transport: fake });
    const res = await t.fetch('/api/data/konkurs/konkurs/search', jsonPost('{"q":"vask","size":5}'));
    expect(res.status).toBe(200);
    expect(fake.seen[0].method).toBe('POST');
    expect(JSON.parse(fake.seen[0].body!)).toEqual({ q: 'vask', size: 5 });
  });

  it('passes a backend Problem as it is, once (no retry)', async () => {
    const problem = '{"type":"about:blank","title":"Upstream unavailable","status":503,"detail":"x"}';
    const fake = new BackendFake(() => ({ ...bytes(503, problem, 'application/problem+json'), headers: { 'content-type': 'application/problem+json', 'retry-after': '9' } }));
    const t = createTestApp({ env, transport: fake });
    const res = await t.fetch('/api/data/brreg/enheter/923609016', { headers: auth });
    expect(res.status).toBe(503);
    expect(await res.text()).toBe(problem);
    // REST spec 8: Retry-After only on 429 (issue 25 item 17).
    expect(res.headers.get('retry-after')).toBeNull();
    expect(fake.seen).toHaveLength(1);
  });

  it.each([
    [500, 502, 'upstream-unavailable'],
    [502, 502, 'upstream-unavailable'],
    [503, 503, 'upstream-unavailable'],
    [401, 503, 'not-configured'],
    [404, 404, 'not-found'],
  ])('turns a backend %i without a Problem body into a %i Problem', async (status, expected, type) => {
    const fake = new BackendFake(() => bytes(status, '<html>error</html>', 'text/html'));
    const t = createTestApp({ env, transport: fake });
    const res = await t.fetch('/api/data/brreg/enheter/923609016', { headers: auth });
    expect(res.status).toBe(expected);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect((await res.json()).type).toBe(`http://127.0.0.1:8787/errors/${type}`);
  });

  it.each(['timeout', 'connect', 'reset'] as const)('a backend that does not answer (%s) is a 503 Problem', async (kind) => {
    const fake = new BackendFake(() => {
      throw new TransportError(kind, `scripted ${kind}`);
    });
    const t = createTestApp({ env, transport: fake });
    const res = await t.fetch('/api/data/brreg/enheter/923609016', { headers: auth });
    expect(res.status).toBe(503);
    const p = await res.json();
    expect(p.type).toBe('http://127.0.0.1:8787/errors/upstream-unavailable');
    expect(p.svcRequestId).toBeTruthy();
  });

  it('refuses an invalid DATA_BACKEND_URL at start-up', () => {
    expect(() => createTestApp({ env: { DATA_BACKEND_URL: 'ftp://x.test' } })).toThrow(/DATA_BACKEND_URL/);
  });
});

describe('an in-process backend that does not answer in time', () => {
  it('is a 503 Problem', async () => {
    const upstreams = UPSTREAMS.map((u) => (u.id === 'data-backend' ? { ...u, timeoutMs: 50 } : u));
    const t = createTestApp({ upstreams });
    t.services.backend.attach(() => new Promise<Response>(() => {}));
    const res = await t.fetch('/api/data/brreg/enheter/923609016', { headers: auth });
    expect(res.status).toBe(503);
    expect((await res.json()).detail).toMatch(/did not answer in time/);
  });
});
