// The data proxy never reaches outside /v1/connectors/{kilde}/ on its backend, whatever the
// encoding. The real service runs on a socket with DATA_BACKEND_URL at a fake backend that records
// every path it is asked for; property-based paths mixing `..`, `.`, `%2e%2e`, `%252e`, `%2F`,
// `%5C`, `%00`, overlong UTF-8, mixed case, unicode look-alikes (full-width and small full stops,
// the two-dot leader, division and full-width slashes) and random segments are sent byte for byte
// (node:http, no client-side normalisation). Each answer is a 400 or 404 Problem, or a 200 that
// reached the backend exactly once, under the right prefix, with no segment that decodes to a
// dot segment, a separator, a `%` or a control character.
import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeUpstream, json, type SeenRequest } from './helpers/fake-upstream.js';
import { BEARER, FAKE_SECRETS, expectNoLeak, startLive, watchProcess, type LiveApp } from './helpers/live-app.js';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 250);
const watch = watchProcess();
let backend: FakeUpstream;
let app: LiveApp;
let served: string[];

beforeAll(async () => {
  watch.start();
  backend = await FakeUpstream.start((_req, res, seen) => json(200, { ok: true, path: seen.url })(_req, res, seen));
  app = await startLive({ DATA_BACKEND_URL: backend.url, BRREG_BASE_URL: 'http://127.0.0.1:9' });
  served = app.running.services.registry.servers.map((s) => s.sourceKey);
});

afterAll(async () => {
  await app?.close();
  await backend?.stop();
  watch.stop();
});

/** Sends `path` exactly as written. */
function rawGet(path: string, method = 'GET', body?: string): Promise<{ status: number; type: string; text: string }> {
  const u = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: u.hostname, port: u.port, path, method, headers: { ...BEARER, ...(body !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Dot segments, separators and look-alikes in the forms a path can carry them. */
const TOKENS = [
  '..',
  '.',
  '...',
  '%2e%2e',
  '%2E%2e',
  '%2e.',
  '.%2E',
  '%2e',
  '%252e%252e',
  '%252E',
  '%25252e',
  '%2F',
  '%2f',
  '%252F',
  '%5C',
  '%5c',
  '%255C',
  '%00',
  '%2500',
  '%0a',
  '%c0%ae',
  '%C0%AF',
  '%e0%80%ae',
  '%EF%BC%8E', // FULLWIDTH FULL STOP
  '%EF%BC%8E%EF%BC%8E',
  '%EF%B9%92', // SMALL FULL STOP
  '%E2%80%A4', // ONE DOT LEADER
  '%E2%80%A5', // TWO DOT LEADER (NFKC: "..")
  '%EF%BC%8F', // FULLWIDTH SOLIDUS
  '%E2%88%95', // DIVISION SLASH
  '%E2%81%84', // FRACTION SLASH
  '%EF%BC%BC', // FULLWIDTH REVERSE SOLIDUS
  '%20',
  '%09',
  '~',
  'enheter',
  'EnHeTeR',
  '%45nheter',
  '923609016',
  'v1',
  'connectors',
  'admin',
];
const token = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...TOKENS) }, { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/) });
const SEPARATORS = ['/', '/', '/', '', '%2F', '%2f', '%5C', '/./', '//'];
const endepunkt = fc
  .array(fc.tuple(token, fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.map(([t, sep], i) => (i === parts.length - 1 ? t : `${t}${sep}`)).join(''));
const kildeArb = () =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant('brreg') },
    { weight: 2, arbitrary: fc.constantFrom(...served) },
    { weight: 1, arbitrary: fc.constantFrom('BRREG', 'Brreg', '%62rreg', 'brreg%2F..', '..', '%2e%2e', 'brreg%00', 'konkurs%2F..%2Fbrreg', '%EF%BC%8E%EF%BC%8E') },
  );
const queryArb = fc.constantFrom('', '', '', '?x=..%2F..', '?navn=%2e%2e%2F', '?a=%00', '?%2F=1');

/** Decoded forms that may never appear as a path segment at the backend. */
function badSegment(raw: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return 'undecodable';
  }
  const compatible = decoded.normalize('NFKC');
  if (decoded === '' ) return 'empty segment';
  if (['.', '..'].includes(compatible) || /^[.\s]+$/.test(compatible)) return 'dot segment';
  if (/[/\\]/.test(compatible)) return 'separator';
  if (decoded.includes('%')) return 'double encoding';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(decoded)) return 'control character';
  return undefined;
}

