// The data-europa-mqa server (data.europa.eu Metadata Quality Assessment) over MCP and its connector
// routes, answered by recordings in tests/recordings/dataeuropa-mqa/.
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest, Transport } from '../runtime/upstream/transport.js';
import { rating } from '../servers/data-europa-mqa/metrics.js';
import { KEYS, callTool, callToolError, createTestApp, replay, type TestApp } from './helpers/app.js';

const SLUG = 'data-europa-mqa';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('dataeuropa-mqa') ?? 0;
const MQA = 'https://data.europa.eu/api/mqa/cache';

function watched() {
  const requests: OutgoingRequest[] = [];
  const transport: Transport = { send: (req) => (requests.push(req), replay().send(req)) };
  return { requests, t: createTestApp({ transport }) };
}

async function ok(t: TestApp, name: string, args: unknown) {
  const r = await callTool(t, SLUG, name, args);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
}
const fails = (t: TestApp, name: string, args: unknown) => callToolError(t, SLUG, name, args);

const DIMENSIONS = ['findability', 'accessibility', 'interoperability', 'reusability', 'contextuality'];

describe('MQA ratings', () => {
  it.each([
    [405, 'excellent'],
    [351, 'excellent'],
    [350, 'good'],
    [221, 'good'],
    [220, 'sufficient'],
    [121, 'sufficient'],
    [120, 'bad'],
    [0, 'bad'],
  ])('%i points are %s (the MQA point bands)', (points, expected) => {
    expect(rating(points)).toBe(expected);
  });
});

describe('mqa.catalogue', () => {
  const name = 'mqa.catalogue';

  it('answers the example: score, rating, dimension points and indicators of a catalogue', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { catalogueId: 'open-data-dk' });
    expect(requests.map((r) => r.url)).toEqual([`${MQA}/catalogues/open-data-dk`]);
    expect(d).toMatchObject({
      catalogueId: 'open-data-dk',
      title: 'OPEN DATA DK',
      country: 'DNK',
      type: 'ckan',
      score: 157,
      maxScore: 405,
      rating: 'sufficient',
    });
    expect(d.dimensions.map((x: { dimension: string }) => x.dimension)).toEqual(DIMENSIONS);
    expect(d.dimensions[2]).toEqual({ dimension: 'interoperability', points: 54, max: 110, percentage: 49 });
    expect(d.indicators).toContainEqual({ dimension: 'findability', name: 'keywordAvailability', available: null, shares: [{ name: 'yes', percentage: 92 }, { name: 'no', percentage: 8 }] });
    expect(d.indicators).toContainEqual({ dimension: 'accessibility', name: 'accessUrlStatusCodes', available: null, shares: [{ name: '200', percentage: 81 }, { name: '404', percentage: 6 }, { name: '1100', percentage: 13 }] });
    // A null indicator (observed on real answers) stays, with no shares.
    expect(d.indicators).toContainEqual({ dimension: 'accessibility', name: 'accessUrlAccessibility', available: null, shares: [] });
    const res = await t.fetch('/api/connectors/data-europa-mqa/catalogues/open-data-dk', { headers: auth });
    expect((await res.json()).rating).toBe('sufficient');
  });

  it('answers 404 for a catalogue the MQA does not know', async () => {
    const t = createTestApp();
    expect(await fails(t, name, { catalogueId: 'finnes-ikke' })).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('refuses a missing catalogueId', async () => {
    const t = createTestApp();
    expect((await fails(t, name, {})).message).toContain('catalogueId:');
  });
});

describe('mqa.country', () => {
  const name = 'mqa.country';

  it.each(['NO', 'NOR'])('answers %s as the MQA country NOR (alpha-2 mapped to alpha-3)', async (countryId) => {
    const { t, requests } = watched();
    const d = await ok(t, name, { countryId });
    expect(requests.map((r) => r.url)).toEqual([`${MQA}/countries/NOR`]);
    expect(d).toMatchObject({ countryId: 'NOR', alpha2: 'NO', score: 262, maxScore: 405, rating: 'good' });
    expect(d.dimensions[0]).toEqual({ dimension: 'findability', points: 79, max: 100, percentage: 79 });
  });

  it('answers the same through its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/data-europa-mqa/countries/NO', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).countryId).toBe('NOR');
  });

  it.each([
    ['no', /upper-case ISO 3166 alpha-2 or alpha-3/],
    ['Nor', /upper-case ISO 3166 alpha-2 or alpha-3/],
    ['NORW', /upper-case ISO 3166 alpha-2 or alpha-3/],
    ['N', /upper-case ISO 3166 alpha-2 or alpha-3/],
    ['XX', /not an assigned ISO 3166/],
    ['XYZ', /not an assigned ISO 3166/],
  ])('refuses countryId %s naming the field and the rule', async (countryId, rule) => {
    const t = createTestApp();
    const e = await fails(t, name, { countryId });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain('countryId:');
    expect(e.message).toMatch(rule);
    expect(sent(t)).toBe(0);
  });

  it('answers 404 for a country the MQA does not cover', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { countryId: 'AQ' });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
    expect(e.message).toContain('ATA');
  });

  it('reports an upstream failure as 502 after the retries', async () => {
    const t = createTestApp();
    expect(await fails(t, name, { countryId: 'SE' })).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t)).toBe(3);
  });
});

