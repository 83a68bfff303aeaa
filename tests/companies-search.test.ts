// companies.search over MCP and its connector route, answered by recordings of Enhetsregisteret
// (tests/recordings/brreg/enheter-search-kiwi.json and companies-search-*.json), of the CVR index
// (tests/recordings/cvr/companies-search-*.json) and of YTJ (tests/recordings/prh/companies-search-*.json).
import { describe, expect, it } from 'vitest';
import { alignedWindows } from '../servers/companies/search.js';
import { ReplayTransport } from '../runtime/upstream/recordings.js';
import { BASE, KEYS, callTool, callToolError, createTestApp, type TestApp } from './helpers/app.js';

const CVR_ENV = { CVR_ES_USER: 'test-user', CVR_ES_PASS: 'test-pass' };
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp, upstream: string) => t.services.upstream.sent.get(upstream) ?? 0;

async function search(t: TestApp, args: unknown) {
  return callTool(t, 'companies', 'companies.search', args);
}

const fails = (t: TestApp, args: unknown) => callToolError(t, 'companies', 'companies.search', args);

describe('companies.search, NO (Enhetsregisteret)', () => {
  it('answers the example from the same request as brreg.enheter.search (the shared cache)', async () => {
    const t = createTestApp();
    const r = await search(t, { q: 'kiwi', pageSize: 10 });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ total: 83, page: 0, pageSize: 10, country: 'NO' });
    expect(r.data.companies).toHaveLength(3);
    expect(r.data.companies[1]).toEqual({
      companyId: '995971275',
      idType: 'NO_ORGNR',
      orgnr: '995971275',
      name: 'KIWI BUTIKKDRIFT AS',
      country: 'NO',
      status: 'aktiv',
      orgForm: 'AS',
    });
    expect(r.data.companies[0].orgForm).toBe('ESEK');
    expect(r.data.canonicalUrl).toBe(`${BASE}/api/v1/companies?q=kiwi&country=NO&page=0&pageSize=10`);
    expect(r.data.source).toEqual({
      register: 'Enhetsregisteret (Brønnøysundregistrene)',
      url: 'https://data.brreg.no/enhetsregisteret/api/enheter?navn=kiwi&page=0&size=10',
      fetchedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    // brreg.enheter.search asks the very same URL, so it is answered from the response cache.
    const before = sent(t, 'brreg');
    const b = await callTool(t, 'brreg', 'brreg.enheter.search', { navn: 'kiwi', size: 10 });
    expect(b.isError).toBe(false);
    expect(sent(t, 'brreg')).toBe(before);
  });

  it('defaults to country NO, pageSize 20 and page 0', async () => {
    const t = createTestApp();
    const r = await search(t, { q: 'qzxwvkjh' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ total: 0, page: 0, pageSize: 20, country: 'NO', companies: [] });
    expect(r.data.note).toMatch(/No company name in Enhetsregisteret .* matches "qzxwvkjh"/);
  });

  it('refuses page*pageSize >= 10000 as page-out-of-range without asking the register', async () => {
    const t = createTestApp();
    for (const [page, pageSize] of [
      [500, 20],
      [200, 50],
      [10000, 1],
    ]) {
      const e = await fails(t, { q: 'as', page, pageSize });
      expect(e.status).toBe(400);
      expect(e.code).toBe('invalid_input');
      expect(e.detailCode).toBe('page_out_of_range');
      expect(e.message).toMatch(/page\*pageSize must be below 10000/);
      expect(e.message).toContain(`${page * pageSize}`);
    }
    expect(sent(t, 'brreg')).toBe(0);
  });

  it('reads a window that straddles the ceiling as the aligned upstream window below it (never an upstream 400)', async () => {
    const t = createTestApp();
    // page 333 of 30 = rows 9990..10019; brreg serves rows up to 9999: one request page=999&size=10.
    const r = await search(t, { q: 'as', page: 333, pageSize: 30 });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(r.data).toMatchObject({ total: 412877, page: 333, pageSize: 30 });
    expect(r.data.companies.map((c: { companyId: string }) => c.companyId)).toEqual(['995971275', '934516079']);
    expect(r.data.note).toMatch(/only the first 10000/);
    expect(sent(t, 'brreg')).toBe(1);
  });

  it('maps an upstream failure to upstream_unavailable after the retries', async () => {
    const t = createTestApp();
    const e = await fails(t, { q: 'feilsituasjon' });
    expect(e.code).toBe('upstream_unavailable');
    expect(e.status).toBe(502);
    expect(sent(t, 'brreg')).toBe(3);
  });
});

