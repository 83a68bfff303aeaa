// Role tools (roller.*) over the open roles endpoint GET /enhetsregisteret/api/enheter/{orgnr}/roller.
// Mapping follows the Enhetsregisteret API documentation
// (https://data.brreg.no/enhetsregisteret/api/dokumentasjon/no/index.html; UPSTREAMS.md A1) and live
// captures of it (ikkeseb/brreg-snap tests/fixtures/brreg/roller-*.json, sondreskarsten/tidybrreg
// roles_923609016.json). What the open API lacks shapes these tools: it gives the current roles of one
// entity, with no start or end dates (only the markers `fratraadt` and `avregistrert`), no role history
// and no search by person; a deleted or unknown entity answers 404. The authorised API
// (/autorisert-api, Maskinporten) adds national identity numbers but is not used here.
import { defineTool } from '../../runtime/define.js';
import { PEOPLE } from '../_shared/icons/index.js';
import type { ToolContext } from '../../runtime/context.js';
import { bool, int, orgnr, size, text } from '../../runtime/fields.js';
import { kode, type Kode, type RollerGruppe, type RollerRolle, type RollerSvar } from '../_shared/enhetsregisteret.js';
import { DAY, ROLLER_PATH, registerCoverage } from './common.js';
import { rolleKode, specRoleName } from './rolleholder.js';
import { z } from 'zod';
import { codeName, optNum, optStr } from '../../runtime/output.js';
import { rolleKodeOutput } from './outputs.js';

/** Other tools to use when an answer is partial. */
const alternativesOutput = z.array(z.object({ tool: z.string(), description: z.string() }));
/** A company that holds a role in the root, and the roles it holds there. */
const linkedCompany = { orgnr: z.string(), company: z.string(), via: z.array(z.string()) };

/** Companies whose roles one call of interlocks or network fetches, at most (one upstream request each). */
export const MAX_COMPANY_FETCHES = 25;
/** Spec 4.1: roller.network answers at most 50 nodes. */
export const MAX_NETWORK_NODES = 50;

const coverage = registerCoverage(['company', 'roles', 'board']);

// ---- shared mapping -------------------------------------------------------------------------------

type Holder =
  | { type: 'person'; navn: string; fornavn: string | null; mellomnavn: string | null; etternavn: string | null; fodselsdato: string | null; erDoed: boolean | null }
  | { type: 'enhet'; navn: string; orgnr: string; organisasjonsform: { kode: string; beskrivelse: string } | null; erSlettet: boolean | null }
  | { type: 'bostyrer'; navn: string; erDoed: boolean | null }
  | { type: 'ukjent'; navn: null };

function holderOf(r: RollerRolle): Holder {
  if (r.person) {
    const n = r.person.navn ?? {};
    const navn = [n.fornavn, n.mellomnavn, n.etternavn].filter((p): p is string => !!p && p.trim() !== '').join(' ');
    return {
      type: 'person',
      navn,
      fornavn: n.fornavn ?? null,
      mellomnavn: n.mellomnavn ?? null,
      etternavn: n.etternavn ?? null,
      fodselsdato: r.person.fodselsdato ?? null,
      erDoed: r.person.erDoed ?? null,
    };
  }
  if (r.enhet) {
    return {
      type: 'enhet',
      navn: (r.enhet.navn ?? []).join(' ').trim() || r.enhet.organisasjonsnummer,
      orgnr: r.enhet.organisasjonsnummer,
      organisasjonsform: kode(r.enhet.organisasjonsform),
      erSlettet: r.enhet.erSlettet ?? null,
    };
  }
  if (r.bostyrer) return { type: 'bostyrer', navn: r.bostyrer.navn ?? '', erDoed: r.bostyrer.erDoed ?? null };
  return { type: 'ukjent', navn: null };
}

/**
 * The end marker of a role. The open API gives no end date: a role is marked `fratraadt` (the holder
 * has stepped down) or `avregistrert` (the role is deregistered), or neither. null means active.
 */
function endOf(r: RollerRolle): { grunn: 'fratraadt' | 'avregistrert'; dato: null } | null {
  if (r.fratraadt === true) return { grunn: 'fratraadt', dato: null };
  if (r.avregistrert === true) return { grunn: 'avregistrert', dato: null };
  return null;
}

interface FlatRole {
  gruppe: Kode;
  rolle: RollerRolle;
  holder: Holder;
  active: boolean;
}

