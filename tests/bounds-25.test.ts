// Issue 25 items 9 and 10: every count and span a caller sends has a lower and an inclusive upper
// bound, checked before anything goes upstream, and refused as invalid_input naming the field and
// the bound. Entur's bounds: tests/fixtures/spec-bounds/transport.json and servers/entur/journey.ts.
import { describe, expect, it } from 'vitest';
import { callTool, callToolError, createTestApp, type TestApp } from './helpers/app.js';

/** Every request the app sent upstream, whatever the upstream. */
const sentTotal = (t: TestApp) => [...t.services.upstream.sent.values()].reduce((a, b) => a + b, 0);

const ENV = { FROST_CLIENT_ID: 'test-client-id', SVV_API_KEY: 'test-key' };

const REFUSED: [slug: string, tool: string, args: Record<string, unknown>, field: string, bound: RegExp][] = [
  ['entur', 'entur.departures.list', { stopId: 'NSR:StopPlace:337', n: 0 }, 'n', /at least 1 \(got 0\)/],
  ['entur', 'entur.departures.list', { stopId: 'NSR:StopPlace:337', n: -1 }, 'n', /at least 1 \(got -1\)/],
  ['entur', 'entur.departures.list', { stopId: 'NSR:StopPlace:337', n: 201 }, 'n', /at most 200 \(got 201\)/],
  ['entur', 'entur.departures.list', { stopId: 'NSR:StopPlace:337', range: 0 }, 'range', /at least 1 \(got 0\)/],
  ['entur', 'entur.departures.list', { stopId: 'NSR:StopPlace:337', range: -1 }, 'range', /at least 1 \(got -1\)/],
  ['entur', 'entur.departures.list', { stopId: 'NSR:StopPlace:337', range: 604_801 }, 'range', /at most 604800 \(got 604801\)/],
  ['entur', 'entur.departures.list', { stopId: 'NSR:StopPlace:337', range: 99_999_999_999 }, 'range', /at most 604800/],
  ['entur', 'entur.routes.plan', { from: 'NSR:StopPlace:337', to: 'NSR:StopPlace:58404', n: 0 }, 'n', /at least 1 \(got 0\)/],
  ['entur', 'entur.routes.plan', { from: 'NSR:StopPlace:337', to: 'NSR:StopPlace:58404', n: -1 }, 'n', /at least 1 \(got -1\)/],
  ['entur', 'entur.routes.plan', { from: 'NSR:StopPlace:337', to: 'NSR:StopPlace:58404', n: 201 }, 'n', /at most 200 \(got 201\)/],
  ['vegvesen', 'vegvesen.trafikk.stasjoner', { antall: 0 }, 'antall', /at least 1 \(got 0\)/],
  ['vegvesen', 'vegvesen.trafikk.stasjoner', { antall: -1 }, 'antall', /at least 1 \(got -1\)/],
  ['vegvesen', 'vegvesen.trafikk.stasjoner', { antall: 1001 }, 'antall', /at most 1000 \(got 1001\)/],
  ['frost', 'frost.stasjoner.sok', { limit: 0 }, 'limit', /at least 1 \(got 0\)/],
  ['frost', 'frost.stasjoner.sok', { limit: -1 }, 'limit', /at least 1 \(got -1\)/],
  ['frost', 'frost.stasjoner.sok', { limit: 501 }, 'limit', /at most 500 \(got 501\)/],
  ['jobtech', 'jobtech.search_jobs', { limit: 0 }, 'limit', /at least 1 \(got 0\)/],
  ['jobtech', 'jobtech.search_jobs', { limit: -1 }, 'limit', /at least 1 \(got -1\)/],
  ['jobtech', 'jobtech.search_jobs', { limit: 101 }, 'limit', /at most 100 \(got 101\)/],
  // from and to are both included: 2026-10-01..2026-11-01 is 32 calendar days.
  ['vegvesen', 'vegvesen.trafikk.volum', { pointId: '44656V72812', from: '2026-10-01', to: '2026-11-01' }, 'from', /at most 31 days, both included.*got 32 days/],
  ['vegvesen', 'vegvesen.trafikk.volum', { pointId: '44656V72812', from: '2025-01-01', to: '2026-01-02', resolution: 'day' }, 'from', /at most 366 days, both included.*got 367 days/],
];

describe('counts and spans: refused below the lower and above the upper bound, before any request', () => {
  it.each(REFUSED)('%s %s %j names %s and its bound', async (slug, tool, args, field, bound) => {
    const t = createTestApp({ env: ENV });
    const e = await callToolError(t, slug, tool, args);
    expect(e).toMatchObject({ code: 'invalid_input', status: 400 });
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sentTotal(t)).toBe(0);
  });

  it('refuses over REST too, as a 400 naming the field', async () => {
    const t = createTestApp({ env: ENV });
    const auth = { authorization: `Bearer ${(await import('./helpers/app.js')).KEYS.pro}` };
    const res = await t.fetch('/api/connectors/entur/departures/NSR:StopPlace:337?range=99999999999', { headers: auth });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/range/);
    expect(sentTotal(t)).toBe(0);
  });
});

describe('the inclusive upper bounds are accepted', () => {
  const schemaOf = (t: TestApp, slug: string, tool: string) => t.services.registry.server(slug)!.toolsByName.get(tool)!.schema;

  it.each([
    ['entur', 'entur.departures.list', { stopId: 'NSR:StopPlace:337', n: 200, range: 604_800 }],
    ['entur', 'entur.departures.list', { stopId: 'NSR:StopPlace:337', n: 1, range: 1 }],
    ['entur', 'entur.routes.plan', { from: 'NSR:StopPlace:337', to: 'NSR:StopPlace:58404', n: 200 }],
    ['vegvesen', 'vegvesen.trafikk.stasjoner', { antall: 1000 }],
    ['vegvesen', 'vegvesen.trafikk.stasjoner', { antall: 1 }],
    ['frost', 'frost.stasjoner.sok', { limit: 500 }],
    ['jobtech', 'jobtech.search_jobs', { limit: 1 }],
    ['jobtech', 'jobtech.search_jobs', { limit: 100 }],
    // 31 and 366 calendar days, both ends included.
    ['vegvesen', 'vegvesen.trafikk.volum', { pointId: '1V1', from: '2026-10-01', to: '2026-10-31' }],
    ['vegvesen', 'vegvesen.trafikk.volum', { pointId: '1V1', from: '2024-01-01', to: '2024-12-31', resolution: 'day' }],
  ])('%s %s %j', (slug, tool, args) => {
    const t = createTestApp({ env: ENV });
    const parsed = schemaOf(t, slug, tool).safeParse(args);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

});
