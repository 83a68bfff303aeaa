// One deadline per tool call (runtime/deadline.ts, CALL_DEADLINE_MS), against the real service on
// a socket and a loopback upstream that accepts every connection and never answers. The
// upstreams keep their production timeouts (10 s, the sanctions list 120 s): only the call's
// deadline (here 400 ms) can end these calls. Each must answer the deadline error naming the
// upstream, and no attempt may start after it. Times are asserted only as generous bounds.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../runtime/config.js';
import { DEFAULT_CALL_DEADLINE_MS, Deadline } from '../runtime/deadline.js';
import { resetSanctionsIndexes } from '../servers/_shared/sanctions-index/index.js';
import { FakeUpstream, hang, status } from './helpers/fake-upstream.js';
import { BEARER, allUpstreamsAt, mcpCall, startLive, type LiveApp } from './helpers/live-app.js';
import { FakeTransport, failure, json, makeClient } from './helpers/upstream-fakes.js';

const DEADLINE_MS = 400;
/** Far below every upstream's own timeout: an answer before this came from the deadline. */
const GENEROUS_MS = 8_000;

let fake: FakeUpstream;
let app: LiveApp;

beforeAll(async () => {
  fake = await FakeUpstream.start(hang());
  app = await startLive({ ...allUpstreamsAt(fake.url), SANCTIONS_BASE_URL: `${fake.url}/fsd/fsf`, CALL_DEADLINE_MS: String(DEADLINE_MS) });
});

afterAll(async () => {
  // The fake first: the shared sanctions download still waiting on it ends, so the service's close does not wait for it.
  await fake?.stop();
  await app?.close();
});

beforeEach(() => {
  resetSanctionsIndexes();
  app.running.services.upstream.clearCache();
  fake.respond(hang()).clear();
});

/** Waits past the point where a retry would have started (its backoff is 20-40 ms here) and returns the attempts seen. */
async function attemptsAfterSettling(prefix: string): Promise<number> {
  await new Promise((r) => setTimeout(r, 300));
  return fake.count(prefix);
}

describe('CALL_DEADLINE_MS', () => {
  it('defaults to 45 s, below the 60 s MCP clients wait', () => {
    expect(loadConfig({}).callDeadlineMs).toBe(DEFAULT_CALL_DEADLINE_MS);
    expect(DEFAULT_CALL_DEADLINE_MS).toBe(45_000);
    expect(loadConfig({ CALL_DEADLINE_MS: '1500' }).callDeadlineMs).toBe(1500);
    expect(() => loadConfig({ CALL_DEADLINE_MS: '0' })).toThrow(/CALL_DEADLINE_MS/);
  });

  it('a deadline race gives back what arrives too late', async () => {
    const clock = { now: 0 };
    const deadline = new Deadline(100, () => clock.now);
    expect(deadline.left()).toBe(100);
    clock.now = 150;
    let returned: string | undefined;
    await expect(deadline.race(Promise.resolve('slot'), 'X', (late) => (returned = late))).rejects.toMatchObject({ code: 'upstream_unavailable', detailCode: 'deadline_exceeded' });
    await Promise.resolve();
    expect(returned).toBe('slot');
  });
});