describe('mqa.dataset', () => {
  const name = 'mqa.dataset';

  it('answers the example: the dataset form, flattened into indicators', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { datasetId: 'luftkvalitet-malinger-fra-nilu' });
    expect(requests.map((r) => r.url)).toEqual([`${MQA}/datasets/luftkvalitet-malinger-fra-nilu`]);
    expect(d).toMatchObject({
      datasetId: 'luftkvalitet-malinger-fra-nilu',
      uri: 'http://data.europa.eu/88u/dataset/luftkvalitet-malinger-fra-nilu',
      score: 285,
      maxScore: 405,
      rating: 'good',
    });
    const byName = new Map(d.indicators.map((i: { dimension: string; name: string }) => [`${i.dimension}.${i.name}`, i]));
    expect(byName.get('findability.temporalAvailability')).toEqual({ dimension: 'findability', name: 'temporalAvailability', available: false, shares: [] });
    expect(byName.get('reusability.licenceAvailability')).toMatchObject({ available: null, shares: [{ name: 'yes', percentage: 100 }, { name: 'no', percentage: 0 }] });
    expect(byName.get('contextuality.dataset.dateIssuedAvailability')).toMatchObject({ available: true });
    expect(byName.get('contextuality.distributions.dateModifiedAvailability')).toMatchObject({ shares: [{ name: 'yes', percentage: 0 }, { name: 'no', percentage: 100 }] });
    expect(byName.get('interoperability.dcatApCompliance')).toEqual({ dimension: 'interoperability', name: 'dcatApCompliance', available: null, shares: [] });
    expect(d.indicators).toHaveLength(4 + 3 + 5 + 6 + 4);
    const res = await t.fetch('/api/connectors/data-europa-mqa/datasets/luftkvalitet-malinger-fra-nilu', { headers: auth });
    expect((await res.json()).score).toBe(285);
  });

  it('answers 404 for a dataset the MQA has not assessed', async () => {
    const t = createTestApp();
    expect(await fails(t, name, { datasetId: 'finnes-ikke' })).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('reports an upstream failure as 502', async () => {
    const t = createTestApp();
    expect(await fails(t, name, { datasetId: 'feil-500' })).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });
});

describe('mqa.countries', () => {
  it('answers every country with score and rating, best first', async () => {
    const { t, requests } = watched();
    const d = await ok(t, 'mqa.countries', {});
    expect(requests.map((r) => r.url)).toEqual([`${MQA}/countries`]);
    expect(d).toMatchObject({ count: 4, maxScore: 405 });
    expect(d.countries.map((c: { countryId: string; alpha2: string; score: number; rating: string }) => [c.countryId, c.alpha2, c.score, c.rating])).toEqual([
      ['IRL', 'IE', 362, 'excellent'],
      ['ITA', 'IT', 316, 'good'],
      ['NOR', 'NO', 262, 'good'],
      ['DNK', 'DK', 198, 'sufficient'],
    ]);
    expect(d.countries[0].dimensions).toHaveLength(5);
  });
});

describe('mqa.summary', () => {
  it('answers the portal-wide assessment', async () => {
    const { t, requests } = watched();
    const d = await ok(t, 'mqa.summary', {});
    expect(requests.map((r) => r.url)).toEqual([`${MQA}/global`]);
    expect(d).toMatchObject({ scope: 'global', score: 188, maxScore: 405, rating: 'sufficient' });
    expect(d.dimensions.map((x: { points: number }) => x.points)).toEqual([68, 28, 44, 38, 10]);
    const res = await t.fetch('/api/connectors/data-europa-mqa/summary', { headers: auth });
    expect((await res.json()).score).toBe(188);
  });
});
