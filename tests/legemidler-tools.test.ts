// The legemidler server (prefix dmp): drugs.search, atc.search and drug.detail on recordings of
// DMP's FHIR R4 service (tests/recordings/dmp-fhir/): not_configured without DMP_API_KEY (nothing
// sent), the key sent in Ocp-Apim-Subscription-Key, FHIR Bundles and OperationOutcomes mapped,
// paging by the Bundle's next link, the ATC index filtered by code prefix, and the spec's bounds.
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest, Transport } from '../runtime/upstream/transport.js';
import { KEYS, callTool, callToolError, createTestApp, replay, rpc, type TestApp } from './helpers/app.js';

const SLUG = 'legemidler';
const ENV = { DMP_API_KEY: 'dmp-subscription-key-42' };
const auth = { headers: { authorization: `Bearer ${KEYS.pro}` } };
const withKey = () => createTestApp({ env: ENV });
const call = (name: string, args: unknown, t: TestApp = withKey()) => callTool(t, SLUG, name, args);
const fails = (name: string, args: unknown, t: TestApp = withKey()) => callToolError(t, SLUG, name, args);

function watching(): Transport & { seen: OutgoingRequest[] } {
  const seen: OutgoingRequest[] = [];
  return {
    seen,
    send: async (req) => {
      seen.push(req);
      return replay().send(req);
    },
  };
}

describe('without DMP_API_KEY', () => {
  it.each([
    ['dmp.drugs.search', { q: 'paracet' }, '/legemidler?q=paracet'],
    ['dmp.atc.search', { code: 'N02BE' }, '/atc?code=N02BE'],
    ['dmp.drug.detail', { id: '3f5c2a9e-6d41-4b8e-9a7c-1e2d3c4b5a60' }, '/legemidler/3f5c2a9e-6d41-4b8e-9a7c-1e2d3c4b5a60'],
  ])('%s answers 503 not_configured (MCP and REST) and sends nothing', async (name, args, path) => {
    const t = createTestApp();
    const e = await fails(name, args, t);
    expect(e).toMatchObject({ code: 'not_configured', status: 503, missing: ['DMP_API_KEY'] });
    const res = await t.fetch(`/api/connectors/legemidler${path}`, auth);
    expect(res.status).toBe(503);
    expect(t.services.upstream.sent.get('dmp-fhir')).toBeUndefined();
  });

  it('lists the three tools of spec 4.6 in order, published as not_configured', async () => {
    const t = createTestApp();
    const r = await rpc(t, SLUG, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = r.body.result.tools as Array<{ name: string; description: string; inputSchema: any }>;
    expect(tools.map((x) => x.name)).toEqual(['dmp.drugs.search', 'dmp.atc.search', 'dmp.drug.detail']);
    for (const tool of tools) expect(tool.description).toMatch(/Needs DMP_API_KEY on the server; without it the tool answers 503 not_configured\.$/);
    expect(tools[0].inputSchema.properties.limit).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    expect(tools[1].inputSchema).toMatchObject({ required: ['code'], properties: { code: { minLength: 1, maxLength: 7 } } });
    expect(tools[2].inputSchema.required).toEqual(['id']);
  });
});

describe('with DMP_API_KEY', () => {
  it('sends the key in Ocp-Apim-Subscription-Key and asks for FHIR JSON', async () => {
    const transport = watching();
    await call('dmp.drugs.search', { q: 'paracet', limit: 5 }, createTestApp({ env: ENV, transport }));
    const req = transport.seen.find((x) => x.url.startsWith('https://api.legemiddelverket.no/fhir-r4/MedicinalProduct?'))!;
    expect(req.headers['Ocp-Apim-Subscription-Key']).toBe('dmp-subscription-key-42');
    expect(req.headers.accept).toBe('application/fhir+json');
    expect(new URL(req.url).searchParams.get('name')).toBe('paracet');
    expect(new URL(req.url).searchParams.get('_count')).toBe('5');
  });
});

describe('dmp.drugs.search', () => {
  it('answers the products of the searchset Bundle with id, name, ATC and dose form', async () => {
    const r = await call('dmp.drugs.search', { q: 'paracet', limit: 5 });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ q: 'paracet', antall: 3, total: null, hasMore: false });
    expect(r.data.legemidler[0]).toEqual({
      id: '3f5c2a9e-6d41-4b8e-9a7c-1e2d3c4b5a60',
      navn: 'Paracet tab 500 mg',
      atc: [{ kode: 'N02BE01', navn: 'Paracetamol' }],
      legemiddelform: { kode: '10219000', navn: 'Tablett' },
    });
    expect(r.data.legemidler.map((x: { navn: string }) => x.navn)).toEqual(['Paracet tab 500 mg', 'Paracet mikstur 24 mg/ml', 'Paracetamol B. Braun inf 10 mg/ml']);
  });

  it('says there is more when the Bundle has a next link', async () => {
    const r = await call('dmp.drugs.search', { q: 'paracet', limit: 2 });
    expect(r.data).toMatchObject({ antall: 2, hasMore: true });
  });

  it('answers an empty list with a note when no name starts with q', async () => {
    const r = await call('dmp.drugs.search', { q: 'xyzzy' });
    expect(r.data).toMatchObject({ antall: 0, legemidler: [], hasMore: false, note: 'No product name in FEST starts with "xyzzy".' });
  });

  it('answers 502 when the FHIR service fails', async () => {
    const e = await fails('dmp.drugs.search', { q: 'ibuprofen' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(e.message).toBe('DMP FHIR service (FEST, FHIR R4) answered HTTP 500');
  });

  it.each([[{ limit: 0 }], [{ limit: 101 }], [{ q: '' }]])('refuses %j, naming the field', async (args) => {
    const t = withKey();
    const e = await fails('dmp.drugs.search', args, t);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/^(limit|q):/);
    expect(t.services.upstream.sent.get('dmp-fhir')).toBeUndefined();
  });

  it('answers on the connector route', async () => {
    const res = await withKey().fetch('/api/connectors/legemidler/legemidler?q=paracet&limit=5', auth);
    expect(res.status).toBe(200);
    expect((await res.json()).antall).toBe(3);
  });
});

