// Upstream faults against the real service (runtime/server.ts on a real socket, UPSTREAM_MODE=live)
// and a local fake upstream the test scripts per request. Every fault is sent through each face
// that reaches the upstream: MCP tools/call, the connector route, the REST company search and the
// data proxy. Each must give the mapped error of DESIGN.md (MCP: an isError result with the
// structured body; REST: a Problem with svcRequestId), leave the process healthy (the next good
// request succeeds and really reaches the fake) and leak nothing (no stack, no path, no
// credential, no upstream address). Then the circuit breaker: opens, answers fast without a send,
// half-opens, a failed probe reopens it, a good probe closes it; /api/v1/health shows each state.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UpstreamDefinition } from '../runtime/upstream/catalogue.js';
import { UPSTREAMS } from './helpers/upstreams.js';
import { resetSanctionsIndexes } from '../servers/_shared/sanctions-index/index.js';
import {
  FakeUpstream,
  byPath,
  chunkedLarge,
  declaredLarge,
  hang,
  json,
  redirect,
  resetMidBody,
  slowBody,
  status,
  text,
  type Behaviour,
} from './helpers/fake-upstream.js';
import { BEARER, FAKE_SECRETS, allUpstreamsAt, expectNoLeak, mcpCall, startLive, watchProcess, type LiveApp } from './helpers/live-app.js';
import { KEYS } from './helpers/app.js';

const ORGNR = '923609016';
const TIMEOUT_MS = 250;
const BODY_CAP = 64 * 1024;
const BREAKER = { threshold: 3, cooldownMs: 800 };

const BASIC = Buffer.from(`${FAKE_SECRETS.CVR_ES_USER}:${FAKE_SECRETS.CVR_ES_PASS}`).toString('base64');
const recorded = (file: string) => (JSON.parse(readFileSync(`tests/recordings/${file}`, 'utf8')) as { response: { json: unknown } }).response.json;
const ENHET = recorded('brreg/enheter_923609016.json');
const SEARCH = recorded('brreg/enheter-search-kiwi.json');
const FSF_XML = readFileSync('tests/recordings/eu-fsf/fsf-export.xml');

/** The brreg upstream answering well: one entity and one name search. */
const GOOD: Behaviour = byPath([
  [/^\/enhetsregisteret\/api\/enheter\/923609016$/, json(200, ENHET)],
  [/^\/enhetsregisteret\/api\/enheter\?/, json(200, SEARCH)],
  [/^\/fsd\/fsf\/public\/files\/xmlFullSanctionsList_1_1\/content\?token=/, text(200, FSF_XML, { 'content-type': 'application/xml' })],
]);

/** Short deadline, small body cap and a quick breaker for brreg; everything else as in production. */
const TEST_UPSTREAMS: UpstreamDefinition[] = UPSTREAMS.map((d) =>
  d.id === 'brreg' ? { ...d, timeoutMs: TIMEOUT_MS, maxBodyBytes: BODY_CAP, breaker: BREAKER } : d.id === 'cvr' ? { ...d, timeoutMs: TIMEOUT_MS } : d,
);

const watch = watchProcess();
let fake: FakeUpstream;
let elsewhere: FakeUpstream;
let app: LiveApp;
/** Everything that must never reach a client: the credentials, their Basic form, the API key, the fake's address. */
let secrets: string[];

beforeAll(async () => {
  watch.start();
  fake = await FakeUpstream.start(GOOD);
  elsewhere = await FakeUpstream.start(json(200, { stolen: true }));
  app = await startLive({ ...allUpstreamsAt(fake.url), SANCTIONS_BASE_URL: `${fake.url}/fsd/fsf` }, { upstreams: TEST_UPSTREAMS });
  secrets = [
    ...Object.values(FAKE_SECRETS),
    BASIC,
    KEYS.enterprise,
    `127.0.0.1:${fake.port}`,
    `127.0.0.1:${elsewhere.port}`,
  ];
});

afterAll(async () => {
  await app?.close();
  await fake?.stop();
  await elsewhere?.stop();
  watch.stop();
});

beforeEach(() => {
  app.running.services.upstream.clearCache();
  fake.respond(GOOD).clear();
});

/** The error a face answered, read the same way whatever the face. */
interface Mapped {
  status: number;
  code: string;
  detail: string;
  retryAfterMs?: number;
  extra: Record<string, unknown>;
}

