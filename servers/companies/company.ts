// The normalised Company of the unified company API, and the mapping of each register's answer
// onto it. One shape for five registers; every field group names the register it came from and
// when that register's answer was fetched (`sources`).
import { enhetUrl, registerstatus, type Adresse as BrregAdresse, type Enhet as BrregEnhet, type Registerstatus } from '../_shared/enhetsregisteret.js';
import type { Adresse as CvrAdresse, Vrvirksomhed as CvrVirksomhed } from '../_shared/cvr.js';
import type { LegalEntity as RskLegalEntity } from '../_shared/skatturinn.js';
import type { IdCountry, IdType } from './ids.js';
import type { BvOrganisation, PrhCompany, PrhDescription } from './shapes.js';

/** Groups of Company fields; each source lists the groups it supplied. */
export type FieldGroup = 'identity' | 'name' | 'status' | 'orgForm' | 'registeredDate' | 'address' | 'industry';
export const ALL_GROUPS: FieldGroup[] = ['identity', 'name', 'status', 'orgForm', 'registeredDate', 'address', 'industry'];

export interface Source {
  /** The register (and, where the register relays another agency's data, that agency). */
  register: string;
  /** The upstream resource the fields were read from. */
  url: string;
  /** When this service fetched the upstream answer (ISO 8601; cached answers keep their fetch time). */
  fetchedAt: string;
  fields: FieldGroup[];
}

/** Lifecycle state, the same five words for every country; `status` keeps the register's own text. */
export type CompanyState = 'active' | 'winding_up' | 'bankrupt' | 'ceased' | 'unknown';

export interface Address {
  /** Street lines as the register writes them, joined with ", " (null when the register has none). */
  street: string | null;
  postalCode: string | null;
  city: string | null;
  municipality: string | null;
  /** ISO 3166-1 alpha-2 where the register gives it, else the register's country text. */
  country: string | null;
}

export interface Company {
  companyId: string;
  idType: IdType;
  /** Backward-compatible alias of companyId; Norwegian companies only. */
  orgnr?: string;
  country: IdCountry;
  name: string;
  status: string;
  state: CompanyState;
  orgForm: { code: string; description: string | null } | null;
  registeredDate: string | null;
  address: Address | null;
  industry: { code: string; description: string | null; scheme: string } | null;
  sources: Source[];
  /** Parts the register could not deliver at the time (Bolagsverket reports these per block). */
  notes?: string[];
}

export const iso = (ms: number) => new Date(ms).toISOString();
const dateOnly = (v: string | null | undefined) => (v ? v.slice(0, 10) : null);
const blank = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

// --- Norway: Enhetsregisteret ---
export const BRREG_REGISTER = 'Enhetsregisteret (Brønnøysundregistrene)';

const BRREG_STATES: Record<Registerstatus, CompanyState> = {
  slettet: 'ceased',
  konkurs: 'bankrupt',
  under_tvangsavvikling: 'winding_up',
  under_avvikling: 'winding_up',
  aktiv: 'active',
};

/** One status word from the register's flags, as the brreg server words it, and its state. */
export function brregStatus(e: BrregEnhet): { status: string; state: CompanyState } {
  const status = registerstatus(e);
  return { status, state: BRREG_STATES[status] };
}

function brregAddress(a: BrregAdresse | undefined): Address | null {
  if (!a) return null;
  return {
    street: blank((a.adresse ?? []).filter((l) => l && l.trim()).join(', ')),
    postalCode: a.postnummer ?? null,
    city: a.poststed ?? null,
    municipality: a.kommune ?? null,
    country: a.landkode ?? a.land ?? null,
  };
}

export function companyFromBrreg(e: BrregEnhet, fetchedAt: number): Company {
  const { status, state } = brregStatus(e);
  return {
    companyId: e.organisasjonsnummer,
    idType: 'NO_ORGNR',
    orgnr: e.organisasjonsnummer,
    country: 'NO',
    name: e.navn,
    status,
    state,
    orgForm: e.organisasjonsform ? { code: e.organisasjonsform.kode, description: e.organisasjonsform.beskrivelse ?? null } : null,
    registeredDate: e.registreringsdatoEnhetsregisteret ?? null,
    address: brregAddress(e.forretningsadresse ?? e.postadresse),
    industry: e.naeringskode1 ? { code: e.naeringskode1.kode, description: e.naeringskode1.beskrivelse ?? null, scheme: 'SN (NACE)' } : null,
    sources: [{ register: BRREG_REGISTER, url: enhetUrl(e.organisasjonsnummer), fetchedAt: iso(fetchedAt), fields: ALL_GROUPS }],
  };
}

