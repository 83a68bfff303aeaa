// brannstatistikk.no's mission-report search (BRIS) and its mapping.
//
// Follows: the request and answer as brannstatistikk.no's own pages send and read them, seen in a
// public client of it (POST /api/v1/missionreports/search with {hitsToReturn, skipped,
// municipalities: {ids, isMissingValue}, periodStart, periodEnd, includeAssistanceMissions,
// includeExercises, includeMissionsHandledByHundredAndTen, includePoliceCauseWithNoMission,
// includeRVRMissionsFromBris, includeApprovedMissions, onlyApprovedMissions}; answer {totalHits,
// missionReport: [{id, revisedMissionType, callTimeUtc, municipality,
// responsibleFireDepartmentName}]}, paged 200 at a time; file ids 70903674246, 71081969017). DSB
// documents no open API for it (UPSTREAMS.md B17; no documentation of DSB's was found by the
// look-up tools, issue 25 item 6).
// A county is sent as the municipalities of the county (the only area filter that client shows,
// whose ids is a list): the county's municipalities are those whose number begins with the county
// number in Kartverket's register (GET /kommuner of the kommuneinfo API, the upstream the
// artsdatabanken server declares). The earlier `counties` filter was a guess and is gone.
// Counting (brann.statistikk) reads every mission of the filter, 200 a time, up to MAX_COUNTED:
// the search reports totalHits but no count per type, so paging is the only way to true totals.
// UNCONFIRMED: more than one id in municipalities.ids (the client sends one; the field is a list);
// a page larger than 200; that the open mission reports carry no building category (none is
// read), so buildingType can only narrow to building fires; how the site refuses the addresses it
// blocks (taken as HTTP 403, which the upstream layer reports as 503 upstream_blocked).
import type { ToolContext } from '../../runtime/context.js';
import type { Coverage } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { KARTVERKET_KOMMUNEINFO } from '../artsdatabanken/upstream.js';

export const UPSTREAM = 'dsb-bris';
export const REGISTER = 'DSB brannstatistikk (BRIS)';
export const SITE = 'https://brannstatistikk.no';
export const HOUR = 3600;
/** Missions per request, as brannstatistikk.no's own pages ask for them. */
export const PAGE = 200;
/** The mission type of a fire in a building. */
export const BUILDING_FIRE = 'Brann i bygning';

export const coverage = (dataTypes: string[]): Coverage => ({ geography: ['NO'], dataTypes, updateFrequency: 'daily' });

export const BYGNINGSTYPER = [
  { kode: 'BOLIG', navn: 'Bolig (eneboliger, rekkehus, leiligheter)' },
  { kode: 'FRITIDSBOLIG', navn: 'Fritidsbolig (hytter)' },
  { kode: 'NÆRING', navn: 'Næringsbygg (kontor, industri, lager, handel)' },
  { kode: 'PUBLIKUM', navn: 'Publikumsbygg (skoler, sykehus, hoteller, forsamlingslokaler)' },
  { kode: 'LANDBRUK', navn: 'Landbruksbygg (driftsbygninger)' },
  { kode: 'GARASJE', navn: 'Garasje og uthus' },
  { kode: 'ANNEN', navn: 'Annen bygning' },
] as const;
export const BYGNINGSTYPE_KODER = ['BOLIG', 'FRITIDSBOLIG', 'NÆRING', 'PUBLIKUM', 'LANDBRUK', 'GARASJE', 'ANNEN'] as const;

interface MissionReport {
  id: string;
  revisedMissionType?: string | null;
  callTimeUtc?: string | null;
  municipality?: string | null;
  responsibleFireDepartmentName?: string | null;
}

interface SearchAnswer {
  totalHits?: number | null;
  missionReport?: MissionReport[] | null;
}

export interface Filter {
  /** Municipality numbers: one municipality, or those of a county (municipalitiesOfCounty). */
  municipalities?: string[];
  periodStart: string;
  periodEnd: string;
}

/** Missions brann.statistikk counts at most: 60 pages of 200, a county's year (Vestland about 9 300) fits. */
export const MAX_COUNTED = 12_000;

interface Kommune {
  kommunenummer?: string;
}

/** The municipalities of a county: those whose 4-digit number begins with the county's 2 digits. */
export async function municipalitiesOfCounty(ctx: ToolContext, county: string): Promise<string[]> {
  const all = await ctx.get<Kommune[]>(KARTVERKET_KOMMUNEINFO.id, '/kommuner', { ttlSeconds: 86_400 });
  const numbers = (Array.isArray(all) ? all : [])
    .map((k) => k.kommunenummer)
    .filter((n): n is string => typeof n === 'string' && /^\d{4}$/.test(n) && n.startsWith(county));
  return [...new Set(numbers)].sort();
}

export function mapMission(m: MissionReport) {
  const type = m.revisedMissionType?.trim() || null;
  return {
    id: String(m.id),
    type,
    tidspunkt: m.callTimeUtc ?? null,
    kommune: m.municipality ?? null,
    brannvesen: m.responsibleFireDepartmentName ?? null,
    brann: type !== null && /^(brann|skogbrann)/i.test(type),
  };
}

export type Mission = ReturnType<typeof mapMission>;

/** Up to `wanted` missions matching the filter, in pages of 200, and the total the search reports. */
export async function searchMissions(
  ctx: ToolContext,
  filter: Filter,
  wanted: number,
  already: { total: number; missions: Mission[] } = { total: 0, missions: [] },
): Promise<{ total: number; missions: Mission[] }> {
  const missions: Mission[] = [...already.missions];
  let total = already.total;
  for (let skipped = missions.length; skipped < wanted; ) {
    const res = await ctx.request<SearchAnswer>({
      upstream: UPSTREAM,
      method: 'POST',
      path: '/missionreports/search',
      idempotent: true,
      body: {
        hitsToReturn: Math.min(PAGE, wanted - skipped),
        skipped,
        ...(filter.municipalities && { municipalities: { ids: filter.municipalities, isMissingValue: false } }),
        periodStart: filter.periodStart,
        periodEnd: filter.periodEnd,
        includeAssistanceMissions: true,
        includeExercises: false,
        includeMissionsHandledByHundredAndTen: true,
        includePoliceCauseWithNoMission: false,
        includeRVRMissionsFromBris: false,
        includeApprovedMissions: true,
        onlyApprovedMissions: false,
      },
    });
    const page = res.data?.missionReport ?? [];
    total = res.data?.totalHits ?? 0;
    missions.push(...page.map(mapMission));
    skipped += page.length;
    if (page.length === 0 || skipped >= total) break;
  }
  return { total, missions };
}

/** Every mission matching the filter, 200 a time; refused (naming the bound) when more than MAX_COUNTED match. */
export async function allMissions(ctx: ToolContext, filter: Filter): Promise<{ total: number; missions: Mission[] }> {
  const first = await searchMissions(ctx, filter, PAGE);
  if (first.total > MAX_COUNTED) {
    throw fail.invalidInput(
      `county, municipality: brann.statistikk counts every mission of its filters, at most ${MAX_COUNTED} missions (got ${first.total}); give a county or a municipality`,
      { extra: { fields: ['county', 'municipality'] } },
    );
  }
  if (first.missions.length >= first.total) return first;
  // Whole pages, as the site's own pages ask for them.
  return searchMissions(ctx, filter, Math.ceil(first.total / PAGE) * PAGE, first);
}

/** A date as YYYY-MM-DD. */
export const day = (d: Date) => d.toISOString().slice(0, 10);