interface Face {
  name: string;
  /** Path prefix of the upstream request this face makes. */
  upstream: string;
  fault(): Promise<Mapped>;
  good(): Promise<void>;
}

/** An MCP tools/call: HTTP 200, a result with isError and the structured body, request id echoed. */
async function mcpFault(slug: string, tool: string, args: unknown): Promise<Mapped> {
  const r = await mcpCall(app, slug, tool, args);
  expect(r.status).toBe(200);
  expect(r.json).toMatchObject({ jsonrpc: '2.0', id: 1 });
  expect(r.isError).toBe(true);
  const { status: s, code, message, svcRetryAfterMs, requestId, ...extra } = r.data.error;
  expect(requestId).toBe(r.headers.get('x-request-id'));
  expectNoLeak(r.text, secrets);
  return { status: s, code, detail: message, retryAfterMs: svcRetryAfterMs, extra };
}

/** A REST answer: a Problem (RFC 9457 fields of spec 2.1) whose status is the HTTP status. */
async function restFault(path: string, init: RequestInit = {}): Promise<Mapped> {
  const r = await app.fetch(path, { ...init, headers: { ...BEARER, ...(init.headers as Record<string, string>) } });
  expect(r.headers.get('content-type')).toBe('application/problem+json');
  const p = r.json;
  expect(p).toMatchObject({ status: r.status, title: expect.any(String), type: expect.stringMatching(/\/errors\/[a-z-]+$/) });
  expect(p.svcRequestId).toBe(r.headers.get('x-request-id'));
  expect(p.instance).toBe(`urn:uuid:${p.svcRequestId}`);
  // REST spec 8: Retry-After only on 429; other answers carry svcRetryAfterMs alone (issue 25 item 17).
  if (p.svcRetryAfterMs !== undefined && r.status === 429) expect(r.headers.get('retry-after')).toBe(String(Math.max(1, Math.ceil(p.svcRetryAfterMs / 1000))));
  if (r.status !== 429) expect(r.headers.get('retry-after')).toBeNull();
  expectNoLeak(r.text, secrets);
  const { status: s, code, detail, svcRetryAfterMs, type: _t, title: _ti, instance: _i, svcRequestId: _r, ...extra } = p;
  return { status: s, code, detail, retryAfterMs: svcRetryAfterMs, extra };
}

async function restGood(path: string): Promise<any> {
  const r = await app.fetch(path, { headers: BEARER });
  expect(r.status, r.text).toBe(200);
  return r.json;
}

const ENTITY = `/enhetsregisteret/api/enheter/${ORGNR}`;
const SEARCH_PATH = '/enhetsregisteret/api/enheter?';

const FACES: Face[] = [
  {
    name: 'MCP tools/call brreg.enhet.lookup',
    upstream: ENTITY,
    fault: () => mcpFault('brreg', 'brreg.enhet.lookup', { orgnr: ORGNR }),
    good: async () => {
      const r = await mcpCall(app, 'brreg', 'brreg.enhet.lookup', { orgnr: ORGNR });
      expect(r.isError).toBe(false);
      expect(r.data.navn).toBe('EQUINOR ASA');
    },
  },
  {
    name: 'connector GET /api/connectors/brreg/enheter/:orgnr',
    upstream: ENTITY,
    fault: () => restFault(`/api/connectors/brreg/enheter/${ORGNR}`),
    good: async () => expect((await restGood(`/api/connectors/brreg/enheter/${ORGNR}`)).navn).toBe('EQUINOR ASA'),
  },
  {
    name: 'REST GET /api/v1/companies?q=kiwi',
    upstream: SEARCH_PATH,
    fault: () => restFault('/api/v1/companies?q=kiwi'),
    good: async () => {
      const body = await restGood('/api/v1/companies?q=kiwi');
      expect(body.companies.length).toBeGreaterThan(0);
      expect(body.companies[0]).toMatchObject({ idType: 'NO_ORGNR', country: 'NO' });
    },
  },
  {
    name: 'data proxy GET /api/data/brreg/enheter/:orgnr',
    upstream: ENTITY,
    fault: () => restFault(`/api/data/brreg/enheter/${ORGNR}`),
    good: async () => expect((await restGood(`/api/data/brreg/enheter/${ORGNR}`)).navn).toBe('EQUINOR ASA'),
  },
];

