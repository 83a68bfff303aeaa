// brreg.roller.* over MCP and their connector routes, answered by recordings of the Enhetsregisteret
// roles endpoint (tests/recordings/brreg/roller-*.json; live captures and labelled constructed scenarios).
import { describe, expect, it } from 'vitest';
import { KEYS, callTool, callToolError, createTestApp, rpc, type TestApp } from './helpers/app.js';

const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('brreg') ?? 0;

async function ok(t: TestApp, name: string, args: unknown) {
  const r = await callTool(t, 'brreg', name, args);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
}

const fails = (t: TestApp, name: string, args: unknown) => callToolError(t, 'brreg', name, args);

interface Role {
  rolle: { kode: string; registerKode: string; beskrivelse: string };
  navn: string;
  innehaverType: string;
  fodselsdato: string | null;
  fratraadt: boolean | null;
  avregistrert: boolean | null;
  slutt: { grunn: string; dato: null } | null;
  valgtAv: { kode: string } | null;
  enhet: { orgnr: string } | null;
}
const roles = (data: { rollegrupper: { roller: Role[] }[] }) => data.rollegrupper.flatMap((g) => g.roller);

describe('brreg.roller.lookup', () => {
  const name = 'brreg.roller.lookup';

  it('answers the example: Equinor role groups with name, birth date and end marker per holder', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { orgnr: '923609016' });
    expect(d.orgnr).toBe('923609016');
    expect(d.rollegrupper.map((g: { kode: string; registerKode: string }) => [g.kode, g.registerKode])).toEqual([['DAGL', 'DAGL'], ['STYR', 'STYR'], ['REVISOR', 'REVI']]);
    expect(d.rollegrupper[1]).toMatchObject({ beskrivelse: 'Styre', sistEndret: '2026-09-04' });
    expect(d).toMatchObject({ antallRoller: 7, antallAktive: 6 });
    const all = roles(d);
    expect(all[0]).toMatchObject({ rolle: { kode: 'DAGL' }, innehaverType: 'person', navn: 'Kari Nordmann', fodselsdato: '1970-01-01', slutt: null });
    // This capture carries no `fratraadt`: reported as null (unknown), not as false.
    expect(all[0].fratraadt).toBeNull();
    const hansen = all.find((r) => r.navn === 'Per Olav Hansen')!;
    expect(hansen).toMatchObject({ rolle: { kode: 'MEDL' }, avregistrert: true, slutt: { grunn: 'avregistrert', dato: null } });
    expect(all.find((r) => r.navn === 'Jonas Lie')!.valgtAv).toMatchObject({ kode: 'AREP' });
    const auditor = all.find((r) => r.rolle.kode === 'REVISOR')!;
    expect(auditor.rolle).toEqual({ kode: 'REVISOR', registerKode: 'REVI', beskrivelse: 'Revisor' });
    expect(auditor).toMatchObject({ innehaverType: 'enhet', navn: 'ERNST & YOUNG AS', fodselsdato: null, enhet: { orgnr: '976389387' }, slutt: null });
    expect(d.note).toMatch(/no role start or end dates/);
  });

  it("names role groups and roles as the spec does (PROKURA, REVISOR), with the register's code beside", async () => {
    const d = await ok(createTestApp(), name, { orgnr: '999999948' });
    expect(d.rollegrupper.map((g: { kode: string; registerKode: string; beskrivelse: string }) => [g.kode, g.registerKode, g.beskrivelse])).toEqual([
      ['DAGL', 'DAGL', 'Daglig leder'],
      ['PROKURA', 'PROK', 'Prokura'],
      ['REVISOR', 'REVI', 'Revisor'],
    ]);
    expect(roles(d).map((r) => r.rolle)).toEqual([
      { kode: 'DAGL', registerKode: 'DAGL', beskrivelse: 'Daglig leder' },
      { kode: 'PROKURA', registerKode: 'PROK', beskrivelse: 'Prokura' },
      { kode: 'REVISOR', registerKode: 'REVI', beskrivelse: 'Revisor' },
    ]);
  });

  it('marks a role the register reports as fratraadt, with no date', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { orgnr: '999999905' });
    const all = roles(d);
    expect(all.find((r) => r.rolle.kode === 'LEDE')).toMatchObject({ navn: 'Kari Nordmann', fratraadt: true, slutt: { grunn: 'fratraadt', dato: null } });
    expect(all.find((r) => r.rolle.kode === 'DAGL')).toMatchObject({ fratraadt: false, slutt: null });
    expect(d).toMatchObject({ antallRoller: 4, antallAktive: 3 });
  });

  it('maps a bankruptcy trustee (BOBE), who is neither person nor company', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { orgnr: '915330193' });
    const trustee = roles(d).find((r) => r.rolle.kode === 'BOBE')!;
    expect(trustee).toMatchObject({ innehaverType: 'bostyrer', navn: 'Adv. Ola Nordmann', fodselsdato: null, slutt: null });
  });

  it('answers an empty list for an entity without roles', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { orgnr: '999999913' });
    expect(d).toMatchObject({ rollegrupper: [], antallRoller: 0, antallAktive: 0 });
    expect(d.note).toMatch(/no roles/);
  });

  it.each(['973160834', '989566733'])('answers not_found for %s (a sub-unit number; a deleted entity)', async (orgnr) => {
    const t = createTestApp();
    expect((await fails(t, name, { orgnr })).code).toBe('not_found');
  });

  it('answers through its connector route, and 404 there for a number without roles', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/brreg/enheter/923609016/roller', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).antallRoller).toBe(7);
    expect((await t.fetch('/api/connectors/brreg/enheter/989566733/roller', { headers: auth })).status).toBe(404);
  });

  it.each([
    [{ orgnr: '92360901' }, /orgnr: must be exactly 9 digits/],
    [{ orgnr: '923609017' }, /orgnr: fails the modulus-11 check/],
    [{}, /orgnr: is required/],
  ])('rejects %j', async (args, message) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(message);
    expect(sent(t)).toBe(0);
  });

  it('reports an upstream failure as upstream_unavailable', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { orgnr: '984661185' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });
});