describe('companies.search, DK (CVR)', () => {
  it('answers not_configured naming the variables without CVR credentials', async () => {
    const t = createTestApp();
    const e = await fails(t, { q: 'erhvervsstyrelsen', country: 'DK' });
    expect(e.status).toBe(503);
    expect(e.code).toBe('not_configured');
    expect(e.message).toMatch(/set CVR_ES_USER and CVR_ES_PASS/);
    expect(e.missing).toEqual(['CVR_ES_USER', 'CVR_ES_PASS']);
    expect(sent(t, 'cvr')).toBe(0);
  });

  it('searches the CVR index by name with Basic auth', async () => {
    const t = createTestApp({ env: CVR_ENV });
    const r = await search(t, { q: 'erhvervsstyrelsen', country: 'DK' });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(r.data).toMatchObject({ total: 1, page: 0, pageSize: 20, country: 'DK' });
    expect(r.data.companies).toEqual([
      { companyId: '10150817', idType: 'DK_CVR', name: 'Erhvervsstyrelsen', country: 'DK', status: 'NORMAL', orgForm: 'STA' },
    ]);
    expect(r.data.companies[0].orgnr).toBeUndefined();
    expect(r.data.source.register).toBe('CVR (Erhvervsstyrelsen)');
    expect(r.data.canonicalUrl).toBe(`${BASE}/api/v1/companies?q=erhvervsstyrelsen&country=DK&page=0&pageSize=20`);
  });

  it('answers an empty page when nothing matches', async () => {
    const t = createTestApp({ env: CVR_ENV });
    const r = await search(t, { q: 'qzxwvkjh', country: 'DK' });
    expect(r.data).toMatchObject({ total: 0, companies: [] });
  });

  it('refuses a window past the CVR index ceiling as page-out-of-range, saying it is the upstream limit', async () => {
    const t = createTestApp({ env: CVR_ENV });
    const e = await fails(t, { q: 'a', country: 'DK', page: 60, pageSize: 50 });
    expect(e.detailCode).toBe('page_out_of_range');
    expect(e.message).toBe(
      'page: (page+1)*pageSize must be at most 3000: this is the upstream limit of the CVR search index (Erhvervsstyrelsen), which refuses from+size above 3000 ("Result window is too large") (got page 60, pageSize 50: (60+1)*50 = 3050); narrow q instead of paging further (country DK)',
    );
    expect(sent(t, 'cvr')).toBe(0);
  });

  it('maps an Elasticsearch 500 to upstream_unavailable', async () => {
    const t = createTestApp({ env: CVR_ENV });
    const e = await fails(t, { q: 'fejlsituation', country: 'DK' });
    expect(e.code).toBe('upstream_unavailable');
    expect(sent(t, 'cvr')).toBe(3);
  });
});