// --- Denmark: CVR ---
export const CVR_REGISTER = 'CVR (Erhvervsstyrelsen)';
export const CVR_SEARCH_URL = 'http://distribution.virk.dk/cvr-permanent/virksomhed/_search';

/** CVR's sammensatStatus words (NORMAL, AKTIV, UNDER KONKURS, OPLØST EFTER KONKURS, UNDER FRIVILLIG LIKVIDATION, OPHØRT, …). */
export function cvrState(status: string | null | undefined): CompanyState {
  const s = (status ?? '').toUpperCase();
  if (!s) return 'unknown';
  if (s === 'NORMAL' || s === 'AKTIV') return 'active';
  if (s.includes('KONKURS') && s.startsWith('UNDER')) return 'bankrupt';
  if (s.startsWith('UNDER')) return 'winding_up';
  if (s.startsWith('OPLØST') || s.startsWith('OPHØRT') || s.includes('SLETTET') || s.includes('TVANGSOPLØST')) return 'ceased';
  return 'unknown';
}

function cvrAddress(a: CvrAdresse | null | undefined): Address | null {
  if (!a) return null;
  const number = a.husnummerFra != null ? `${a.husnummerFra}${a.bogstavFra ?? ''}` : '';
  const floor = [a.etage, a.sidedoer].filter(Boolean).join(' ');
  const street = [a.vejnavn ? `${a.vejnavn} ${number}`.trim() : null, floor || null, a.postboks ? `Postboks ${a.postboks}` : null, a.fritekst ?? null]
    .filter(Boolean)
    .join(', ');
  return {
    street: blank(street),
    postalCode: a.postnummer != null ? String(a.postnummer) : null,
    city: a.postdistrikt ?? a.bynavn ?? null,
    municipality: a.kommune?.kommuneNavn ?? null,
    country: a.landekode ?? null,
  };
}

export function cvrHit(v: CvrVirksomhed) {
  const m = v.virksomhedMetadata ?? {};
  return {
    companyId: String(v.cvrNummer),
    idType: 'DK_CVR' as const,
    name: m.nyesteNavn?.navn ?? '',
    country: 'DK' as const,
    status: m.sammensatStatus ?? '',
    orgForm: m.nyesteVirksomhedsform?.kortBeskrivelse ?? (m.nyesteVirksomhedsform?.virksomhedsformkode != null ? String(m.nyesteVirksomhedsform.virksomhedsformkode) : ''),
  };
}

export function companyFromCvr(v: CvrVirksomhed, fetchedAt: number): Company {
  const m = v.virksomhedMetadata ?? {};
  const form = m.nyesteVirksomhedsform;
  const branche = m.nyesteHovedbranche;
  const hit = cvrHit(v);
  return {
    companyId: hit.companyId,
    idType: 'DK_CVR',
    country: 'DK',
    name: hit.name,
    status: hit.status,
    state: cvrState(m.sammensatStatus),
    orgForm: form ? { code: hit.orgForm, description: form.langBeskrivelse ?? null } : null,
    registeredDate: dateOnly(m.stiftelsesDato),
    address: cvrAddress(m.nyesteBeliggenhedsadresse),
    industry: branche?.branchekode ? { code: branche.branchekode, description: branche.branchetekst ?? null, scheme: 'DB07' } : null,
    sources: [{ register: CVR_REGISTER, url: CVR_SEARCH_URL, fetchedAt: iso(fetchedAt), fields: ALL_GROUPS }],
  };
}

// --- Finland: PRH YTJ ---
export const PRH_REGISTER = 'YTJ (Patentti- ja rekisterihallitus, PRH)';
export const prhCompanyUrl = (businessId: string) => `https://avoindata.prh.fi/opendata-ytj-api/v3/companies?businessId=${encodeURIComponent(businessId)}`;

/** English text if the register has it, else Finnish, else Swedish (languageCode 3, 1, 2). */
function prhText(d: PrhDescription[] | undefined): string | null {
  if (!d?.length) return null;
  for (const code of ['3', '1', '2']) {
    const hit = d.find((x) => x.languageCode === code);
    if (hit) return hit.description;
  }
  return d[0].description;
}

const current = <T extends { endDate?: string }>(rows: T[] | undefined): T[] => (rows ?? []).filter((r) => !r.endDate);

