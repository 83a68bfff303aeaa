// brannstatistikk.no's mission-report search (BRIS) and its mapping.
//
// Follows: the request and answer as brannstatistikk.no's own pages send and read them, seen in a
// public client of it (POST /api/v1/missionreports/search with {hitsToReturn, skipped,
// municipalities: {ids, isMissingValue}, periodStart, periodEnd, includeAssistanceMissions,
// includeExercises, includeMissionsHandledByHundredAndTen, includePoliceCauseWithNoMission,
// includeRVRMissionsFromBris, includeApprovedMissions, onlyApprovedMissions}; answer {totalHits,
// missionReport: [{id, revisedMissionType, callTimeUtc, municipality,
// responsibleFireDepartmentName}]}, paged 200 at a time). DSB documents no open API for it.
// UNCONFIRMED: a `counties` filter of the same {ids, isMissingValue} form as `municipalities`
// (used for county); a page larger than 200; that the open mission reports carry no building
// category (none is read), so buildingType can only narrow to building fires; how the site refuses
// the addresses it blocks (taken as HTTP 403, which the upstream layer reports as 503
// upstream_blocked).
import type { ToolContext } from '../../runtime/context.js';
import type { Coverage } from '../../runtime/define.js';

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
  municipality?: string;
  county?: string;
  periodStart: string;
  periodEnd: string;
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
export async function searchMissions(ctx: ToolContext, filter: Filter, wanted: number): Promise<{ total: number; missions: Mission[] }> {
  const missions: Mission[] = [];
  let total = 0;
  for (let skipped = 0; skipped < wanted; ) {
    const res = await ctx.request<SearchAnswer>({
      upstream: UPSTREAM,
      method: 'POST',
      path: '/missionreports/search',
      idempotent: true,
      body: {
        hitsToReturn: Math.min(PAGE, wanted - skipped),
        skipped,
        ...(filter.municipality && { municipalities: { ids: [filter.municipality], isMissingValue: false } }),
        ...(filter.county && { counties: { ids: [filter.county], isMissingValue: false } }),
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

/** A date as YYYY-MM-DD. */
export const day = (d: Date) => d.toISOString().slice(0, 10);
