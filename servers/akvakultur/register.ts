// Akvakulturregisteret (pub-aqua v1): request paths, the answer shapes and their mapping.
//
// Follows: the register's OpenAPI ("Offentlig Akvakulturregister" 1.0.0, Swagger UI at
// https://api.fiskeridir.no/pub-aqua/api/swagger-ui/index.html), read through a client generated
// from it (EmilLindfors/akvakulturregisteret_rs: docs/SiteResourceApi.md, LicenseResourceApi.md,
// models Site, LicenseDetail, AreaPlacement, VersionDetail, LatestLicenseSiteConnectionDetail,
// FishCode, CapacityInfo, LicenseTypeDetail), and measurements of the live API (UPSTREAMS.md B10,
// file id 69677045482).
// Relied on:
// - GET /sites and GET /licenses take filters as query parameters (name, municipality-code,
//   county-code, species-type; license-nr, legal-entity-nr, legal-entity-name) and `range`, an
//   inclusive row range "0-99". The cap is 100 rows: range=0-100 answers 400
//   {"errors":["The range specification is out of bounds. Limit is set to: 100. ..."]} (measured
//   2026-09-19). A range past the end answers an empty list; a short page is the last one.
// - GET /sites/{site-nr} answers one Site; 404 for an unknown number.
// UNCONFIRMED:
// - Whether `name` matches from the start of the name (the tools check the prefix here too).
// - The values of species-type (SALMON, SHELL_FISH, OTHER_FISH are sent as the spec names them)
//   and whether a site lists them as `speciesTypes` (measured) or `speciesType` (OpenAPI): both
//   are read.
// - That `version.status` is AKTIV or INAKTIV (the status filter compares it here; the API has
//   no status parameter).
// - The body of a 404 and a 5xx (recordings use the measured `{"errors": [...]}` form).
// - A `Range:` request header (the query parameter is what the live API was measured with).
import type { Coverage } from '../../runtime/define.js';

export const SITES_PATH = '/sites';
export const SITE_PATH = '/sites/{nr}';
export const LICENSES_PATH = '/licenses';
export const DAY = 86_400;
/** The register's own limit: at most 100 rows per request. */
export const MAX_RANGE = 100;

export const SPECIES = ['SALMON', 'SHELL_FISH', 'OTHER_FISH'] as const;
export const STATUSES = ['AKTIV', 'INAKTIV'] as const;

export const coverage = (dataTypes: string[]): Coverage => ({ geography: ['NO'], dataTypes, updateFrequency: 'daily' });

export const REGISTER_PAGE = 'https://www.fiskeridir.no/Akvakultur/Registre-og-skjema/Akvakulturregisteret';

interface Placement {
  municipalityCode?: string | null;
  municipalityName?: string | null;
  countyCode?: string | null;
  countyName?: string | null;
  prodAreaCode?: string | null;
  prodAreaName?: string | null;
  prodAreaStatus?: string | null;
}

interface Version {
  validFrom?: string | null;
  validUntil?: string | null;
  status?: string | null;
  statusValue?: string | null;
}

interface Connection {
  licenseNr?: string | null;
  siteNr?: string | number | null;
  siteName?: string | null;
  validFrom?: string | null;
  validUntil?: string | null;
  active?: boolean | null;
  status?: string | null;
}

interface FishCode {
  code?: string | null;
  latinName?: string | null;
  nbNoName?: string | null;
  enGbName?: string | null;
}

export interface Site {
  siteId?: number | null;
  siteNr?: number | null;
  name?: string | null;
  placementType?: string | null;
  waterType?: string | null;
  firstClearanceTime?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  capacity?: number | null;
  tempCapacity?: number | null;
  capacityUnitType?: string | null;
  placement?: Placement | null;
  speciesType?: string | null;
  speciesTypes?: string[] | null;
  speciesLimitations?: FishCode[] | null;
  connections?: Connection[] | null;
  obsoleteConnections?: Connection[] | null;
  version?: Version | null;
  isSlaughtery?: boolean | null;
  hasCommercialActivity?: boolean | null;
  hasColocation?: boolean | null;
  hasJointOperation?: boolean | null;
}