/** companySituations codes seen in YTJ (UNCONFIRMED list): KONK bankruptcy, SANE reorganisation, SELTILA liquidation. */
const PRH_SITUATIONS: Record<string, { status: string; state: CompanyState }> = {
  KONK: { status: 'bankruptcy (KONK)', state: 'bankrupt' },
  SANE: { status: 'reorganisation (SANE)', state: 'winding_up' },
  SELTILA: { status: 'liquidation (SELTILA)', state: 'winding_up' },
};

export function prhStatus(c: PrhCompany): { status: string; state: CompanyState } {
  if (c.endDate) return { status: `ceased ${c.endDate}`, state: 'ceased' };
  const situation = current(c.companySituations)[0];
  if (situation?.type) return PRH_SITUATIONS[situation.type] ?? { status: situation.type, state: 'winding_up' };
  return { status: 'registered', state: 'active' };
}

export function prhName(c: PrhCompany): string {
  const names = current(c.names);
  return (names.find((n) => n.type === '1') ?? names[0] ?? c.names?.[0])?.name ?? '';
}

function prhForm(c: PrhCompany) {
  const f = current(c.companyForms)[0] ?? c.companyForms?.[0];
  return f?.type ? { code: f.type, description: prhText(f.descriptions) } : null;
}

function prhAddress(c: PrhCompany): Address | null {
  const rows = current(c.addresses);
  // type 1 is the street (visiting) address, type 2 the postal address.
  const a = rows.find((r) => r.type === 1) ?? rows.find((r) => r.type === 2);
  if (!a) return null;
  const street = [a.co ? `c/o ${a.co}` : null, [a.street, a.buildingNumber, a.entrance, a.apartmentNumber].filter(Boolean).join(' ') || null, a.postOfficeBox ? `PL ${a.postOfficeBox}` : null]
    .filter(Boolean)
    .join(', ');
  const office = a.postOffices?.find((p) => p.languageCode === '1') ?? a.postOffices?.[0];
  return { street: blank(street), postalCode: a.postCode ?? null, city: office?.city ?? null, municipality: office?.municipalityCode ?? null, country: a.country ?? 'FI' };
}

export function prhHit(c: PrhCompany) {
  return {
    companyId: c.businessId.value,
    idType: 'FI_YTUNNUS' as const,
    name: prhName(c),
    country: 'FI' as const,
    status: prhStatus(c).status,
    orgForm: prhForm(c)?.code ?? '',
  };
}

export function companyFromPrh(c: PrhCompany, fetchedAt: number): Company {
  const { status, state } = prhStatus(c);
  const line = c.mainBusinessLine;
  return {
    companyId: c.businessId.value,
    idType: 'FI_YTUNNUS',
    country: 'FI',
    name: prhName(c),
    status,
    state,
    orgForm: prhForm(c),
    registeredDate: c.registrationDate ?? c.businessId.registrationDate ?? null,
    address: prhAddress(c),
    industry: line?.type ? { code: line.type, description: prhText(line.descriptions), scheme: 'TOL 2008' } : null,
    sources: [{ register: PRH_REGISTER, url: prhCompanyUrl(c.businessId.value), fetchedAt: iso(fetchedAt), fields: ALL_GROUPS }],
  };
}

// --- Sweden: Bolagsverket (blocks produced by Bolagsverket or by SCB, per `dataproducent`) ---
export const BOLAGSVERKET_URL = 'https://gw.api.bolagsverket.se/vardefulla-datamangder/v1/organisationer';

function bolagsverketStatus(o: BvOrganisation): { status: string; state: CompanyState } {
  const avreg = o.avregistreradOrganisation?.avregistreringsdatum;
  if (avreg) {
    const why = o.avregistreringsorsak?.klartext ?? o.avregistreringsorsak?.kod;
    return { status: `avregistrerad ${avreg.slice(0, 10)}${why ? ` (${why})` : ''}`, state: 'ceased' };
  }
  const ongoing = o.pagaendeAvvecklingsEllerOmstruktureringsforfarande?.pagaendeAvvecklingsEllerOmstruktureringsforfarandeLista ?? [];
  if (ongoing.length > 0) {
    const text = ongoing.map((p) => p.klartext ?? p.kod).join(', ');
    return { status: text, state: ongoing.some((p) => p.kod === 'KK') ? 'bankrupt' : 'winding_up' };
  }
  const verksam = o.verksamOrganisation?.kod;
  if (verksam === 'JA') return { status: 'registrerad, verksam', state: 'active' };
  if (verksam === 'NEJ') return { status: 'registrerad, ej verksam', state: 'active' };
  return { status: 'registrerad', state: 'active' };
}

