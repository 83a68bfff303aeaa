// The fhi server over MCP and its connector routes: indikatorer.list answered by a recording of FHI
// Statistikk Open API (tests/recordings/fhi-statistikk/), and the two planned tools' answers.
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest, Transport } from '../runtime/upstream/transport.js';
import { KEYS, callTool, callToolError, createTestApp, replay, type TestApp } from './helpers/app.js';

const SLUG = 'fhi';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('fhi-statistikk') ?? 0;

describe('fhi.indikatorer.list', () => {
  const name = 'fhi.indikatorer.list';

  it('answers the example: the living-conditions tables of Folkehelsestatistikk', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { tema: 'levekår' });
    expect(r.isError).toBe(false);
    expect(r.data.tema).toBe('levekår');
    expect(r.data.indikatorer.map((x: { title: string }) => x.title)).toEqual([
      'Utdanningsnivå',
      'Lavinntekt (husholdninger)',
      'Inntektsulikhet',
      'Arbeidsledighet',
      'Uføretrygdede',
      'Trangboddhet',
      'Valgdeltakelse',
    ]);
    expect(r.data.count).toBe(7);
    expect(r.data.indikatorer[0]).toEqual({ tableId: 10, title: 'Utdanningsnivå', tema: 'levekår', publishedAt: '2026-03-06T08:00:00+01:00', modifiedAt: '2026-07-05T10:15:00+01:00' });
    expect(r.data.kilde).toEqual({ register: 'FHI Statistikk: Folkehelsestatistikk', url: 'https://statistikk-data.fhi.no/api/open/v1/nokkel/table' });
  });

  it('places mortality before health and injuries under miljø', async () => {
    const t = createTestApp();
    const dead = await callTool(t, SLUG, name, { tema: 'dødelighet' });
    expect(dead.data.indikatorer.map((x: { tableId: number }) => x.tableId)).toEqual([40, 41]);
    const env = await callTool(t, SLUG, name, { tema: 'miljø' });
    expect(env.data.indikatorer.map((x: { title: string }) => x.title)).toEqual(['Drikkevannsforsyning', 'Skader behandlet i sykehus', 'Hoftebrudd']);
  });

  it('lists every table with its theme without tema, from one cached request', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, {});
    expect(r.data).toMatchObject({ tema: null, count: 20 });
    expect(r.data.indikatorer.find((x: { tableId: number }) => x.tableId === 1).tema).toBe('befolkning');
    await callTool(t, SLUG, name, { tema: 'helse' });
    expect(sent(t)).toBe(1);
  });

  it('answers the same on its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/fhi/indikatorer?tema=helse', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).count).toBe(4);
  });

  it('refuses a theme outside the spec, naming the field and the values', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { tema: 'skole' });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain('tema:');
    expect(e.message).toMatch(/befolkning/);
    expect(sent(t)).toBe(0);
  });

  it('answers an empty list with a note when FHI lists no table', async () => {
    const empty: Transport = {
      send: async (req: OutgoingRequest) =>
        req.url === 'https://statistikk-data.fhi.no/api/open/v1/nokkel/table' ? { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from('[]') } : replay().send(req),
    };
    const r = await callTool(createTestApp({ transport: empty }), SLUG, name, { tema: 'helse' });
    expect(r.data).toMatchObject({ count: 0, indikatorer: [] });
    expect(r.data.note).toMatch(/No table/);
  });

  it('reports an upstream failure as 502 upstream_unavailable', async () => {
    // FHI's API answering 500 (its guide documents 400 and 404 with a status field; 5xx is generic).
    const failing: Transport = { send: async () => ({ status: 500, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"status":"An error occurred"}') }) };
    const e = await callToolError(createTestApp({ transport: failing }), SLUG, name, { tema: 'helse' });
    expect(e.code).toBe('upstream_unavailable');
    expect(e.status).toBe(502);
  });
});

describe('planned tools', () => {
  it('fhi.helseprofil.list answers 503 source_migrated, whatever the input', async () => {
    const t = createTestApp();
    for (const args of [{ municipality: '0301' }, {}]) {
      const e = await callToolError(t, SLUG, 'fhi.helseprofil.list', args);
      expect(e).toMatchObject({ code: 'source_migrated', status: 503, detailCode: 'source_migrated' });
      expect(e.message).toMatch(/Retrying does not help/);
      expect(e.alternative).toMatch(/fhi\.indikatorer\.list/);
    }
    const res = await t.fetch('/api/connectors/fhi/helseprofiler/0301', { headers: auth });
    expect(res.status).toBe(503);
    expect(sent(t)).toBe(0);
  });

  it('fhi.msis.list answers 501 not_implemented (not connected yet; no credential is involved)', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, 'fhi.msis.list', { municipality: '0301', disease: 'kikhoste' });
    expect(e).toMatchObject({ code: 'not_implemented', status: 501 });
    expect(e.message).toMatch(/planned and not connected/);
    expect(sent(t)).toBe(0);
  });

  it('publish the spec bounds of their parameters', async () => {
    const t = createTestApp();
    const tools = t.services.registry.server(SLUG)!.tools;
    const profil = tools.find((x) => x.name === 'fhi.helseprofil.list')!;
    expect(profil.status).toBe('planned');
    expect(profil.jsonSchema.required).toEqual(['municipality']);
    expect((profil.jsonSchema.properties as Record<string, unknown>).limit).toMatchObject({ minimum: 1, maximum: 500, default: 100 });
  });
});