function flatten(answer: RollerSvar | null | undefined): FlatRole[] {
  const out: FlatRole[] = [];
  for (const g of answer?.rollegrupper ?? []) {
    for (const r of g.roller ?? []) out.push({ gruppe: g.type, rolle: r, holder: holderOf(r), active: endOf(r) === null });
  }
  return out;
}

/** Comparison key of a person's full name: case, spacing and hyphen spacing do not matter. */
const nameKey = (navn: string) => navn.toLocaleUpperCase('nb-NO').replace(/\s*-\s*/g, '-').replace(/\s+/g, ' ').trim();

const rolesOf = (ctx: ToolContext, orgnr: string) => ctx.get<RollerSvar>('brreg', ROLLER_PATH, { params: { orgnr } });

const ENDED_FILTER =
  'inkluderFratraadte (default false) also counts roles the register marks as ended (fratraadt or avregistrert); the open API gives no dates, so "ended" cannot be narrowed to a period.';

// ---- roller.lookup ---------------------------------------------------------------------------------

function mapGroup(g: RollerGruppe) {
  return {
    ...rolleKode(g.type),
    sistEndret: g.sistEndret ?? null,
    roller: (g.roller ?? []).map((r) => {
      const holder = holderOf(r);
      return {
        rolle: rolleKode(r.type),
        innehaverType: holder.type,
        navn: holder.navn,
        fodselsdato: holder.type === 'person' ? holder.fodselsdato : null,
        person: holder.type === 'person' ? { fornavn: holder.fornavn, mellomnavn: holder.mellomnavn, etternavn: holder.etternavn, erDoed: holder.erDoed } : null,
        enhet: holder.type === 'enhet' ? { orgnr: holder.orgnr, navn: holder.navn, organisasjonsform: holder.organisasjonsform, erSlettet: holder.erSlettet } : null,
        valgtAv: kode(r.valgtAv),
        rekkefolge: r.rekkefolge ?? null,
        fratraadt: r.fratraadt ?? null,
        avregistrert: r.avregistrert ?? null,
        slutt: endOf(r),
      };
    }),
  };
}

export const rollerLookup = defineTool({
  name: 'roller.lookup',
  title: 'Roles of a Norwegian legal entity',
  icon: PEOPLE,
  description:
    'Current roles of one entity in Enhetsregisteret by role group (e.g. DAGL daily manager, STYR board: LEDE chair, MEDL member, VARA deputy; PROKURA, REVISOR, REGN accountant, DTSO partner, BOBE trustee), with the date each group last changed. `kode` is the spec\'s code, `registerKode` the register\'s (they differ only for PROKURA/PROK and REVISOR/REVI). A person holder has a birth date (the open API gives no national identity number). `slutt` null means the role is active; otherwise it names the register\'s marker (fratraadt or avregistrert); `dato` is always null: the open API publishes no start or end dates. For links to other companies use roller.interlocks or roller.network. A number not in the register, or a deleted entity, answers not_found; an entity without roles answers an empty rollegrupper.',
  input: { orgnr: orgnr() },
  output: z.object({
    orgnr: z.string(),
    rollegrupper: z.array(
      z.object({
        ...rolleKodeOutput.shape,
        sistEndret: optStr(),
        roller: z.array(
          z.object({
            rolle: rolleKodeOutput,
            innehaverType: z.enum(['person', 'enhet', 'bostyrer', 'ukjent']),
            navn: optStr(),
            fodselsdato: optStr(),
            person: z.object({ fornavn: optStr(), mellomnavn: optStr(), etternavn: optStr(), erDoed: z.boolean().nullable() }).nullable(),
            enhet: z.object({ orgnr: z.string(), navn: z.string(), organisasjonsform: codeName.nullable(), erSlettet: z.boolean().nullable() }).nullable(),
            valgtAv: codeName.nullable(),
            rekkefolge: optNum(),
            fratraadt: z.boolean().nullable(),
            avregistrert: z.boolean().nullable(),
            slutt: z.object({ grunn: z.enum(['fratraadt', 'avregistrert']), dato: z.null() }).nullable().describe('null: the role is active.'),
          }),
        ),
      }),
    ),
    antallRoller: z.number().int(),
    antallAktive: z.number().int(),
    note: z.string(),
  }),
  coverage,
  cacheTtlSeconds: DAY,
  route: '/enheter/:orgnr/roller',
  example: { orgnr: '923609016' },
  run: async ({ orgnr }, ctx) => {
    const answer = await rolesOf(ctx, orgnr);
    const rollegrupper = (answer?.rollegrupper ?? []).map(mapGroup);
    const all = rollegrupper.flatMap((g) => g.roller);
    return {
      orgnr,
      rollegrupper,
      antallRoller: all.length,
      antallAktive: all.filter((r) => r.slutt === null).length,
      note:
        all.length === 0
          ? 'The register lists no roles for this entity.'
          : 'slutt null = active. The open API gives no role start or end dates; slutt only repeats the register marker (fratraadt or avregistrert), so its dato is always null.',
    };
  },
});