describe('companies.search, FI (YTJ)', () => {
  it('cuts the requested window from YTJ page 1', async () => {
    const t = createTestApp();
    const r = await search(t, { q: 'nokia', country: 'FI' });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(r.data).toMatchObject({ total: 37, page: 0, pageSize: 20, country: 'FI' });
    expect(r.data.companies).toEqual([
      { companyId: '0112038-9', idType: 'FI_YTUNNUS', name: 'Nokia Oyj', country: 'FI', status: 'registered', orgForm: '17' },
    ]);
    expect(r.data.source.url).toBe('https://avoindata.prh.fi/opendata-ytj-api/v3/companies?name=nokia&page=1');
  });

  it('fetches the two YTJ pages a window straddles and cuts the window from both', async () => {
    const transport = new ReplayTransport(['tests/recordings']);
    const company = (i: number) => ({ businessId: { value: `${String(3000000 + i)}-0` }, names: [{ name: `Testi ${i} Oy`, type: '1' }], companyForms: [{ type: '16' }] });
    const page = (p: number) => ({
      source: 'In-test scenario: 230 hits over YTJ pages of 100 (synthetic companies in the shape of A7).',
      request: { method: 'GET', url: `https://avoindata.prh.fi/opendata-ytj-api/v3/companies?name=testi&page=${p}` },
      response: { status: 200, json: { totalResults: 230, companies: Array.from({ length: p === 3 ? 30 : 100 }, (_, k) => company((p - 1) * 100 + k)) } },
    });
    for (const p of [1, 2, 3]) transport.add(page(p));
    const t = createTestApp({ transport });
    // Rows 90..119: the last 10 of YTJ page 1 and the first 20 of page 2.
    const r = await search(t, { q: 'testi', country: 'FI', page: 3, pageSize: 30 });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(r.data.companies.map((c: { name: string }) => c.name)).toEqual(Array.from({ length: 30 }, (_, k) => `Testi ${90 + k} Oy`));
    expect(sent(t, 'prh')).toBe(2);
    // Rows 200..229 sit in page 3 only, and the page after the last hit is empty.
    const last = await search(t, { q: 'testi', country: 'FI', page: 4, pageSize: 50 });
    expect(last.data.companies.map((c: { name: string }) => c.name)).toEqual(Array.from({ length: 30 }, (_, k) => `Testi ${200 + k} Oy`));
  });

  it('answers an empty page when nothing matches, and upstream_unavailable on a 500', async () => {
    const t = createTestApp();
    const r = await search(t, { q: 'qzxwvkjh', country: 'FI' });
    expect(r.data).toMatchObject({ total: 0, companies: [] });
    const e = await fails(t, { q: 'virhetilanne', country: 'FI' });
    expect(e.code).toBe('upstream_unavailable');
  });
});

describe('companies.search bounds', () => {
  it.each([
    [{ q: '' }, 'q', /at least 1/],
    [{}, 'q', /required/],
    [{ q: 'x', pageSize: 0 }, 'pageSize', /at least 1/],
    [{ q: 'x', pageSize: 51 }, 'pageSize', /at most 50/],
    [{ q: 'x', page: -1 }, 'page', /at least 0/],
    [{ q: 'x', page: 1.5 }, 'page', /integer/],
    [{ q: 'x', country: 'XX' }, 'country', /one of "NO", "DK", "FI"/],
  ])('refuses %j naming %s', async (args, field, message) => {
    const t = createTestApp();
    const e = await fails(t, args);
    expect(e.code).toBe('invalid_input');
    expect(e.fields).toContain(field);
    expect(e.message).toMatch(message);
  });

  it('says how Swedish companies are found instead of a name search', async () => {
    const t = createTestApp();
    const e = await fails(t, { q: 'volvo', country: 'SE' });
    expect(e.fields).toEqual(['country']);
    expect(e.message).toMatch(/SE is not supported for name search.*organisation number/);
  });
});

describe('companies.search connector route', () => {
  it('answers the same through /api/connectors/companies/search', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/companies/search?q=kiwi&pageSize=10', { headers: auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.total).toBe(83);
    expect(body.companies[2].name).toBe('ARCTIC KIWI EXCHANGE AS');
  });
});

describe('alignedWindows', () => {
  it('is one window of the page size inside the ceiling', () => {
    expect(alignedWindows(40, 60)).toEqual([{ page: 2, size: 20 }]);
    expect(alignedWindows(0, 20)).toEqual([{ page: 0, size: 20 }]);
  });
  it('covers a clipped window with aligned pieces that all end by the end', () => {
    for (const [start, end] of [
      [9990, 10000],
      [9996, 10000],
      [9999, 10000],
      [9950, 10000],
      [9977, 10000],
    ]) {
      const ws = alignedWindows(start, end);
      let at = start;
      for (const w of ws) {
        expect(w.page * w.size).toBe(at);
        at += w.size;
        expect((w.page + 1) * w.size).toBeLessThanOrEqual(10000);
      }
      expect(at).toBe(end);
    }
  });
});