/** Runs the fault on a face, then shows the process healthy: the fake answers well and the same face succeeds. */
async function faultThenHealthy(face: Face, behaviour: Behaviour | 'refused'): Promise<{ mapped: Mapped; attempts: number; at: number[] }> {
  app.running.services.upstream.clearCache();
  fake.clear();
  let mapped: Mapped;
  if (behaviour === 'refused') {
    await fake.stop();
    try {
      mapped = await face.fault();
    } finally {
      await fake.start();
    }
  } else {
    fake.respond(behaviour);
    mapped = await face.fault();
  }
  const seen = fake.requests.filter((r) => r.url.startsWith(face.upstream));
  const attempts = seen.length;
  const at = seen.map((r) => r.at);
  fake.respond(GOOD).clear();
  app.running.services.upstream.clearCache();
  await face.good();
  expect(fake.count(face.upstream), 'the good request reached the upstream').toBe(1);
  return { mapped, attempts, at };
}

describe.each(FACES)('$name', (face) => {
  it('connection refused: 502 upstream_unavailable, could not be reached', async () => {
    const { mapped } = await faultThenHealthy(face, 'refused');
    expect(mapped).toMatchObject({ status: 502, code: 'upstream_unavailable' });
    expect(mapped.detail).toMatch(/could not be reached/);
  });

  it('connection reset mid-body: 502, retried (3 attempts)', async () => {
    const { mapped, attempts } = await faultThenHealthy(face, resetMidBody());
    expect(mapped).toMatchObject({ status: 502, code: 'upstream_unavailable' });
    expect(mapped.detail).toMatch(/connection to .* failed/);
    expect(attempts).toBe(3);
  });

  it('no headers before the deadline: 502, did not answer in time (3 attempts)', async () => {
    const { mapped, attempts } = await faultThenHealthy(face, hang());
    expect(mapped).toMatchObject({ status: 502, code: 'upstream_unavailable' });
    expect(mapped.detail).toMatch(/did not answer in time/);
    expect(attempts).toBe(3);
  });

  it('a body still trickling at the deadline: 502, did not answer in time', async () => {
    // The body would take 10 s and then be whole: a 502 "did not answer in time" is the deadline
    // cutting it (three such bodies would also outlast the test's own timeout).
    const { mapped, attempts } = await faultThenHealthy(face, slowBody(fake, 40, 10_000));
    expect(mapped).toMatchObject({ status: 502, code: 'upstream_unavailable' });
    expect(mapped.detail).toMatch(/did not answer in time/);
    expect(attempts).toBe(3);
  });

  it.each([500, 502, 503, 504])('HTTP %i: retried with backoff (3 attempts), then 502 with upstreamStatus', async (code) => {
    const { mapped, attempts, at } = await faultThenHealthy(face, status(code));
    expect(mapped).toMatchObject({ status: 502, code: 'upstream_unavailable', extra: { upstreamStatus: code } });
    expect(mapped.detail).toMatch(new RegExp(`answered HTTP ${code}`));
    expect(attempts).toBe(3);
    // Backoff of retryBaseMs 20: the first wait is at least 10 ms, the second at least 20 ms.
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(9);
    expect(at[2] - at[1]).toBeGreaterThanOrEqual(19);
  });

  it('HTTP 429 with Retry-After: not retried (1 attempt), 503 with svcRetryAfterMs; nothing reaches the upstream until then', async () => {
    app.running.services.upstream.clearCache();
    fake.respond(status(429, { 'retry-after': '1' })).clear();
    const mapped = await face.fault();
    expect(mapped).toMatchObject({ status: 503, code: 'upstream_unavailable', retryAfterMs: 1000 });
    expect(fake.count(face.upstream)).toBe(1);
    // Held: the same 503 at once, with the time left, and the upstream sees nothing.
    fake.respond(GOOD);
    const held = await face.fault();
    expect(held).toMatchObject({ status: 503, code: 'upstream_unavailable' });
    expect(held.detail).toMatch(/rate limiting/);
    expect(held.retryAfterMs).toBeGreaterThan(0);
    expect(held.retryAfterMs).toBeLessThanOrEqual(1000);
    expect(fake.count(face.upstream)).toBe(1);
    await new Promise((r) => setTimeout(r, held.retryAfterMs! + 10));
    fake.clear();
    await face.good();
    expect(fake.count(face.upstream), 'the good request reached the upstream').toBe(1);
  });

  it('malformed JSON: 502, not retried', async () => {
    const { mapped, attempts } = await faultThenHealthy(face, text(200, '{"navn": "EQUINOR', { 'content-type': 'application/json' }));
    expect(mapped).toMatchObject({ status: 502, code: 'upstream_unavailable' });
    expect(mapped.detail).toMatch(/malformed JSON/);
    expect(attempts).toBe(1);
  });

  it('a declared Content-Length over the cap: 502, not retried', async () => {
    const { mapped, attempts } = await faultThenHealthy(face, declaredLarge(BODY_CAP * 4));
    expect(mapped).toMatchObject({ status: 502, code: 'upstream_unavailable' });
    expect(mapped.detail).toMatch(/more data than this service accepts/);
    expect(attempts).toBe(1);
  });

  it('a chunked body growing over the cap: 502, not retried', async () => {
    const { mapped, attempts } = await faultThenHealthy(face, chunkedLarge(BODY_CAP * 8));
    expect(mapped).toMatchObject({ status: 502, code: 'upstream_unavailable' });
    expect(mapped.detail).toMatch(/more data than this service accepts/);
    expect(attempts).toBe(1);
  });

  it('a redirect to another host: 502, not followed (the other host sees nothing)', async () => {
    elsewhere.clear();
    const { mapped, attempts } = await faultThenHealthy(face, redirect(`${elsewhere.url}/steal?key=${FAKE_SECRETS.RSK_API_KEY}`));
    expect(mapped).toMatchObject({ status: 502, code: 'upstream_unavailable' });
    expect(mapped.detail).toMatch(/redirect \(HTTP 302\), which is not followed/);
    expect(attempts).toBe(1);
    expect(elsewhere.requests).toHaveLength(0);
  });
});