// ---- roller.history --------------------------------------------------------------------------------

export const rollerHistory = defineTool({
  name: 'roller.history',
  title: 'Role history of a Norwegian legal entity (not on the open API)',
  icon: PEOPLE,
  description:
    'Past roles (former managers, board members, auditors) of an entity. The open Enhetsregisteret API publishes only current roles, so this tool always answers status "degraded", capability "unavailable_on_open_api" and count 0, without calling the register: count 0 does NOT mean the entity had no past roles. roller.lookup gives current roles and marks those the register still lists as ended.',
  input: { orgnr: orgnr() },
  output: z.object({
    orgnr: z.string(),
    status: z.literal('degraded'),
    capability: z.literal('unavailable_on_open_api'),
    count: z.number().int(),
    roller: z.array(z.never()),
    note: z.string(),
    alternatives: alternativesOutput,
  }),
  coverage,
  cacheTtlSeconds: DAY,
  route: '/enheter/:orgnr/roller/historikk',
  example: { orgnr: '923609016' },
  run: async ({ orgnr }) => ({
    orgnr,
    status: 'degraded',
    capability: 'unavailable_on_open_api',
    count: 0,
    roller: [],
    note: 'The open Enhetsregisteret API has no role history: it publishes only the roles registered now, without start or end dates. count 0 therefore does not mean there were no past roles.',
    alternatives: [{ tool: 'brreg.roller.lookup', description: 'Current roles, with roles the register still lists as ended marked in `slutt`.' }],
  }),
});

// ---- roller.interlocks -----------------------------------------------------------------------------

interface Candidate {
  orgnr: string;
  company: string;
  via: string[];
}

/** Companies that hold a role in the root themselves, in register order, without the root. */
function companyHolders(roles: FlatRole[], root: string): Candidate[] {
  const byOrgnr = new Map<string, Candidate>();
  for (const r of roles) {
    if (r.holder.type !== 'enhet' || r.holder.orgnr === root) continue;
    const c = byOrgnr.get(r.holder.orgnr) ?? { orgnr: r.holder.orgnr, company: r.holder.navn, via: [] };
    const role = specRoleName(r.rolle.type.kode);
    if (!c.via.includes(role)) c.via.push(role);
    byOrgnr.set(r.holder.orgnr, c);
  }
  return [...byOrgnr.values()];
}