describe('dmp.atc.search', () => {
  it('answers the ATC codes that start with code, in order, with Norwegian and English names and levels', async () => {
    const r = await call('dmp.atc.search', { code: 'n02be' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ code: 'N02BE', total: 4, antall: 4, versjon: '2026' });
    expect(r.data.koder).toEqual([
      { kode: 'N02BE', navn: 'Anilider', navnEngelsk: 'Anilides', niva: 4 },
      { kode: 'N02BE01', navn: 'Paracetamol', navnEngelsk: 'Paracetamol', niva: 5 },
      { kode: 'N02BE51', navn: 'Paracetamol, kombinasjoner ekskl. psykoleptika', navnEngelsk: 'Paracetamol, combinations excl. psycholeptics', niva: 5 },
      { kode: 'N02BE71', navn: 'Paracetamol, kombinasjoner med psykoleptika', navnEngelsk: 'Paracetamol, combinations with psycholeptics', niva: 5 },
    ]);
  });

  it('reads every level of the nested code system, and cuts at limit while total counts all', async () => {
    const r = await call('dmp.atc.search', { code: 'N', limit: 3 });
    expect(r.data).toMatchObject({ total: 9, antall: 3 });
    expect(r.data.koder.map((x: { kode: string; niva: number }) => [x.kode, x.niva])).toEqual([
      ['N', 1],
      ['N02', 2],
      ['N02B', 3],
    ]);
  });

  it('answers an empty list with a note when no code starts with code', async () => {
    const r = await call('dmp.atc.search', { code: 'Z' });
    expect(r.data).toMatchObject({ total: 0, koder: [], note: 'No ATC code starts with "Z".' });
  });

  it.each([[{ code: '' }], [{ code: 'N02BE011' }], [{}], [{ code: 'N', limit: 101 }]])('refuses %j', async (args) => {
    const e = await fails('dmp.atc.search', args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/^(code|limit)/);
  });
});

