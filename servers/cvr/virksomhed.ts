// Company tools on one CVR record: company.lookup, directors and owners. All three read the same
// answer of POST /cvr-permanent/virksomhed/_search with a term query on Vrvirksomhed.cvrNummer, so
// one upstream request (cached a day) serves them all.
//
// Mapping follows UPSTREAMS.md A6 and the real records in Energinet-DataHub/energy-origin
// (CvrControllerTests.cvr_response.json) and Andreasbirch/Andreasbirch.github.io (HvemErEjeren/data.js):
// people and owners are `deltagerRelation[]`, each with `organisationer[]` by `hovedtype`
// (LEDELSESORGAN: "Bestyrelse", "Direktion", ...; REGISTER: "EJERREGISTER", "Reelle ejere"; REVISION),
// and the member's functions and shares as dated attribute values (FUNKTION, VALGFORM,
// EJERANDEL_PROCENT, EJERANDEL_STEMMERET_PROCENT, EJERANDEL_MEDDELELSE_DATO, SÆRLIGE_EJERFORHOLD).
// Shares are fractions ("0.25" = 25 %). Legal owners (EJERREGISTER) are registered in bands and
// published by the lower bound of the band (register documentation as quoted in
// openownership's DK importer: 0.05 = 5-9.99 %, 0.1, 0.15, 0.2, 0.25 = 25-33.32 %, 0.3333 = 33.33-49.99 %,
// 0.5, 0.6667, 0.9, 1.0 = 100 %); beneficial owners (Reelle ejere) carry exact fractions.
// UNCONFIRMED: the exact upper bounds of the bands, and every organisation name beyond those seen in
// the samples (other management bodies are answered with role "other").
import { defineTool } from '../../runtime/define.js';
import { cvrNumber } from '../../runtime/fields.js';
import type { Attribut, DeltagerRelation, Organisation, Vrvirksomhed } from '../_shared/cvr.js';
import { DAY, companyHeader, currentValue, currentValues, cvrCoverage, fetchCompany, mapCompany, nameOf, portalUrl } from './common.js';
import { companyOutput, directorsOutput, ownersOutput } from './outputs.js';

const cvr = () => cvrNumber();

export const companyLookup = defineTool({
  name: 'company.lookup',
  title: 'Look up a Danish company in CVR',
  description:
    'One company from the Danish Central Business Register (CVR) by its CVR number. status is CVR\'s own word (e.g. NORMAL, Aktiv, OPHØRT, UNDER KONKURS); industry codes are Danish DB07; employment is the latest figure with its period. A number not in CVR answers not_found. Management: cvr.directors; owners: cvr.owners; annual reports: cvr.annual_reports.',
  input: { cvr: cvr() },
  output: companyOutput,
  coverage: cvrCoverage(['company', 'legal-entity']),
  cacheTtlSeconds: DAY,
  credentials: ['CVR_ES_USER', 'CVR_ES_PASS'],
  route: '/virksomhed/:cvr',
  example: { cvr: '10150817' },
  run: async ({ cvr }, ctx) => mapCompany(await fetchCompany(ctx, cvr)),
});

// ---- directors ----------------------------------------------------------------------------------------

type Role = 'board' | 'management' | 'other';

const roleOf = (body: string | null): Role => {
  const b = (body ?? '').toLowerCase();
  if (b === 'bestyrelse') return 'board';
  if (b === 'direktion') return 'management';
  return 'other';
};

const ROLE_ORDER: Record<Role, number> = { board: 0, management: 1, other: 2 };
const FUNCTION_ORDER = ['FORMAND', 'NÆSTFORMAND', 'ADM. DIR.', 'DIREKTØR', 'BESTYRELSESMEDLEM'];
const functionRank = (f: string | null) => {
  const i = FUNCTION_ORDER.indexOf((f ?? '').toUpperCase());
  return i < 0 ? FUNCTION_ORDER.length : i;
};

function participant(rel: DeltagerRelation) {
  const d = rel.deltager ?? {};
  const type = d.enhedstype ?? null;
  return {
    name: nameOf(d.navne),
    type,
    unitNumber: d.enhedsNummer ?? null,
    cvr: type === 'VIRKSOMHED' && d.forretningsnoegle ? String(d.forretningsnoegle).padStart(8, '0') : null,
  };
}