describe('brreg.roller.history', () => {
  const name = 'brreg.roller.history';

  it('always answers degraded, unavailable_on_open_api, count 0, without calling the register', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { orgnr: '923609016' });
    expect(d).toMatchObject({ orgnr: '923609016', status: 'degraded', capability: 'unavailable_on_open_api', count: 0, roller: [] });
    expect(d.note).toMatch(/count 0 therefore does not mean there were no past roles/);
    expect(d.alternatives[0].tool).toBe('brreg.roller.lookup');
    expect(sent(t)).toBe(0);
  });

  it('answers the same for any valid number, since it makes no upstream request', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { orgnr: '973160834' });
    expect(d).toMatchObject({ status: 'degraded', count: 0 });
    const res = await t.fetch('/api/connectors/brreg/enheter/989566733/roller/historikk', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).capability).toBe('unavailable_on_open_api');
    expect(sent(t)).toBe(0);
  });

  it('still validates the organisation number', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { orgnr: 'abc' });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/orgnr: must be exactly 9 digits/);
  });
});

describe('brreg.roller.interlocks', () => {
  const name = 'brreg.roller.interlocks';

  it('answers the example: the person Equinor shares by name with its auditor', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { orgnr: '923609016' });
    expect(d.status).toBe('ok');
    expect(d.interlocks).toEqual([{ orgnr: '976389387', company: 'ERNST & YOUNG AS', sharedMembers: 1, sharedMemberNames: ['Kari Nordmann'] }]);
    expect(d.comparedCompanies).toEqual([{ orgnr: '976389387', company: 'ERNST & YOUNG AS', via: ['REVISOR'], status: 'compared' }]);
    expect(d.inkluderFratraadte).toBe(false);
    expect(d.note).toMatch(/no search by person/);
    expect(d.note).toMatch(/false positives possible/);
  });

  it('sorts interlocks by shared members, descending', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { orgnr: '914375916' });
    expect(d.status).toBe('ok');
    expect(d.interlocks).toEqual([
      { orgnr: '987009713', company: 'PRICEWATERHOUSECOOPERS AS', sharedMembers: 2, sharedMemberNames: ['Kari Nordmann', 'Ola Nordmann'] },
      { orgnr: '922633452', company: 'AIDER AS', sharedMembers: 1, sharedMemberNames: ['Per Eksempel'] },
    ]);
  });

  it('leaves out roles marked as ended unless inkluderFratraadte is true', async () => {
    const t = createTestApp();
    const active = await ok(t, name, { orgnr: '999999905' });
    expect(active).toMatchObject({ status: 'empty', interlocks: [], inkluderFratraadte: false });
    expect(active.comparedCompanies).toHaveLength(1);
    const all = await ok(t, name, { orgnr: '999999905', inkluderFratraadte: true });
    expect(all.status).toBe('ok');
    expect(all.interlocks).toEqual([{ orgnr: '976389387', company: 'ERNST & YOUNG AS', sharedMembers: 1, sharedMemberNames: ['Kari Nordmann'] }]);
    const res = await t.fetch('/api/connectors/brreg/enheter/999999905/roller/interlocks?inkluderFratraadte=true', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).interlocks[0].sharedMemberNames).toEqual(['Kari Nordmann']);
  });

  it('answers empty, saying why, when no company holds a role in the entity', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { orgnr: '915330193' });
    expect(d).toMatchObject({ status: 'empty', interlocks: [], comparedCompanies: [] });
    expect(d.note).toMatch(/no company among its role holders/);
    expect(d.note).toMatch(/does not mean the members hold no other positions/);
  });

  it('answers degraded when a linked company cannot be compared', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { orgnr: '935864879' });
    expect(d.status).toBe('degraded');
    expect(d.interlocks).toEqual([]);
    expect(d.failedCompanies).toMatchObject([{ orgnr: '981434935', company: 'ØKONOMI REGNSKAPSBYRÅ AS', via: ['REGN'] }]);
    expect(d.note).toMatch(/Could not compare 981434935/);
  });

  it('answers not_found for a number without roles, and upstream_unavailable when the register fails', async () => {
    const t = createTestApp();
    expect((await fails(t, name, { orgnr: '989566733' })).code).toBe('not_found');
    expect((await fails(t, name, { orgnr: '984661185' })).code).toBe('upstream_unavailable');
  });

  it.each([
    [{ orgnr: '923609016', inkluderFratraadte: 'yes' }, /inkluderFratraadte: must be of type boolean/],
    [{ orgnr: '923609016', inkluderFratraadte: 1 }, /inkluderFratraadte: must be of type boolean/],
    [{ orgnr: '12345' }, /orgnr: must be exactly 9 digits/],
  ])('rejects %j', async (args, message) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(message);
    expect(sent(t)).toBe(0);
  });
});