describe('dmp.atc.search when the FHIR service fails', () => {
  const ATC_URL = 'https://api.legemiddelverket.no/fhir-r4/CodeSystem/0c7a5e3f-1b2d-4c6e-8f9a-2b3c4d5e6f70';
  const LIST_URL = 'https://api.legemiddelverket.no/fhir-r4/CodeSystem?_count=100&_elements=url%2Cname%2Ctitle%2Cversion';
  const listing = (json: unknown): Transport => ({
    send: async (req) => (req.url === LIST_URL ? { status: 200, headers: { 'content-type': 'application/fhir+json' }, body: Buffer.from(JSON.stringify(json)) } : replay().send(req)),
  });
  const answering = (status: number, json: unknown): Transport => ({
    send: async (req) => (req.url === ATC_URL ? { status, headers: { 'content-type': 'application/fhir+json' }, body: Buffer.from(JSON.stringify(json)) } : replay().send(req)),
  });

  it('answers 502 for a 500 with an OperationOutcome', async () => {
    const outcome = { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'exception', diagnostics: 'An unhandled exception occurred while processing the request.' }] };
    const e = await fails('dmp.atc.search', { code: 'N02BE' }, createTestApp({ env: ENV, transport: answering(500, outcome) }));
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });

  it('answers 502 naming the ATC index when the listing holds no ATC CodeSystem, and reads nothing more', async () => {
    const e = await fails('dmp.atc.search', { code: 'N02BE' }, createTestApp({ env: ENV, transport: listing({ resourceType: 'Bundle', type: 'searchset' }) }));
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(e.message).toBe("DMP's FHIR service listed no ATC CodeSystem among its first 100 code systems");
  });

  it('answers 502 when the read by id answers another resource type', async () => {
    const e = await fails('dmp.atc.search', { code: 'N02BE' }, createTestApp({ env: ENV, transport: answering(200, { resourceType: 'OperationOutcome', issue: [] }) }));
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(e.message).toBe("DMP's FHIR service answered no CodeSystem for the ATC index (CodeSystem/0c7a5e3f-1b2d-4c6e-8f9a-2b3c4d5e6f70)");
  });
});

describe('dmp.drug.detail', () => {
  it('answers 502 when the FHIR service is unavailable', async () => {
    const e = await fails('dmp.drug.detail', { id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(e.message).toBe('DMP FHIR service (FEST, FHIR R4) answered HTTP 503');
  });

  it('answers the product with names, ATC, dose form, legal status, classifications and identifiers', async () => {
    const r = await call('dmp.drug.detail', { id: '3f5c2a9e-6d41-4b8e-9a7c-1e2d3c4b5a60' });
    expect(r.isError).toBe(false);
    expect(r.data).toEqual({
      id: '3f5c2a9e-6d41-4b8e-9a7c-1e2d3c4b5a60',
      navn: 'Paracet tab 500 mg',
      atc: [{ kode: 'N02BE01', navn: 'Paracetamol' }],
      legemiddelform: { kode: '10219000', navn: 'Tablett' },
      alleNavn: ['Paracet tab 500 mg'],
      reseptstatus: { kode: '100000072084', navn: 'Reseptfritt legemiddel' },
      klassifisering: [{ system: 'http://www.whocc.no/atc', kode: 'N02BE01', navn: 'Paracetamol' }],
      identifikatorer: [
        { system: 'http://legemiddelverket.no/fhir/SAFEST/SafestMedicinalProductID', verdi: '3f5c2a9e-6d41-4b8e-9a7c-1e2d3c4b5a60' },
        { system: 'http://legemiddelverket.no/fhir/NamingSystem/festLegemiddelMerkevare', verdi: 'ID_0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D' },
      ],
      sistOppdatert: '2026-11-02T06:41:19.512+00:00',
      kilde: { register: 'FEST (Direktoratet for medisinske produkter), FHIR service', url: 'https://www.dmp.no/en/about-us/distribution-of-data-on-medicinal-products/FHIR-service/content-of-the-fhir-service' },
    });
  });

  it('answers not_found for an unknown id (the OperationOutcome of a 404), MCP and REST', async () => {
    const t = withKey();
    const e = await fails('dmp.drug.detail', { id: '00000000-0000-0000-0000-000000000000' }, t);
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
    expect(e.message).toBe('FEST has no medicinal product with id 00000000-0000-0000-0000-000000000000');
    const res = await t.fetch('/api/connectors/legemidler/legemidler/00000000-0000-0000-0000-000000000000', auth);
    expect(res.status).toBe(404);
  });

  it.each(['', 'a/b', 'x'.repeat(65)])('refuses id %j as not a FHIR id', async (id) => {
    const e = await fails('dmp.drug.detail', { id });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain('id: must be a FHIR id');
  });
});