export const rollerInterlocks = defineTool({
  name: 'roller.interlocks',
  title: 'Shared role holders between a company and its linked companies',
  icon: PEOPLE,
  description:
    'People who hold roles both in the given company and in the companies that themselves hold a role in it (auditor, accountant, corporate board member, partner; at most 25 compared), matched by full name, case-insensitive (namesakes match too: compare birth dates with roller.lookup), most shared members first. The open API has no search by person, so boards of unrelated companies are never checked: an empty list does not mean the members sit on no other boards. status empty: none found among the compared companies; degraded: some could not be compared (upstream error or the cap), so the list may be incomplete. A number not in the register answers not_found.',
  input: {
    orgnr: orgnr(),
    inkluderFratraadte: bool('Also count roles the register marks as ended (fratraadt, avregistrert).'),
  },
  output: z.object({
    orgnr: z.string(),
    status: z.enum(['ok', 'empty', 'degraded']),
    interlocks: z.array(z.object({ orgnr: z.string(), company: z.string(), sharedMembers: z.number().int(), sharedMemberNames: z.array(z.string()) })),
    comparedCompanies: z.array(z.object({ ...linkedCompany, status: z.enum(['compared', 'not_found']) })),
    failedCompanies: z.array(z.object({ ...linkedCompany, error: z.string() })).optional(),
    skippedCompanies: z.array(z.object(linkedCompany)).optional(),
    inkluderFratraadte: z.boolean(),
    note: z.string(),
  }),
  coverage,
  cacheTtlSeconds: DAY,
  route: '/enheter/:orgnr/roller/interlocks',
  example: { orgnr: '923609016' },
  run: async ({ orgnr, inkluderFratraadte }, ctx) => {
    const keep = (r: FlatRole) => inkluderFratraadte || r.active;
    const rootRoles = flatten(await rolesOf(ctx, orgnr)).filter(keep);
    const members = new Map<string, string>();
    for (const r of rootRoles) if (r.holder.type === 'person' && r.holder.navn) members.set(nameKey(r.holder.navn), r.holder.navn);

    const linked = companyHolders(rootRoles, orgnr);
    const candidates = linked.slice(0, MAX_COMPANY_FETCHES);
    const skipped = linked.slice(MAX_COMPANY_FETCHES);
    const answers = await Promise.all(candidates.map((c) => ctx.settle(rolesOf(ctx, c.orgnr))));

    const interlocks: { orgnr: string; company: string; sharedMembers: number; sharedMemberNames: string[] }[] = [];
    const compared: { orgnr: string; company: string; via: string[]; status: 'compared' | 'not_found' }[] = [];
    const failed: { orgnr: string; company: string; via: string[]; error: string }[] = [];
    candidates.forEach((c, i) => {
      const a = answers[i];
      if (a.status === 'error') {
        failed.push({ ...c, error: a.error.message });
        return;
      }
      compared.push({ ...c, status: a.status === 'ok' ? 'compared' : 'not_found' });
      if (a.status !== 'ok') return;
      const shared = new Set<string>();
      for (const r of flatten(a.value).filter(keep)) {
        if (r.holder.type !== 'person' || !r.holder.navn) continue;
        const key = nameKey(r.holder.navn);
        if (members.has(key)) shared.add(key);
      }
      if (shared.size > 0) {
        const names = [...shared].map((k) => members.get(k)!).sort((x, y) => x.localeCompare(y, 'nb'));
        interlocks.push({ orgnr: c.orgnr, company: c.company, sharedMembers: names.length, sharedMemberNames: names });
      }
    });
    interlocks.sort((x, y) => y.sharedMembers - x.sharedMembers || x.company.localeCompare(y.company, 'nb') || x.orgnr.localeCompare(y.orgnr));

    const partial = failed.length > 0 || skipped.length > 0;
    const status = partial ? 'degraded' : interlocks.length > 0 ? 'ok' : 'empty';
    const parts = [
      `Compared ${members.size} person role holder(s) of ${orgnr}, by full name, with the person role holders of ${compared.length} linked compan${compared.length === 1 ? 'y' : 'ies'} (companies that hold a role in ${orgnr} themselves).`,
      'The open Enhetsregisteret API has no search by person, so boards of unrelated companies cannot be checked: an empty or short list does not mean the members hold no other positions.',
      'A shared full name does not prove the same person (false positives possible); compare birth dates with brreg.roller.lookup.',
    ];
    if (linked.length === 0) parts.push(`${orgnr} has no company among its role holders, so there was nothing to compare.`);
    if (members.size === 0) parts.push(`${orgnr} has no person among its ${inkluderFratraadte ? '' : 'active '}role holders, so no name could match.`);
    if (failed.length > 0) parts.push(`Could not compare ${failed.map((f) => f.orgnr).join(', ')} (upstream error); interlocks with them may be missing.`);
    if (skipped.length > 0) parts.push(`Only the first ${MAX_COMPANY_FETCHES} of ${linked.length} linked companies were compared.`);
    if (compared.some((c) => c.status === 'not_found')) parts.push('Linked companies answered not_found have no roles on the open API (typically deleted).');

    return {
      orgnr,
      status,
      interlocks,
      comparedCompanies: compared,
      ...(failed.length > 0 && { failedCompanies: failed }),
      ...(skipped.length > 0 && { skippedCompanies: skipped }),
      inkluderFratraadte,
      note: parts.join(' '),
    };
  },
});

// ---- roller.network --------------------------------------------------------------------------------

interface NetworkNode {
  id: string;
  type: 'company' | 'person';
  label: string;
  orgnr?: string;
  organisasjonsform?: { kode: string; beskrivelse: string } | null;
  fodselsdato?: string | null;
  erDoed?: boolean | null;
  /** 0 = the root, 1 = holds a role in the root, 2 = holds a role in a company neighbour. */
  depth: number;
  /** Whether this node's own role holders are in the graph. */
  expanded: boolean;
}