/** Checks that a path the backend saw stays under /v1/connectors/{kilde}/. */
function expectUnderPrefix(seen: SeenRequest, kilde: string): void {
  const prefix = `/v1/connectors/${encodeURIComponent(kilde)}/`;
  const path = seen.url.split('?')[0];
  expect(path.startsWith(prefix), `${seen.url} is not under ${prefix}`).toBe(true);
  expect(new URL(seen.url, 'http://backend').pathname.startsWith(prefix), `${seen.url} normalises out of ${prefix}`).toBe(true);
  for (const segment of path.slice(prefix.length).split('/')) expect(badSegment(segment), `${seen.url}: segment ${segment}`).toBeUndefined();
  expect(seen.headers.authorization).toBe(`Bearer ${FAKE_SECRETS.DATA_BACKEND_KEY}`);
}

const outcomes = new Map<string, number>();

/** One proxy request: 400/404 with no backend call, or 200 with exactly one, under the prefix. */
async function probe(kilde: string, e: string, query: string, method: 'GET' | 'POST' = 'GET'): Promise<void> {
  const path = `/api/data/${kilde}/${e}${query}`;
  const before = backend.requests.length;
  const r = await rawGet(path, method, method === 'POST' ? '{"q":"x"}' : undefined);
  const hits = backend.requests.slice(before);
  const ctx = `${method} ${path} -> ${r.status} ${r.text.slice(0, 200)} backend saw ${JSON.stringify(hits.map((h) => h.url))}`;
  expect(r.status, ctx).not.toBe(500);
  expectNoLeak(r.text, [FAKE_SECRETS.DATA_BACKEND_KEY, `127.0.0.1:${backend.port}`], ctx);
  const normalised = new URL(path, 'http://client').pathname;
  const m = /^\/api\/data\/([^/]+)\/(.+)$/.exec(normalised);
  if (!m) {
    // The URL parser resolved dot segments out of the proxy route before any router saw it.
    expect(hits, ctx).toHaveLength(0);
    outcomes.set('not a proxy path', (outcomes.get('not a proxy path') ?? 0) + 1);
    return;
  }
  let decodedKilde: string;
  try {
    decodedKilde = decodeURIComponent(m[1]);
  } catch {
    decodedKilde = m[1];
  }
  if (r.status === 200) {
    expect(hits, ctx).toHaveLength(1);
    expectUnderPrefix(hits[0], decodedKilde);
    expect(JSON.parse(r.text), ctx).toMatchObject({ ok: true });
  } else {
    expect([400, 404], ctx).toContain(r.status);
    expect(r.type, ctx).toBe('application/problem+json');
    expect(hits, ctx).toHaveLength(0);
  }
  outcomes.set(String(r.status), (outcomes.get(String(r.status)) ?? 0) + 1);
}

describe('data proxy paths, property-based, over a real socket', () => {
  it('GET: every generated path answers 400/404 or reaches the backend only under /v1/connectors/{kilde}/', async () => {
    await fc.assert(fc.asyncProperty(kildeArb(), endepunkt, queryArb, (k, e, q) => probe(k, e, q)), { numRuns: RUNS });
  });

  it('POST: the same rule', async () => {
    await fc.assert(fc.asyncProperty(kildeArb(), endepunkt, (k, e) => probe(k, e, '', 'POST')), { numRuns: Math.ceil(RUNS / 3) });
  });

  it.each([
    'enheter%E2%80%A5%2Fadmin',
    '%E2%80%A5%2Fadmin',
    'enheter/%E2%80%A5/admin',
    '%EF%B9%92%EF%B9%92%2Fadmin',
    'enheter%E2%88%95..%E2%88%95admin',
    'enheter%E2%81%84admin',
    '%EF%BC%8E%EF%BC%8E%EF%BC%8Fadmin',
    'enheter%2F%2E%2E%2F%2E%2E%2F%2E%2E%2Fhealth',
    '%2e%2E%5C%2e%2E%5Cadmin',
    '..%255c..%255cadmin',
    'enheter/%c0%ae%c0%ae/admin',
    'enheter/%e0%80%ae%e0%80%ae/admin',
    'enheter%3B%2F..%2Fadmin',
    'enheter/.%00./admin',
    '%20..%20/admin',
    'enheter%09/..%09/admin',
    'enheter/%2e%2e%3f/admin',
    'EnHeTeR/923609016',
  ])('a hand-made variant %s', async (e) => {
    await probe('brreg', e, '');
  });

  it('saw both refusals and forwarded requests, and every backend path stayed under its prefix', () => {
    expect(outcomes.get('400') ?? 0).toBeGreaterThan(3);
    expect(outcomes.get('200') ?? 0).toBeGreaterThan(3);
    for (const seen of backend.requests) expect(seen.url).toMatch(/^\/v1\/connectors\/[a-z0-9-]+\//);
  });

  it('no unhandled rejection or uncaught exception fired', () => {
    expect(watch.seen).toEqual([]);
  });
});
