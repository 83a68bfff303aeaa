// The jobtech server over MCP and its connector routes, answered by recordings of the JobSearch API
// (tests/recordings/jobtech-jobsearch/): search_jobs, get_job and job_stats.
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest, Transport } from '../runtime/upstream/transport.js';
import { KEYS, callTool, callToolError, createTestApp, replay, type TestApp } from './helpers/app.js';

const SLUG = 'jobtech';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('jobtech-jobsearch') ?? 0;

/** The replay transport, keeping every URL it was asked for. */
function watched(): { transport: Transport; urls: string[] } {
  const urls: string[] = [];
  return { urls, transport: { send: (req: OutgoingRequest) => (urls.push(req.url), replay().send(req)) } };
}

describe('jobtech.search_jobs', () => {
  const name = 'jobtech.search_jobs';

  it('answers the example: Python jobs in Stockholm, mapped', async () => {
    const w = watched();
    const t = createTestApp({ transport: w.transport });
    const r = await callTool(t, SLUG, name, { q: 'python', municipality: '0180' });
    expect(r.isError).toBe(false);
    expect(w.urls).toEqual(['https://jobsearch.api.jobtechdev.se/search?limit=20&municipality=0180&offset=0&q=python']);
    expect(r.data).toMatchObject({ total: 143, offset: 0, limit: 20, hasMore: true });
    expect(r.data.jobs).toHaveLength(3);
    expect(r.data.jobs[0]).toEqual({
      id: '29857131',
      headline: 'Backendutvecklare Python till fintechbolag',
      employer: 'Norrsken Betalningar AB',
      employerOrgnr: '5591234567',
      occupation: 'Mjukvaruutvecklare',
      occupationField: 'Data/IT',
      municipality: 'Stockholm',
      municipalityCode: '0180',
      region: 'Stockholms län',
      publishedAt: '2026-11-18T09:12:44',
      applicationDeadline: '2026-12-18T23:59:59',
      vacancies: 2,
      url: 'https://arbetsformedlingen.se/platsbanken/annonser/29857131',
    });
    expect(r.data.note).toBeUndefined();
  });

  it('pages with offset: the last page has no more', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { q: 'python', municipality: '0180', offset: 140 });
    expect(r.data).toMatchObject({ total: 143, offset: 140, hasMore: false });
  });

  it('sends occupationField as occupation-field, with region and limit', async () => {
    const w = watched();
    const t = createTestApp({ transport: w.transport });
    const r = await callTool(t, SLUG, name, { occupationField: 'apaJ_2ja_LuF', region: '01', limit: 1 });
    expect(w.urls[0]).toBe('https://jobsearch.api.jobtechdev.se/search?limit=1&occupation-field=apaJ_2ja_LuF&offset=0&region=01');
    expect(r.data).toMatchObject({ total: 2318, limit: 1, hasMore: true });
  });

  it('answers an empty list with a note when nothing matches', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { q: 'zzyzxqvt' });
    expect(r.data).toMatchObject({ total: 0, jobs: [], hasMore: false });
    expect(r.data.note).toMatch(/No open job ad/);
  });

  it.each([
    [{ limit: 101 }, 'limit', /100/],
    [{ limit: -1 }, 'limit', /at least 1/],
    [{ limit: 0 }, 'limit', /at least 1/],
    [{ limit: 2.5 }, 'limit', /integer/],
    [{ offset: -1 }, 'offset', /0/],
    [{ municipality: '180' }, 'municipality', /4 digits/],
    [{ municipality: 'Stockholm' }, 'municipality', /4 digits/],
    [{ q: '' }, 'q', /1/],
  ])('refuses %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });

  it('answers 400 Problem on the connector route for a bound', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/jobtech/search?limit=500', { headers: auth });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await res.json()).detail).toMatch(/limit/);
  });

  it('reports an upstream failure as 502 upstream_unavailable', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { q: 'serverfel' });
    expect(e.code).toBe('upstream_unavailable');
    expect(e.status).toBe(502);
  });
});

describe('jobtech.get_job', () => {
  const name = 'jobtech.get_job';

  it('answers the example: the whole ad', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { id: '29857131' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({
      id: '29857131',
      headline: 'Backendutvecklare Python till fintechbolag',
      occupationGroup: 'Mjukvaru- och systemutvecklare m.fl.',
      employmentType: 'Vanlig anställning',
      workingHoursType: 'Heltid',
      scopeOfWork: { min: 100, max: 100 },
      experienceRequired: true,
      address: { street: 'Sveavägen 44', postcode: '11134', city: 'Stockholm', country: 'Sverige', lon: 18.0686, lat: 59.3293 },
      apply: { url: 'https://jobb.example-rekrytering.se/annons/29857131', email: null },
      removed: false,
      kilde: { register: 'Platsbanken (Arbetsförmedlingen JobSearch)', url: 'https://arbetsformedlingen.se/platsbanken/annonser/29857131' },
    });
    expect(r.data.description).toMatch(/^Vi söker en backendutvecklare/);
  });

  it('answers the same on its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/jobtech/ads/29857131', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).employer).toBe('Norrsken Betalningar AB');
  });

  it('answers 404 not_found for an ad that is gone', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { id: '10000000' });
    expect(e.code).toBe('not_found');
    expect(e.status).toBe(404);
    const res = await t.fetch('/api/connectors/jobtech/ads/10000000', { headers: auth });
    expect(res.status).toBe(404);
  });

  it('requires id', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, {});
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain('id:');
  });
});

describe('jobtech.job_stats', () => {
  const name = 'jobtech.job_stats';

  it('answers the example: ads per occupation field through the stats facility', async () => {
    const w = watched();
    const t = createTestApp({ transport: w.transport });
    const r = await callTool(t, SLUG, name, {});
    expect(w.urls).toEqual(['https://jobsearch.api.jobtechdev.se/search?limit=0&stats=occupation-field&stats.limit=30']);
    expect(r.data).toMatchObject({ by: 'occupation-field', countedAds: 31522, bucketLimit: 30, truncated: false });
    expect(r.data.values).toHaveLength(8);
    expect(r.data.values[0]).toEqual({ term: 'Data/IT', code: '3', conceptId: 'apaJ_2ja_LuF', count: 7412 });
    expect(r.data.note).toBeUndefined();
  });

  it('marks a dimension cut at 30 values as truncated', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { by: 'municipality', occupationField: 'apaJ_2ja_LuF' });
    expect(r.data).toMatchObject({ by: 'municipality', countedAds: 2318, bucketLimit: 30, truncated: true });
    expect(r.data.values).toHaveLength(30);
    expect(r.data.values[0]).toMatchObject({ term: 'Stockholm', code: '0180', count: 412 });
    expect(r.data.note).toMatch(/Only the 30 largest/);
  });

  it('answers countedAds 0 and no values when nothing matches', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { by: 'region', q: 'zzyzxqvt' });
    expect(r.data).toMatchObject({ by: 'region', countedAds: 0, truncated: false, values: [] });
    expect(r.data.note).toMatch(/No open job ad/);
  });

  it('refuses a dimension outside occupation-field, region, municipality', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { by: 'skill' });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain('by:');
    expect(e.message).toMatch(/occupation-field/);
    expect(sent(t)).toBe(0);
  });
});