export function companyFromBolagsverket(o: BvOrganisation, id: string, fetchedAt: number): Company {
  const names = o.organisationsnamn?.organisationsnamnLista ?? [];
  const name = (names.find((n) => n.organisationsnamntyp?.kod === 'FORETAGSNAMN') ?? names[0])?.namn ?? '';
  const { status, state } = bolagsverketStatus(o);
  const form = o.organisationsform?.kod ? { code: o.organisationsform.kod, description: o.organisationsform.klartext ?? null } : null;
  const sni = o.naringsgrenOrganisation?.sni?.[0];
  const post = o.postadressOrganisation?.postadress;
  const address: Address | null = post
    ? {
        street: blank([post.coAdress, post.utdelningsadress].filter(Boolean).join(', ')),
        postalCode: post.postnummer ?? null,
        city: post.postort ?? null,
        municipality: null,
        country: post.land ?? null,
      }
    : null;
  // Who produced which field group: the block's `dataproducent` (Bolagsverket or SCB).
  const producers: [FieldGroup, string | null | undefined][] = [
    ['identity', 'Bolagsverket'],
    ['name', o.organisationsnamn?.dataproducent],
    ['status', o.avregistreradOrganisation?.dataproducent ?? o.verksamOrganisation?.dataproducent],
    ['orgForm', o.organisationsform?.dataproducent],
    ['registeredDate', o.organisationsdatum?.dataproducent],
    ['address', o.postadressOrganisation?.dataproducent],
    ['industry', o.naringsgrenOrganisation?.dataproducent],
  ];
  const byProducer = new Map<string, FieldGroup[]>();
  for (const [group, producer] of producers) {
    const key = producer ?? 'Bolagsverket';
    byProducer.set(key, [...(byProducer.get(key) ?? []), group]);
  }
  const sources: Source[] = [...byProducer].map(([producer, fields]) => ({
    register: producer === 'Bolagsverket' ? 'Bolagsverket' : `${producer} (via Bolagsverket)`,
    url: BOLAGSVERKET_URL,
    fetchedAt: iso(fetchedAt),
    fields,
  }));
  return {
    companyId: o.organisationsidentitet?.identitetsbeteckning ?? id,
    idType: 'SE_ORGNR',
    country: 'SE',
    name,
    status,
    state,
    orgForm: form,
    registeredDate: dateOnly(o.organisationsdatum?.registreringsdatum),
    address,
    industry: sni ? { code: sni.kod, description: sni.klartext ?? null, scheme: 'SNI 2007' } : null,
    sources,
  };
}

// --- Iceland: Skatturinn ---
export const RSK_REGISTER = 'Fyrirtækjaskrá (Skatturinn)';
export const rskUrl = (kennitala: string) => `https://api.skattur.cloud/legalentities/v2/${kennitala}`;

export function companyFromRsk(e: RskLegalEntity, id: string, fetchedAt: number): Company {
  const d = e.deregistration;
  let state: CompanyState = 'active';
  if (d?.deregistered) state = 'ceased';
  else if (d?.bankrupcy) state = 'bankrupt';
  else if (d?.insolvency) state = 'winding_up';
  const status = e.status ?? (d?.deregistered ? 'deregistered' : d?.bankrupcy ? 'bankrupt' : 'registered');
  const addr = (e.address ?? []).find((a) => !a.isPostbox) ?? e.address?.[0];
  const activity = e.activityCode?.[0];
  return {
    companyId: e.nationalId ?? id,
    idType: 'IS_KENNITALA',
    country: 'IS',
    name: e.name ?? '',
    status,
    state,
    orgForm: e.legalForm?.id ? { code: e.legalForm.id, description: e.legalForm.name ?? null } : null,
    registeredDate: dateOnly(e.registered),
    address: addr
      ? { street: blank(addr.addressName), postalCode: addr.postcode ?? null, city: addr.city ?? null, municipality: addr.municipality ?? null, country: addr.country ?? null }
      : null,
    industry: activity?.id ? { code: activity.id, description: activity.name ?? null, scheme: activity.codeSystem ?? 'ÍSAT' } : null,
    sources: [{ register: RSK_REGISTER, url: rskUrl(e.nationalId ?? id), fetchedAt: iso(fetchedAt), fields: ALL_GROUPS }],
  };
}
