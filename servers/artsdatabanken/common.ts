// Shared by the artsdatabanken tools: Artskart's observation record and its mapping, the current
// counties, the red-list categories and coverage.
//
// Artskart's observation record (GET /observations/list → {TotalCount, PageIndex, PageSize,
// TotalPages, Observations[]}) as documented by the Swagger-based guide of the public API and
// answers read by public clients (UPSTREAMS.md B2; file ids 44163868854, 53662382255, 52689581116,
// 62450508063): Id, TaxonId, ScientificName, Name (Norwegian name), Status (the red-list category
// Artskart attaches to each record), Collector, CollectedDate, County, Municipality, Locality,
// Latitude, Longitude (WGS84; some answers give them as text with a decimal comma), Precision (m),
// BasisOfRecord, Institution, DatasetName, ObsUrl.
import { z } from 'zod';
import type { Coverage } from '../../runtime/define.js';
import { optNum, optStr } from '../../runtime/output.js';

export const HOUR = 3_600;
export const DAY = 86_400;

export const coverage = (dataTypes: string[], updateFrequency: Coverage['updateFrequency'] = 'daily'): Coverage => ({
  geography: ['NO'],
  dataTypes,
  updateFrequency,
});

/** The categories of Norsk rødliste for arter that make a species red-listed. */
export const REDLIST_CATEGORIES = ['RE', 'CR', 'EN', 'VU', 'NT', 'DD'] as const;
export type RedlistCategory = (typeof REDLIST_CATEGORIES)[number];

/** A record's red-list category when it is one of the red-listed ones ("VU°", downlisted, reads VU). */
export function redlisted(status: unknown): RedlistCategory | null {
  if (typeof status !== 'string') return null;
  const code = status.trim().slice(0, 2).toUpperCase();
  return (REDLIST_CATEGORIES as readonly string[]).includes(code) ? (code as RedlistCategory) : null;
}

/**
 * The counties since 1 January 2024 (SSB's classification 104, fylkesinndeling 2024): number, name
 * and the official Sami and Kven names where a county has them; then Svalbard (21) and Jan Mayen (22).
 */
export const COUNTIES: readonly { number: string; name: string; aliases?: string[] }[] = [
  { number: '03', name: 'Oslo' },
  { number: '11', name: 'Rogaland' },
  { number: '15', name: 'Møre og Romsdal' },
  { number: '18', name: 'Nordland' },
  { number: '31', name: 'Østfold' },
  { number: '32', name: 'Akershus' },
  { number: '33', name: 'Buskerud' },
  { number: '34', name: 'Innlandet' },
  { number: '39', name: 'Vestfold' },
  { number: '40', name: 'Telemark' },
  { number: '42', name: 'Agder' },
  { number: '46', name: 'Vestland' },
  { number: '50', name: 'Trøndelag', aliases: ['Trööndelage'] },
  { number: '55', name: 'Troms', aliases: ['Romsa', 'Tromssa'] },
  { number: '56', name: 'Finnmark', aliases: ['Finnmárku', 'Finmarkku'] },
  // Not counties but areas with a county-level code (SSB's region codes, ISO 3166-2:NO-21/22) that
  // Artskart holds observations for: Artsdatabanken's own countys[] example is 22, Jan Mayen.
  { number: '21', name: 'Svalbard' },
  { number: '22', name: 'Jan Mayen' },
];

const fold = (s: string) => s.trim().toLocaleLowerCase('nb').replace(/\s+/g, ' ');

/** A county by its two-digit number or its name (any case), or undefined. */
export function resolveCounty(value: string): { number: string; name: string } | undefined {
  const wanted = fold(value);
  const hit = COUNTIES.find((c) => c.number === wanted || fold(c.name) === wanted || (c.aliases ?? []).some((a) => fold(a) === wanted));
  return hit && { number: hit.number, name: hit.name };
}

/** A coordinate as Artskart gives it: a number, or text with a decimal comma. */
export function coordinate(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value.trim().replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const number = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return coordinate(value);
};

export interface ArtskartObservation {
  Id?: string | null;
  TaxonId?: number | null;
  ScientificName?: string | null;
  Name?: string | null;
  Status?: string | null;
  Collector?: string | null;
  CollectedDate?: string | null;
  County?: string | null;
  Municipality?: string | null;
  Locality?: string | null;
  Latitude?: number | string | null;
  Longitude?: number | string | null;
  Precision?: number | string | null;
  BasisOfRecord?: string | null;
  Institution?: string | null;
  DatasetName?: string | null;
  ObsUrl?: string | null;
}

export interface ArtskartPage {
  TotalCount?: number;
  PageIndex?: number;
  PageSize?: number;
  TotalPages?: number;
  Observations?: ArtskartObservation[] | null;
}

export const observationOutput = z.object({
  id: optStr(),
  taxonId: optNum(),
  scientificName: optStr(),
  name: optStr(),
  redlistCategory: optStr(),
  collectedDate: optStr(),
  county: optStr(),
  municipality: optStr(),
  locality: optStr(),
  lat: optNum(),
  lon: optNum(),
  precisionM: optNum(),
  dataset: optStr(),
  url: optStr(),
});

export function mapObservation(o: ArtskartObservation) {
  return {
    id: text(o.Id),
    taxonId: number(o.TaxonId),
    scientificName: text(o.ScientificName),
    name: text(o.Name),
    redlistCategory: redlisted(o.Status),
    collectedDate: text(o.CollectedDate),
    county: text(o.County),
    municipality: text(o.Municipality),
    locality: text(o.Locality),
    lat: coordinate(o.Latitude),
    lon: coordinate(o.Longitude),
    precisionM: number(o.Precision),
    dataset: text(o.DatasetName),
    url: text(o.ObsUrl),
  };
}

export const ARTSKART_SOURCE = { register: 'Artskart (Artsdatabanken)', url: 'https://artskart.artsdatabanken.no/' };