interface Node {
  id: string;
  type: string;
  label: string;
  depth: number;
  expanded: boolean;
}
interface Edge {
  from: string;
  to: string;
  rolle: string;
  aktiv: boolean;
}

describe('brreg.roller.network', () => {
  const name = 'brreg.roller.network';
  const EY = 'org:976389387';
  const KARI = 'person:KARI NORDMANN|1970-01-01';

  it('answers the example: depth 2 expands company neighbours only and says so', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { orgnr: '923609016' });
    expect(d).toMatchObject({ rootOrgnr: '923609016', nodeCount: 15, edgeCount: 20, truncated: false, status: 'partial', personExpansion: 'company-neighbors' });
    expect(d.nodes).toHaveLength(d.nodeCount);
    expect(d.edges).toHaveLength(d.edgeCount);
    expect(d.degradedReason).toMatch(/5 person node\(s\) were not expanded.*no search by person/);
    expect(d.alternatives.map((a: { tool: string }) => a.tool)).toEqual(['brreg.roller.lookup', 'brreg.roller.interlocks']);
    const nodes = new Map<string, Node>(d.nodes.map((n: Node) => [n.id, n]));
    expect(nodes.get('org:923609016')).toMatchObject({ depth: 0, expanded: true });
    expect(nodes.get(EY)).toMatchObject({ type: 'company', label: 'ERNST & YOUNG AS', depth: 1, expanded: true });
    expect(nodes.get('org:922829845')).toMatchObject({ label: 'CROWE PARTNER REVISJON AS', depth: 2, expanded: false });
    expect(nodes.get(KARI)).toMatchObject({ type: 'person', label: 'Kari Nordmann', depth: 1, expanded: false });
    // The same name and birth date in both companies is one node with edges to both.
    const kari = d.edges.filter((e: Edge) => e.from === KARI).map((e: Edge) => `${e.to} ${e.rolle}`);
    expect(kari.sort()).toEqual(['org:923609016 DAGL', `${EY} DAGL`, `${EY} MEDL`]);
    // Ended roles are left out by default.
    expect([...nodes.values()].some((n) => n.label === 'Per Olav Hansen')).toBe(false);
  });

  it('depth 1 gives the role holders only, status ok', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { orgnr: '923609016', depth: 1 });
    expect(d).toMatchObject({ nodeCount: 7, edgeCount: 6, truncated: false, status: 'ok', personExpansion: 'none' });
    expect(d.degradedReason).toBeUndefined();
    expect(d.nodes.find((n: Node) => n.id === EY).expanded).toBe(false);
    // Role codes as the spec names them, the register's beside.
    expect(d.edges.find((e: Edge) => e.from === EY)).toMatchObject({ to: 'org:923609016', rolle: 'REVISOR', rolleRegisterKode: 'REVI', rollegruppe: 'REVISOR', rollegruppeRegisterKode: 'REVI' });
  });

  it('includes roles marked as ended when inkluderFratraadte is true, as inactive edges', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/brreg/enheter/923609016/roller/nettverk?depth=1&inkluderFratraadte=true', { headers: auth });
    expect(res.status).toBe(200);
    const d = await res.json();
    expect(d).toMatchObject({ nodeCount: 8, edgeCount: 7 });
    const hansen = d.nodes.find((n: Node) => n.label === 'Per Olav Hansen');
    expect(d.edges.find((e: Edge) => e.from === hansen.id)).toMatchObject({ rolle: 'MEDL', aktiv: false });
  });

  it('cuts the graph at 50 nodes and marks it truncated', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { orgnr: '999999921', depth: 1 });
    expect(d).toMatchObject({ nodeCount: 50, edgeCount: 49, truncated: true, status: 'partial' });
    expect(d.degradedReason).toMatch(/cut at 50 nodes/);
  });

  it('reports a company neighbour whose roles could not be fetched', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { orgnr: '935864879' });
    expect(d.status).toBe('partial');
    expect(d.degradedReason).toMatch(/981434935 could not be fetched/);
    expect(d.nodes.find((n: Node) => n.id === 'org:981434935')).toMatchObject({ expanded: false, label: 'ØKONOMI REGNSKAPSBYRÅ AS' });
  });

  it('shows a bankruptcy trustee as a person node', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { orgnr: '915330193', depth: 1 });
    expect(d.nodes.find((n: Node) => n.label === 'Adv. Ola Nordmann')).toMatchObject({ type: 'person', depth: 1 });
    expect(d.edges.find((e: Edge) => e.rolle === 'BOBE')).toBeDefined();
  });

  it('answers only the root node for an entity without roles', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { orgnr: '999999913' });
    expect(d).toMatchObject({ nodeCount: 1, edgeCount: 0, truncated: false, status: 'ok', personExpansion: 'company-neighbors' });
    expect(d.note).toMatch(/no roles/);
  });

  it('answers not_found for a number without roles, and upstream_unavailable when the register fails', async () => {
    const t = createTestApp();
    expect((await fails(t, name, { orgnr: '973160834' })).code).toBe('not_found');
    expect((await fails(t, name, { orgnr: '984661185' })).code).toBe('upstream_unavailable');
  });

  it.each([
    [{ orgnr: '923609016', depth: 0 }, /depth: must be at least 1/],
    [{ orgnr: '923609016', depth: 3 }, /depth: must be at most 2/],
    [{ orgnr: '923609016', depth: 1.5 }, /depth: must be an integer/],
    [{ orgnr: '923609016', inkluderFratraadte: 'true' }, /inkluderFratraadte: must be of type boolean/],
  ])('rejects %j', async (args, message) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(message);
    expect(sent(t)).toBe(0);
  });
});

