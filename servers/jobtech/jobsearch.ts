// JobSearch answers and their mapping into the tools' answers.
//
// Follows: the JobSearch guide (Jobtechdev-content/Jobsearch-content GettingStartedJobSearchEN.md:
// /search, /ad/{id}, offset/limit, occupation-field, region, municipality, 404 "Missing ad") and
// the API's own result models and query parser (JobtechSwe/sokannonser-api
// sokannonser/rest/model/result_models.py: SearchResults {total{value}, stats[{type, values[{term,
// code, count}]}], hits[JobAd]}; queries.py: `stats` repeated per field, `stats.limit` 0-30).
// - An ad is fetched "by their ad ID number" (the guide's example /ad/8430129; the recordings'
//   ids are numbers too), so `adId` takes digits only: anything else (`..%2F`, `%5C`, a slash)
//   cannot be an ad and is refused before it is put in the path (issue 24 #14). The cap of 20
//   digits is ours (ids today have 8).
// UNCONFIRMED: `concept_id` in stats values (read when present); the exact 404 body; the order
// [longitude, latitude] of `workplace_address.coordinates` (as public clients read it).
import { z } from 'zod';
import type { Coverage } from '../../runtime/define.js';
import { quoted } from '../../runtime/validation.js';

export const UPSTREAM = 'jobtech-jobsearch';
export const REGISTER = 'Platsbanken (Arbetsförmedlingen JobSearch)';
/** At most this many values per stats dimension: the API's `stats.limit` range is 0-30. */
export const BUCKET_LIMIT = 30;
export const TEN_MINUTES = 600;

/** A JobSearch ad id: its number, as a string of 1 to 20 digits. */
export const adId = (description: string) =>
  z
    .string()
    .regex(/^[0-9]{1,20}$/, { error: (iss) => `must be a JobSearch ad id: 1 to 20 digits (got ${quoted(iss.input)})` })
    .describe(description);

export const coverage = (dataTypes: string[]): Coverage => ({ geography: ['SE'], dataTypes, updateFrequency: 'realtime' });

export interface TaxonomyItem {
  concept_id?: string | null;
  label?: string | null;
  legacy_ams_taxonomy_id?: string | null;
}

export interface JobAd {
  id: string;
  webpage_url?: string | null;
  headline?: string | null;
  application_deadline?: string | null;
  number_of_vacancies?: number | null;
  description?: { text?: string | null; conditions?: string | null } | null;
  employment_type?: TaxonomyItem | null;
  salary_type?: TaxonomyItem | null;
  salary_description?: string | null;
  duration?: TaxonomyItem | null;
  working_hours_type?: TaxonomyItem | null;
  scope_of_work?: { min?: number | null; max?: number | null } | null;
  employer?: { name?: string | null; organization_number?: string | null; workplace?: string | null; url?: string | null } | null;
  application_details?: { email?: string | null; url?: string | null; reference?: string | null } | null;
  experience_required?: boolean | null;
  occupation?: TaxonomyItem | null;
  occupation_group?: TaxonomyItem | null;
  occupation_field?: TaxonomyItem | null;
  workplace_address?: {
    municipality?: string | null;
    municipality_code?: string | null;
    region?: string | null;
    region_code?: string | null;
    country?: string | null;
    street_address?: string | null;
    postcode?: string | null;
    city?: string | null;
    coordinates?: (number | null)[] | null;
  } | null;
  publication_date?: string | null;
  last_publication_date?: string | null;
  removed?: boolean | null;
}

export interface StatValue {
  term?: string | null;
  concept_id?: string | null;
  code?: string | null;
  count: number;
}

export interface SearchResults {
  total: { value: number };
  stats?: { type: string; values?: StatValue[] | null }[] | null;
  hits?: JobAd[] | null;
}

const str = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);
const label = (t: TaxonomyItem | null | undefined) => str(t?.label);

/** The ad's page on Platsbanken, as a person opens it. */
export const adUrl = (ad: JobAd) => ({ register: REGISTER, url: str(ad.webpage_url) ?? `https://arbetsformedlingen.se/platsbanken/annonser/${encodeURIComponent(ad.id)}` });

/** One hit of a search: what an agent needs to choose an ad. */
export function mapHit(ad: JobAd) {
  const place = ad.workplace_address;
  return {
    id: String(ad.id),
    headline: str(ad.headline),
    employer: str(ad.employer?.name),
    employerOrgnr: str(ad.employer?.organization_number),
    occupation: label(ad.occupation),
    occupationField: label(ad.occupation_field),
    municipality: str(place?.municipality),
    municipalityCode: str(place?.municipality_code),
    region: str(place?.region),
    publishedAt: str(ad.publication_date),
    applicationDeadline: str(ad.application_deadline),
    vacancies: ad.number_of_vacancies ?? null,
    url: adUrl(ad).url,
  };
}

/** The whole ad (get_job). */
export function mapAd(ad: JobAd) {
  const place = ad.workplace_address;
  const coordinates = place?.coordinates;
  const hasPoint = Array.isArray(coordinates) && typeof coordinates[0] === 'number' && typeof coordinates[1] === 'number';
  return {
    ...mapHit(ad),
    description: str(ad.description?.text),
    occupationGroup: label(ad.occupation_group),
    employmentType: label(ad.employment_type),
    workingHoursType: label(ad.working_hours_type),
    scopeOfWork: ad.scope_of_work ? { min: ad.scope_of_work.min ?? null, max: ad.scope_of_work.max ?? null } : null,
    salaryType: label(ad.salary_type),
    salaryDescription: str(ad.salary_description),
    experienceRequired: ad.experience_required ?? null,
    workplace: str(ad.employer?.workplace),
    address: {
      street: str(place?.street_address),
      postcode: str(place?.postcode),
      city: str(place?.city),
      country: str(place?.country),
      // JobSearch gives [longitude, latitude].
      lon: hasPoint ? (coordinates[0] as number) : null,
      lat: hasPoint ? (coordinates[1] as number) : null,
    },
    apply: { url: str(ad.application_details?.url), email: str(ad.application_details?.email) },
    removed: ad.removed ?? false,
  };
}