describe('faults of other upstreams', () => {
  const XML_PATH = '/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content';
  const brokenXml = text(200, '<?xml version="1.0"?><export generationDate="2026-11-22"><sanctionEntity logicalId="1"><nameAlias wholeName="A', {
    'content-type': 'application/xml',
  });

  it('malformed XML from the sanctions list: 502 on every face, one download counted by the breaker, no new download until the pause is over; then the list loads', async () => {
    fake.respond(brokenXml);
    const viaMcp = await mcpFault('sanksjoner', 'sanctions.eu.search', { q: 'Putin' });
    expect(viaMcp).toMatchObject({ status: 502, code: 'upstream_unavailable' });
    expect(viaMcp.detail).toMatch(/not well-formed XML/);
    const viaRoute = await restFault('/api/connectors/sanksjoner/eu/search?q=Putin');
    expect(viaRoute).toMatchObject({ status: 502, code: 'upstream_unavailable' });
    expect(viaRoute.detail).toMatch(/The next download will be tried at/);
    expect(viaRoute.retryAfterMs).toBeGreaterThan(0);
    expect(fake.count(XML_PATH)).toBe(1);
    expect(app.running.services.upstream.breakerStates()['eu-fsf'].consecutiveFailures).toBe(1);
    // The pause over (here: the store forgotten), the list loads and the breaker closes again.
    resetSanctionsIndexes();
    fake.respond(GOOD);
    const r = await mcpCall(app, 'sanksjoner', 'sanctions.eu.search', { q: 'Putin' });
    expect(r.isError).toBe(false);
    expect(r.data.total).toBeGreaterThan(0);
    expect(r.data.list.lastRefreshError).toBeNull();
    expect(app.running.services.upstream.breakerStates()['eu-fsf'].consecutiveFailures).toBe(0);
  });

  it('a Basic-auth upstream (CVR, DK search) failing with 500: an idempotent POST is retried, 502, and its credentials stay out of the answer', async () => {
    fake.respond(status(500));
    const mapped = await restFault('/api/v1/companies?q=novo&country=DK');
    expect(mapped).toMatchObject({ status: 502, code: 'upstream_unavailable', extra: { upstreamStatus: 500 } });
    const sent = fake.requests.filter((r) => r.url.startsWith('/cvr-permanent/virksomhed/_search'));
    expect(sent).toHaveLength(3);
    expect(sent[0].method).toBe('POST');
    // The credentials really were in play: the fake got them, the client did not.
    expect(sent[0].headers.authorization).toBe(`Basic ${BASIC}`);
  });

  it('a Basic-auth upstream that rejects the credentials (401): 503 not_configured, not retried', async () => {
    fake.respond(status(401));
    const mapped = await restFault('/api/v1/companies?q=novo&country=DK');
    expect(mapped).toMatchObject({ status: 503, code: 'not_configured' });
    expect(fake.count('/cvr-permanent/')).toBe(1);
  });
});