export interface License {
  licenseNr?: string | null;
  originalLicenseNr?: string | null;
  openLegalEntityNr?: string | null;
  legalEntityName?: string | null;
  productionRegime?: string | null;
  capacity?: { current?: number | null; unit?: string | null } | null;
  type?: { intention?: string | null; intentionValue?: string | null; produces?: string | null; producesValue?: string | null } | null;
  species?: { fishCodes?: FishCode[] | null } | null;
  connections?: Connection[] | null;
  placement?: Placement | null;
  version?: Version | null;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const day = (v: unknown) => (typeof v === 'string' && v.length >= 10 ? v.slice(0, 10) : null);
const list = <T>(v: readonly T[] | null | undefined): T[] => (Array.isArray(v) ? v.filter((x) => x !== null && typeof x === 'object') : []);

/** The species types a site is classified for, whichever form the register answers. */
export function speciesOf(site: Site): string[] {
  if (Array.isArray(site.speciesTypes)) return site.speciesTypes.filter((s): s is string => typeof s === 'string');
  return typeof site.speciesType === 'string' ? [site.speciesType] : [];
}

const licenceNumbers = (connections: Connection[] | null | undefined) => list(connections).map((c) => str(c.licenseNr)).filter((n): n is string => n !== null);

export function mapSite(site: Site) {
  return {
    siteNr: num(site.siteNr),
    navn: str(site.name),
    status: str(site.version?.status),
    kommune: str(site.placement?.municipalityName),
    fylke: str(site.placement?.countyName),
    latitude: num(site.latitude),
    longitude: num(site.longitude),
    kapasitet: num(site.capacity),
    kapasitetEnhet: str(site.capacityUnitType),
    arter: speciesOf(site),
  };
}

export function mapSiteDetail(site: Site) {
  return {
    ...mapSite(site),
    kommunenummer: str(site.placement?.municipalityCode),
    fylkesnummer: str(site.placement?.countyCode),
    produksjonsomrade: str(site.placement?.prodAreaName),
    trafikklys: str(site.placement?.prodAreaStatus),
    plassering: str(site.placementType),
    vann: str(site.waterType),
    midlertidigKapasitet: num(site.tempCapacity),
    forsteKlarering: day(site.firstClearanceTime),
    versjonGyldigFra: day(site.version?.validFrom),
    slakteri: site.isSlaughtery ?? null,
    samlokalisert: site.hasColocation ?? null,
    artsbegrensninger: list(site.speciesLimitations).map((f) => ({ kode: str(f.code), navn: str(f.nbNoName) ?? str(f.enGbName) })),
    tillatelser: list(site.connections).map((c) => ({
      tillatelse: str(c.licenseNr),
      aktiv: typeof c.active === 'boolean' ? c.active : null,
      gyldigFra: day(c.validFrom),
      gyldigTil: day(c.validUntil),
    })),
    utgatteTillatelser: licenceNumbers(site.obsoleteConnections),
  };
}

export function mapLicense(l: License) {
  return {
    tillatelsesnr: str(l.licenseNr),
    innehaver: str(l.legalEntityName),
    orgnr: str(l.openLegalEntityNr),
    formal: str(l.type?.intentionValue) ?? str(l.type?.intention),
    arter: list(l.species?.fishCodes).map((f) => str(f.nbNoName) ?? str(f.enGbName) ?? str(f.code)).filter((n): n is string => n !== null),
    kapasitet: num(l.capacity?.current),
    kapasitetEnhet: str(l.capacity?.unit),
    kommune: str(l.placement?.municipalityName),
    fylke: str(l.placement?.countyName),
    status: str(l.version?.status),
    gyldigFra: day(l.version?.validFrom),
    lokaliteter: list(l.connections)
      .map((c) => (c.siteNr === null || c.siteNr === undefined ? null : String(c.siteNr)))
      .filter((n): n is string => n !== null),
  };
}

/** Upper-case, trimmed; for comparing codes and names the register writes in any case. */
export const fold = (v: unknown) => (typeof v === 'string' ? v.trim().toLocaleUpperCase('nb') : '');