interface Membership {
  body: string | null;
  function: string | null;
  since: string | null;
  electedBy: string | null;
}

/** Current memberships of one organisation: each FUNKTION value that applies now (members without one count as current). */
function memberships(org: Organisation): { current: Membership[]; former: number } {
  const body = nameOf(org.organisationsNavn);
  const current: Membership[] = [];
  let former = 0;
  for (const md of org.medlemsData ?? [{}]) {
    const attrs: Attribut[] = md.attributter ?? [];
    const functions = attrs.filter((a) => a.type === 'FUNKTION');
    const electedBy = currentValue(attrs, 'VALGFORM');
    if (functions.length === 0) {
      current.push({ body, function: null, since: null, electedBy });
      continue;
    }
    const now = currentValues(attrs, 'FUNKTION');
    if (now.length === 0) former += 1;
    for (const v of now) current.push({ body, function: v.vaerdi, since: v.periode?.gyldigFra ?? null, electedBy });
  }
  return { current, former };
}

export function mapDirectors(company: Vrvirksomhed) {
  const directors = [];
  const auditors = [];
  let formerCount = 0;
  for (const rel of company.deltagerRelation ?? []) {
    for (const org of rel.organisationer ?? []) {
      if (org.hovedtype !== 'LEDELSESORGAN' && org.hovedtype !== 'REVISION') continue;
      const { current, former } = memberships(org);
      if (org.hovedtype === 'REVISION') {
        for (const m of current) auditors.push({ ...participant(rel), since: m.since });
        continue;
      }
      formerCount += former;
      for (const m of current) directors.push({ ...participant(rel), role: roleOf(m.body), body: m.body, function: m.function, since: m.since, electedBy: m.electedBy });
    }
  }
  directors.sort(
    (a, b) =>
      ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
      functionRank(a.function) - functionRank(b.function) ||
      (a.name ?? '').localeCompare(b.name ?? '', 'da'),
  );
  return { directors, auditors, formerCount };
}

export const directors = defineTool({
  name: 'directors',
  title: 'Board and management of a Danish company',
  description:
    'The current members of a Danish company\'s governing bodies in CVR, by CVR number: role board (Bestyrelse: FORMAND, NÆSTFORMAND, BESTYRELSESMEDLEM), management (Direktion: DIREKTØR, ADM. DIR.) or other, and the current auditors; formerCount counts ended memberships. An empty list means CVR registers no management body (sole proprietorships and many associations have none). Unknown numbers answer not_found.',
  input: { cvr: cvr() },
  output: directorsOutput,
  coverage: cvrCoverage(['company', 'roles', 'board', 'management']),
  cacheTtlSeconds: DAY,
  credentials: ['CVR_ES_USER', 'CVR_ES_PASS'],
  route: '/virksomhed/:cvr/ledelse',
  example: { cvr: '35682872' },
  run: async ({ cvr }, ctx) => {
    const company = await fetchCompany(ctx, cvr);
    const { directors, auditors, formerCount } = mapDirectors(company);
    return {
      ...companyHeader(company),
      count: directors.length,
      directors,
      auditors,
      formerCount,
      ...(directors.length === 0 && { note: 'CVR registers no current board or management for this company.' }),
      source: { register: 'CVR (Erhvervsstyrelsen)', url: portalUrl(cvr) },
    };
  },
});

// ---- owners ---------------------------------------------------------------------------------------------

/** Lower bounds (fractions) of the bands in which CVR registers legal owners, with the band's upper bound in percent. */
const BANDS: [number, number][] = [
  [0.05, 9.99],
  [0.1, 14.99],
  [0.15, 19.99],
  [0.2, 24.99],
  [0.25, 33.32],
  [0.3333, 49.99],
  [0.5, 66.66],
  [0.6667, 89.99],
  [0.9, 99.99],
  [1, 100],
];

const percent = (fraction: number) => Math.round(fraction * 10_000) / 100;