interface NetworkEdge {
  /** Role holder. */
  from: string;
  /** Company the role is held in. */
  to: string;
  /** Role code as the spec names it (PROKURA, REVISOR, ...), and as the register writes it (PROK, REVI, ...). */
  rolle: string;
  rolleRegisterKode: string;
  beskrivelse: string;
  rollegruppe: string;
  rollegruppeRegisterKode: string;
  aktiv: boolean;
}

function nodeFor(h: Holder, depth: number): NetworkNode | null {
  if (h.type === 'enhet') {
    return { id: `org:${h.orgnr}`, type: 'company', label: h.navn, orgnr: h.orgnr, organisasjonsform: h.organisasjonsform, depth, expanded: false };
  }
  if (h.type === 'person') {
    return { id: `person:${nameKey(h.navn)}|${h.fodselsdato ?? ''}`, type: 'person', label: h.navn, fodselsdato: h.fodselsdato, erDoed: h.erDoed, depth, expanded: false };
  }
  if (h.type === 'bostyrer' && h.navn) {
    return { id: `person:${nameKey(h.navn)}|`, type: 'person', label: h.navn, fodselsdato: null, erDoed: h.erDoed, depth, expanded: false };
  }
  return null;
}

export const rollerNetwork = defineTool({
  name: 'roller.network',
  title: 'Role network around a Norwegian legal entity',
  icon: PEOPLE,
  description:
    'A graph of who holds roles in a company: nodes (companies and persons, with their depth; persons keyed by full name and birth date) and edges from holder to company. depth 2 also adds the role holders of each company that holds a role in it (auditor, accountant, corporate board member, partner; at most 25 fetched). The open API has no search by person, so persons are never expanded: depth 2 expands company neighbours only (status "partial", personExpansion "company-neighbors", degradedReason says why). At most 50 nodes: truncated when the graph was cut, farthest nodes first. A number not in the register answers not_found.',
  input: {
    orgnr: orgnr(),
    depth: int({ min: 1, max: 2, default: 2, description: '1: role holders of the company; 2: also those of the companies among them.' }),
    inkluderFratraadte: bool('Also include roles the register marks as ended (fratraadt, avregistrert).'),
  },
  output: z.object({
    rootOrgnr: z.string(),
    nodes: z.array(
      z.object({
        id: z.string(),
        type: z.enum(['company', 'person']),
        label: z.string(),
        orgnr: z.string().optional(),
        organisasjonsform: codeName.nullable().optional(),
        fodselsdato: optStr().optional(),
        erDoed: z.boolean().nullable().optional(),
        depth: z.number().int(),
        expanded: z.boolean(),
      }),
    ),
    edges: z.array(
      z.object({
        from: z.string().describe('Role holder node.'),
        to: z.string().describe('Company node.'),
        rolle: z.string(),
        rolleRegisterKode: z.string(),
        beskrivelse: z.string(),
        rollegruppe: z.string(),
        rollegruppeRegisterKode: z.string(),
        aktiv: z.boolean(),
      }),
    ),
    nodeCount: z.number().int(),
    edgeCount: z.number().int(),
    truncated: z.boolean(),
    status: z.enum(['ok', 'partial']),
    personExpansion: z.enum(['none', 'company-neighbors']),
    degradedReason: z.string().optional(),
    alternatives: alternativesOutput.optional(),
    note: z.string(),
  }),
  coverage,
  cacheTtlSeconds: DAY,
  route: '/enheter/:orgnr/roller/nettverk',
  example: { orgnr: '923609016' },
  run: async ({ orgnr, depth, inkluderFratraadte }, ctx) => {
    const keep = (r: FlatRole) => inkluderFratraadte || r.active;
    const nodes = new Map<string, NetworkNode>();
    const edges: NetworkEdge[] = [];
    let truncated = false;

    const addNode = (n: NetworkNode): boolean => {
      if (nodes.has(n.id)) return true;
      if (nodes.size >= MAX_NETWORK_NODES) {
        truncated = true;
        return false;
      }
      nodes.set(n.id, n);
      return true;
    };
    const addRoles = (companyId: string, roles: FlatRole[], d: number) => {
      for (const r of roles.filter(keep)) {
        const n = nodeFor(r.holder, d);
        if (!n || n.id === companyId || !addNode(n)) continue;
        edges.push({
          from: n.id,
          to: companyId,
          rolle: specRoleName(r.rolle.type.kode),
          rolleRegisterKode: r.rolle.type.kode,
          beskrivelse: r.rolle.type.beskrivelse,
          rollegruppe: specRoleName(r.gruppe.kode),
          rollegruppeRegisterKode: r.gruppe.kode,
          aktiv: r.active,
        });
      }
    };

    const rootId = `org:${orgnr}`;
    const rootRoles = flatten(await rolesOf(ctx, orgnr));
    addNode({ id: rootId, type: 'company', label: orgnr, orgnr, depth: 0, expanded: true });
    addRoles(rootId, rootRoles, 1);

    const reasons: string[] = [];
    const personsAtDepth1 = [...nodes.values()].filter((n) => n.type === 'person').length;
    if (depth === 2) {
      const neighbours = [...nodes.values()].filter((n) => n.type === 'company' && n.depth === 1);
      const toFetch = truncated ? [] : neighbours.slice(0, MAX_COMPANY_FETCHES);
      const answers = await Promise.all(toFetch.map((n) => ctx.settle(rolesOf(ctx, n.orgnr!))));
      const failed: string[] = [];
      toFetch.forEach((n, i) => {
        const a = answers[i];
        if (a.status === 'error') {
          failed.push(n.orgnr!);
          return;
        }
        n.expanded = true;
        if (a.status === 'ok') addRoles(n.id, flatten(a.value), 2);
      });
      if (personsAtDepth1 > 0) {
        reasons.push(
          `${personsAtDepth1} person node(s) were not expanded: the open Enhetsregisteret API has no search by person, so their roles in other companies cannot be listed; only company neighbours were expanded.`,
        );
      }
      if (failed.length > 0) reasons.push(`The roles of ${failed.join(', ')} could not be fetched (upstream error).`);
      if (neighbours.length > toFetch.length) {
        reasons.push(`${neighbours.length - toFetch.length} company neighbour(s) were not expanded (${truncated ? 'node limit reached' : `at most ${MAX_COMPANY_FETCHES} are fetched`}).`);
      }
    }
    if (truncated) reasons.push(`The graph was cut at ${MAX_NETWORK_NODES} nodes.`);

    const partial = reasons.length > 0;
    const list = [...nodes.values()];
    // Edges only between nodes that made it into the graph.
    const kept = edges.filter((e) => nodes.has(e.from) && nodes.has(e.to));
    return {
      rootOrgnr: orgnr,
      nodes: list,
      edges: kept,
      nodeCount: list.length,
      edgeCount: kept.length,
      truncated,
      status: partial ? 'partial' : 'ok',
      personExpansion: depth === 2 ? 'company-neighbors' : 'none',
      ...(partial && {
        degradedReason: reasons.join(' '),
        alternatives: [
          { tool: 'brreg.roller.lookup', description: 'Roles of any company node, to expand the graph by hand.' },
          { tool: 'brreg.roller.interlocks', description: 'People shared, by full name, between this company and the companies that hold roles in it.' },
        ],
      }),
      note:
        'Edges run from role holder to company. The root node carries its organisation number as label (the roles answer does not name the entity; use brreg.enhet.lookup). Persons are keyed by full name and birth date; the open API gives no identity numbers.' +
        (rootRoles.length === 0 ? ' The register lists no roles for this entity.' : ''),
    };
  },
});

