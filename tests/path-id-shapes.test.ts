// Free-text ids that become a path segment upstream (issue 24 #14): the JobTech ad id and the
// data.europa.eu dataset and catalogue ids are refused at validation when they cannot be ids of
// that upstream (`..%2F`, `../x`, a backslash, a percent sign, a slash), naming the field and the
// shape, before anything is encoded or sent; real ids from the recordings still pass.
import { describe, expect, it } from 'vitest';
import { catalogueId, datasetId } from '../servers/data-europa/ids.js';
import { KEYS, callTool, callToolError, createTestApp, type TestApp } from './helpers/app.js';

const HOSTILE = ['..%2F', '../x', 'a\\b', '%5C', 'a/b', '..', 'a b', 'a?b', 'a#b'];

const FIELDS = [
  { slug: 'jobtech', tool: 'jobtech.get_job', field: 'id', upstream: 'jobtech-jobsearch', shape: /digits/, real: '29857131', route: '/api/connectors/jobtech/ads/' },
  { slug: 'data-europa', tool: 'dataeuropa.dataset', field: 'id', upstream: 'dataeuropa-search', shape: /letters, digits, "-" and "_"/, real: 'luftkvalitet-malinger-fra-nilu', route: '/api/connectors/data-europa/datasets/' },
  { slug: 'data-europa-mqa', tool: 'mqa.dataset', field: 'datasetId', upstream: 'dataeuropa-mqa', shape: /letters, digits, "-" and "_"/, real: 'luftkvalitet-malinger-fra-nilu', route: '/api/connectors/data-europa-mqa/datasets/' },
  { slug: 'data-europa-mqa', tool: 'mqa.catalogue', field: 'catalogueId', upstream: 'dataeuropa-mqa', shape: /letters, digits, "-" and "_"/, real: 'open-data-dk', route: '/api/connectors/data-europa-mqa/catalogues/' },
];

const sent = (t: TestApp, upstream: string) => t.services.upstream.sent.get(upstream) ?? 0;

describe.each(FIELDS)('$tool $field', ({ slug, tool, field, upstream, shape, real, route }) => {
  it.each(HOSTILE)('refuses %j as invalid input naming the field and its shape, sending nothing', async (value) => {
    const t = createTestApp();
    const e = await callToolError(t, slug, tool, { [field]: value });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(shape);
    expect(sent(t, upstream)).toBe(0);
  });

  it('refuses an encoded traversal on the connector route with 400, sending nothing', async () => {
    const t = createTestApp();
    for (const value of ['..%2Fx', '%5C', 'a%5Cb', '..%252F']) {
      const res = await t.fetch(route + value, { headers: { authorization: `Bearer ${KEYS.pro}` } });
      expect(res.status, value).toBe(400);
      expect(JSON.stringify(await res.json()), value).toContain(field);
    }
    expect(sent(t, upstream)).toBe(0);
  });

  it(`still answers the recorded id ${real}`, async () => {
    const t = createTestApp();
    const r = await callTool(t, slug, tool, { [field]: real });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
  });
});

describe('data.europa.eu ids', () => {
  it('take the "~~n" suffix the portal gives a dataset id held in several catalogues, and no other', () => {
    const field = datasetId('d');
    for (const ok of ['nuts~~1', 'restored_rasff', '18489cb7-bce7-4d44-a138-795b390d2109~~12']) expect(field.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['nuts~1', 'nuts~~', '~~1', 'a~~1~~2', 'a.b']) expect(field.safeParse(bad).success, bad).toBe(false);
    expect(catalogueId('c').safeParse('a~~1').success).toBe(false);
  });
});