describe('an upstream that never answers', () => {
  it('MCP tools/call: the deadline error names the upstream; one attempt, no retry after it', async () => {
    const started = Date.now();
    const r = await mcpCall(app, 'brreg', 'brreg.enhet.lookup', { orgnr: '923609016' });
    expect(Date.now() - started).toBeLessThan(GENEROUS_MS);
    expect(r.isError).toBe(true);
    expect(r.data.error).toMatchObject({ status: 502, code: 'upstream_unavailable', detailCode: 'deadline_exceeded', deadlineMs: DEADLINE_MS });
    expect(r.data.error.message).toBe("Brønnøysundregistrene (Enhetsregisteret, Regnskapsregisteret) did not answer within the call's deadline (400 ms)");
    expect(await attemptsAfterSettling('/enhetsregisteret/')).toBe(1);
  });

  it('REST: the same deadline for the connector route and the company search', async () => {
    const route = await app.fetch('/api/connectors/brreg/enheter/923609016', { headers: BEARER });
    expect(route.status).toBe(502);
    expect(route.json).toMatchObject({ code: 'upstream_unavailable', detailCode: 'deadline_exceeded' });
    expect(route.json.detail).toMatch(/did not answer within the call's deadline/);
    const search = await app.fetch('/api/v1/companies?q=kiwi', { headers: BEARER });
    expect(search.status).toBe(502);
    expect(search.json.detail).toMatch(/did not answer within the call's deadline/);
    expect(await attemptsAfterSettling('/enhetsregisteret/')).toBe(2);
  });

  it('screening.screen: the sanctions list download (a 120 s upstream timeout) does not hold the call', async () => {
    const started = Date.now();
    const r = await mcpCall(app, 'screening', 'screening.screen', { name: 'Vladimir Putin' });
    expect(Date.now() - started).toBeLessThan(GENEROUS_MS);
    expect(r.data.error).toMatchObject({ status: 502, detailCode: 'deadline_exceeded' });
    expect(r.data.error.message).toMatch(/^EU Financial Sanctions Files \(consolidated list\) did not answer within the call's deadline/);
    // One shared download is under way; a second caller waits for it (within its own deadline) instead of starting another.
    const again = await mcpCall(app, 'screening', 'screening.screen', { name: 'Vladimir Putin' });
    expect(again.data.error.detailCode).toBe('deadline_exceeded');
    expect(fake.count('/fsd/fsf/')).toBe(1);
  });

  it('a token endpoint that never answers: the OAuth token fetch is held to the deadline too', async () => {
    const r = await mcpCall(app, 'companies', 'companies.lookup', { companyId: '5560160680', country: 'SE' });
    expect(r.data.error).toMatchObject({ status: 502, detailCode: 'deadline_exceeded' });
    expect(r.data.error.message).toMatch(/^the token endpoint of .* did not answer within the call's deadline/);
    expect(await attemptsAfterSettling('/oauth2/token')).toBe(1);
    expect(fake.count('/vardefulla')).toBe(0);
  });

  it('failures that answer at once are still retried within the deadline', async () => {
    fake.respond(status(503));
    const r = await mcpCall(app, 'brreg', 'brreg.enhet.lookup', { orgnr: '923609016' });
    expect(r.data.error).toMatchObject({ status: 502, upstreamStatus: 503 });
    expect(fake.count('/enhetsregisteret/')).toBe(3);
  });
});

describe('the attempt loop under a deadline (scripted transport, a clock the test moves)', () => {
  const timeline = () => {
    const clock = { now: 0 };
    return { clock, deadline: (budgetMs: number) => new Deadline(budgetMs, () => clock.now) };
  };

  it('gives each attempt the smaller of the upstream timeout and the time left', async () => {
    const { clock, deadline } = timeline();
    const d = deadline(3_000);
    clock.now = 1_000;
    const { client, transport } = makeClient(new FakeTransport(json(200, { ok: true })));
    await client.request({ upstream: 'open', path: '/a', deadline: d });
    expect(transport.requests[0].timeoutMs).toBe(2_000);
    await client.request({ upstream: 'open', path: '/b', deadline: deadline(60_000) });
    expect(transport.requests[1].timeoutMs).toBe(10_000);
  });

  it('starts no retry that the deadline would cut short: the last failure stands', async () => {
    const { clock, deadline } = timeline();
    const d = deadline(5_000);
    const { client, transport } = makeClient(
      new FakeTransport((req) => {
        // Each failed attempt takes most of the time there was.
        clock.now += req.timeoutMs - 500;
        return json(503, {});
      }),
    );
    const err = await client.request({ upstream: 'open', path: '/a', deadline: d }).catch((e) => e);
    expect(transport.sends).toBe(1);
    expect(err).toMatchObject({ code: 'upstream_unavailable', extra: { upstreamStatus: 503 } });
  });

  it('an attempt cut by the deadline is the deadline error, and none follows', async () => {
    const { deadline } = timeline();
    const d = deadline(2_000);
    const { client, transport } = makeClient(new FakeTransport(failure('timeout')));
    const err = await client.request({ upstream: 'open', path: '/a', deadline: d }).catch((e) => e);
    expect(transport.sends).toBe(1);
    expect(err).toMatchObject({ code: 'upstream_unavailable', detailCode: 'deadline_exceeded' });
    expect(err.message).toBe("Open Test API did not answer within the call's deadline (2 s)");
  });

  it('a deadline already passed sends nothing', async () => {
    const { clock, deadline } = timeline();
    const d = deadline(1_000);
    clock.now = 1_000;
    const { client, transport } = makeClient(new FakeTransport(json(200, {})));
    await expect(client.request({ upstream: 'open', path: '/a', deadline: d })).rejects.toMatchObject({ detailCode: 'deadline_exceeded' });
    expect(transport.sends).toBe(0);
  });
});