describe('brreg.roller.person-search', () => {
  const name = 'brreg.roller.person-search';

  it('is listed as deprecated with its spec bounds', async () => {
    const t = createTestApp();
    const r = await rpc(t, 'brreg', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tool = r.body.result.tools.find((x: { name: string }) => x.name === name);
    expect(tool.description).toMatch(/Deprecated: always answers HTTP 410 api_sunset/);
    expect(tool.inputSchema.required).toEqual(['navn']);
    expect(tool.inputSchema.properties.size).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    expect(tool.inputSchema.properties.inkluderFratraadte).toMatchObject({ type: 'boolean', default: false });
  });

  it('answers api_sunset with an alternative and no data, without calling the register', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { navn: 'Kari Nordmann' });
    expect(e).toMatchObject({ code: 'api_sunset', status: 410, detailCode: 'api_sunset' });
    expect(e.message).toMatch(/retired/);
    expect(e.alternative).toMatch(/brreg\.roller\.lookup/);
    // Retirement wins over validation: any input gets the same answer.
    expect((await fails(t, name, { size: 0 })).code).toBe('api_sunset');
    expect(sent(t)).toBe(0);
  });

  it('answers HTTP 410 on its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/brreg/roller/personsok?navn=Kari', { headers: auth });
    expect(res.status).toBe(410);
    expect(await res.json()).toMatchObject({ code: 'api_sunset', status: 410 });
  });
});

describe('tools/list publishes the spec bounds of the role tools', () => {
  it('orgnr required everywhere, inkluderFratraadte default false, depth 1 to 2 default 2', async () => {
    const t = createTestApp();
    const r = await rpc(t, 'brreg', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const byName = new Map<string, { inputSchema: { properties: Record<string, Record<string, unknown>>; required?: string[] } }>(
      r.body.result.tools.map((x: { name: string }) => [x.name, x]),
    );
    for (const n of ['lookup', 'history', 'interlocks', 'network']) expect(byName.get(`brreg.roller.${n}`)!.inputSchema.required).toEqual(['orgnr']);
    expect(byName.get('brreg.roller.interlocks')!.inputSchema.properties.inkluderFratraadte).toMatchObject({ type: 'boolean', default: false });
    expect(byName.get('brreg.roller.network')!.inputSchema.properties.depth).toMatchObject({ type: 'integer', minimum: 1, maximum: 2, default: 2 });
  });
});