describe('circuit breaker (threshold 3, cooldown 800 ms) on brreg', () => {
  const health = async () => {
    const r = await app.fetch('/api/v1/health');
    expect(r.status).toBe(200);
    return r.json;
  };
  const lookup = () => mcpCall(app, 'brreg', 'brreg.enhet.lookup', { orgnr: ORGNR });
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('opens after 3 failed requests, answers fast without a send, half-opens, reopens on a failed probe, closes on a good one', async () => {
    const before = await health();
    expect(before.upstreams.brreg).toMatchObject({ state: 'closed', consecutiveFailures: 0 });
    expect(before.upstreamsNotClosed).not.toContain('brreg');

    // Three failed requests (each three attempts): the breaker opens.
    fake.respond(status(503));
    for (let i = 0; i < 3; i++) {
      const r = await lookup();
      expect(r.data.error).toMatchObject({ status: 502, code: 'upstream_unavailable' });
    }
    expect(fake.count(ENTITY)).toBe(9);
    const open = await health();
    expect(open.status).toBe('degraded');
    expect(open.upstreamsNotClosed).toContain('brreg');
    expect(open.upstreams.brreg).toMatchObject({ state: 'open', consecutiveFailures: 3 });
    expect(open.upstreams.brreg.retryAfterMs).toBeGreaterThan(0);
    expect(open.upstreams.brreg.retryAfterMs).toBeLessThanOrEqual(BREAKER.cooldownMs);
    // Another register on the same host has its own breaker.
    expect(open.upstreams['brreg-regnskap'].state).toBe('closed');

    // While open: an upstream that would hang gets no request (fake.requests stays empty below),
    // and every face answers without one.
    fake.respond(hang()).clear();
    const viaMcp = await mcpFault('brreg', 'brreg.enhet.lookup', { orgnr: ORGNR });
    const viaRoute = await restFault(`/api/connectors/brreg/enheter/${ORGNR}`);
    const viaSearch = await restFault('/api/v1/companies?q=kiwi');
    for (const m of [viaMcp, viaRoute, viaSearch]) {
      expect(m).toMatchObject({ status: 503, code: 'upstream_unavailable' });
      expect(m.detail).toMatch(/requests are paused/);
      expect(m.retryAfterMs).toBeGreaterThan(0);
      expect(m.retryAfterMs).toBeLessThanOrEqual(BREAKER.cooldownMs);
    }
    expect(fake.requests).toHaveLength(0);

    // After the cooldown the breaker lets one probe through; a failing probe opens it again.
    await wait(BREAKER.cooldownMs + 50);
    expect((await health()).upstreams.brreg.state).toBe('half_open');
    fake.respond(status(503)).clear();
    const probe = await lookup();
    expect(probe.data.error).toMatchObject({ status: 502, code: 'upstream_unavailable' });
    expect(fake.count(ENTITY)).toBe(1); // a probe gets one attempt, no retries
    expect((await health()).upstreams.brreg.state).toBe('open');

    // After another cooldown a good probe closes it, and health says ok for brreg again.
    await wait(BREAKER.cooldownMs + 50);
    fake.respond(GOOD).clear();
    const good = await lookup();
    expect(good.isError).toBe(false);
    expect(good.data.navn).toBe('EQUINOR ASA');
    expect(fake.count(ENTITY)).toBe(1);
    const closed = await health();
    expect(closed.upstreams.brreg).toMatchObject({ state: 'closed', consecutiveFailures: 0, openedAt: null, retryAfterMs: 0 });
    expect(closed.upstreamsNotClosed).not.toContain('brreg');
  });
});

describe('the whole file', () => {
  it('no answer or log line carried a credential, and no answer a stack trace or a path', () => {
    expect(app.bodies.length).toBeGreaterThan(100);
    // Error answers were also checked for the fake's address as they came; a good sanctions answer
    // names its list's public address on purpose (list.source), so the whole-file scan leaves it out.
    const logSecrets = [...Object.values(FAKE_SECRETS), KEYS.enterprise];
    for (const body of app.bodies) expectNoLeak(body, [...logSecrets, BASIC]);
    expect(app.logs.length).toBeGreaterThan(100);
    for (const line of app.logs) for (const secret of logSecrets) expect(line.includes(secret), `log line carries ${secret}: ${line.slice(0, 200)}`).toBe(false);
  });

  it('no unhandled rejection or uncaught exception fired', () => {
    expect(watch.seen).toEqual([]);
  });
});