/** A legal owner's registered share: the band it falls in, or the exact figure when it is not a band bound. */
function bandOf(raw: string | null) {
  if (raw === null) return null;
  const v = Number(raw);
  if (!Number.isFinite(v)) return null;
  const band = BANDS.find(([lower]) => Math.abs(lower - v) < 0.00005);
  return band ? { min: percent(band[0]), max: band[1], exact: false, reported: raw } : { min: percent(v), max: percent(v), exact: true, reported: raw };
}

function exactShare(raw: string | null) {
  if (raw === null) return null;
  const v = Number(raw);
  return Number.isFinite(v) ? percent(v) : null;
}

const THRESHOLD = 0.05;

export function mapOwners(company: Vrvirksomhed) {
  const owners = [];
  const beneficialOwners = [];
  for (const rel of company.deltagerRelation ?? []) {
    for (const org of rel.organisationer ?? []) {
      if (org.hovedtype !== 'REGISTER') continue;
      const register = (nameOf(org.organisationsNavn) ?? '').toLowerCase();
      for (const md of org.medlemsData ?? []) {
        const attrs = md.attributter ?? [];
        const share = currentValue(attrs, 'EJERANDEL_PROCENT');
        const votes = currentValue(attrs, 'EJERANDEL_STEMMERET_PROCENT');
        if (share === null && votes === null) continue; // the holding has ended
        const since = currentValues(attrs, 'EJERANDEL_PROCENT')[0]?.periode?.gyldigFra ?? currentValues(attrs, 'EJERANDEL_STEMMERET_PROCENT')[0]?.periode?.gyldigFra ?? null;
        if (register === 'ejerregister') {
          if (Math.max(Number(share ?? 0), Number(votes ?? 0)) < THRESHOLD) continue;
          owners.push({ ...participant(rel), ownership: bandOf(share), votingRights: bandOf(votes), since, notifiedOn: currentValue(attrs, 'EJERANDEL_MEDDELELSE_DATO') });
        } else if (register.startsWith('reelle ejere')) {
          beneficialOwners.push({
            ...participant(rel),
            ownershipPercent: exactShare(share),
            votingRightsPercent: exactShare(votes),
            since,
            specialOwnership: currentValues(attrs, 'SÆRLIGE_EJERFORHOLD').map((v) => v.vaerdi),
          });
        }
      }
    }
  }
  const bySize = (x: { ownership?: { min: number } | null; ownershipPercent?: number | null }) => x.ownership?.min ?? x.ownershipPercent ?? 0;
  owners.sort((a, b) => bySize(b) - bySize(a));
  beneficialOwners.sort((a, b) => bySize(b) - bySize(a));
  return { owners, beneficialOwners };
}

export const owners = defineTool({
  name: 'owners',
  title: 'Owners of a Danish company',
  description:
    'The registered owners of a Danish company in CVR, by CVR number: owners, the legal owners in the public owner register (EJERREGISTER) with 5 % or more of capital or votes, largest first, each share as the band CVR registers (e.g. min 25, max 33.32 percent); beneficialOwners (reelle ejere) with exact percentages. Current holdings only. An empty owners list (exposed false) means CVR exposes no holder of 5 % or more: usual for forms without an owner register (sole proprietorships, associations, public bodies) and when all holders are below 5 %; it does not mean the company has no owner. Unknown numbers answer not_found.',
  input: { cvr: cvr() },
  output: ownersOutput,
  coverage: cvrCoverage(['company', 'ownership', 'beneficial-owners']),
  cacheTtlSeconds: DAY,
  credentials: ['CVR_ES_USER', 'CVR_ES_PASS'],
  route: '/virksomhed/:cvr/ejere',
  example: { cvr: '30000005' },
  run: async ({ cvr }, ctx) => {
    const company = await fetchCompany(ctx, cvr);
    const { owners, beneficialOwners } = mapOwners(company);
    return {
      ...companyHeader(company),
      threshold: '5 % of capital or votes',
      exposed: owners.length > 0,
      count: owners.length,
      owners,
      beneficialOwners,
      ...(owners.length === 0 && {
        note: 'CVR exposes no holder of 5 % or more for this company. Owner registration applies to capital companies (A/S, ApS, P/S); other forms, and companies whose holders are all below 5 %, show an empty list. This does not mean the company has no owner.',
      }),
      source: { register: 'CVR (Erhvervsstyrelsen)', url: portalUrl(cvr) },
    };
  },
});