// ---- roller.person-search --------------------------------------------------------------------------

export const rollerPersonSearch = defineTool({
  name: 'roller.person-search',
  title: 'Search roles by person name (retired)',
  icon: PEOPLE,
  description:
    'Retired: searched the roles a named person holds across companies. The open Enhetsregisteret API offers no search by person, so the tool answers HTTP 410 api_sunset with no data. ' +
    'Use brreg.roller.lookup for the roles of a known company, or brreg.roller.interlocks for people shared with linked companies. Parameters as before: navn (required), size 1 to 100 (default 20), inkluderFratraadte (default false).',
  status: 'deprecated',
  retired: {
    code: 'api_sunset',
    message: 'brreg.roller.person-search is retired: the open Enhetsregisteret API has no search by person, so roles cannot be looked up by name. No data is returned.',
    alternative: 'brreg.roller.lookup (roles of a known company by organisation number) or brreg.roller.interlocks (people shared with linked companies).',
  },
  input: {
    navn: text('Full or partial name of the person.'),
    size: size(100, 20),
    inkluderFratraadte: bool('Also include roles the register marks as ended. Default false.'),
  },
  coverage,
  cacheTtlSeconds: DAY,
  route: '/roller/personsok',
});

export const rollerTools = [rollerLookup, rollerHistory, rollerInterlocks, rollerNetwork, rollerPersonSearch];
