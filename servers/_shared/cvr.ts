// Erhvervsstyrelsen's CVR distribution (Elasticsearch): the types of its answers, as far as the cvr
// and companies servers read them, and the reading of `hits.total`. Field names and nesting follow
// real responses of `cvr-permanent/virksomhed/_search` (Energinet-DataHub/energy-origin
// CvrControllerTests.cvr_response.json, cvr 10150817; the 4-hit response in
// Andreasbirch/Andreasbirch.github.io apps/HvemErEjeren/data.js) and of the open
// `offentliggoerelser/_search` index (UPSTREAMS.md A6). Every field may be null or absent in old records.
import { defineUpstream } from '../../runtime/define.js';

/** Validity period of a historical value; `gyldigTil: null` marks the value that applies now. */
export interface Periode {
  gyldigFra: string | null;
  gyldigTil: string | null;
}

export interface Navn {
  navn: string;
  periode?: Periode | null;
  sidstOpdateret?: string | null;
}

export interface Vaerdi {
  vaerdi: string;
  periode?: Periode | null;
  sidstOpdateret?: string | null;
}

export interface Attribut {
  sekvensnr?: number;
  type: string;
  vaerditype?: string;
  vaerdier?: Vaerdi[] | null;
}

export interface Kommune {
  kommuneKode: number | null;
  kommuneNavn: string | null;
}

export interface Adresse {
  landekode?: string | null;
  fritekst?: string | null;
  vejkode?: number | null;
  kommune?: Kommune | null;
  husnummerFra?: number | null;
  husnummerTil?: number | null;
  bogstavFra?: string | null;
  bogstavTil?: string | null;
  etage?: string | null;
  sidedoer?: string | null;
  conavn?: string | null;
  postboks?: string | null;
  vejnavn?: string | null;
  bynavn?: string | null;
  postnummer?: number | null;
  postdistrikt?: string | null;
  periode?: Periode | null;
}

export interface Kontaktoplysning {
  kontaktoplysning: string;
  hemmelig?: boolean | null;
  periode?: Periode | null;
}

export interface Branche {
  branchekode: string;
  branchetekst: string;
  periode?: Periode | null;
}

export interface Virksomhedsform {
  virksomhedsformkode: number;
  kortBeskrivelse: string;
  langBeskrivelse: string;
  periode?: Periode | null;
}

/** One employment figure: yearly (aar), quarterly (kvartal) or monthly (maaned). */
export interface Beskaeftigelse {
  aar: number;
  kvartal?: number;
  maaned?: number;
  antalAnsatte?: number | null;
  antalAarsvaerk?: number | null;
  intervalKodeAntalAnsatte?: string | null;
  intervalKodeAntalAarsvaerk?: string | null;
}

export interface VirksomhedMetadata {
  nyesteNavn?: Navn | null;
  nyesteVirksomhedsform?: Virksomhedsform | null;
  nyesteBeliggenhedsadresse?: Adresse | null;
  nyesteHovedbranche?: Branche | null;
  nyesteBibranche1?: Branche | null;
  nyesteBibranche2?: Branche | null;
  nyesteBibranche3?: Branche | null;
  nyesteAarsbeskaeftigelse?: Beskaeftigelse | null;
  nyesteKvartalsbeskaeftigelse?: Beskaeftigelse | null;
  nyesteMaanedsbeskaeftigelse?: Beskaeftigelse | null;
  nyesteErstMaanedsbeskaeftigelse?: Beskaeftigelse | null;
  antalPenheder?: number | null;
  sammensatStatus?: string | null;
  stiftelsesDato?: string | null;
  virkningsDato?: string | null;
}

export interface Organisation {
  enhedsNummerOrganisation?: number;
  /** LEDELSESORGAN (board, management), REGISTER (owner registers), REVISION, STIFTERE, HVIDVASK, ... */
  hovedtype: string;
  organisationsNavn?: Navn[] | null;
  attributter?: Attribut[] | null;
  medlemsData?: { attributter?: Attribut[] | null }[] | null;
}

export interface Deltager {
  enhedsNummer?: number | null;
  /** PERSON, VIRKSOMHED or ANDEN_DELTAGER. */
  enhedstype?: string | null;
  /** The participant's own CVR number when it is a Danish company. */
  forretningsnoegle?: number | null;
  navne?: Navn[] | null;
}

export interface DeltagerRelation {
  deltager?: Deltager | null;
  organisationer?: Organisation[] | null;
}

export interface Vrvirksomhed {
  cvrNummer: number;
  reklamebeskyttet?: boolean | null;
  navne?: Navn[] | null;
  binavne?: Navn[] | null;
  beliggenhedsadresse?: Adresse[] | null;
  postadresse?: Adresse[] | null;
  telefonNummer?: Kontaktoplysning[] | null;
  elektroniskPost?: Kontaktoplysning[] | null;
  hjemmeside?: Kontaktoplysning[] | null;
  livsforloeb?: { periode?: Periode | null }[] | null;
  hovedbranche?: Branche[] | null;
  virksomhedsstatus?: { status: string; periode?: Periode | null }[] | null;
  virksomhedsform?: Virksomhedsform[] | null;
  attributter?: Attribut[] | null;
  deltagerRelation?: DeltagerRelation[] | null;
  virksomhedMetadata?: VirksomhedMetadata | null;
  enhedsNummer?: number;
  sidstOpdateret?: string | null;
}

/** `hits.total` is a number up to Elasticsearch 6 and `{value, relation}` from Elasticsearch 7 on. */
export type EsTotal = number | { value: number; relation: 'eq' | 'gte' };

export interface EsAnswer<S> {
  took?: number;
  timed_out?: boolean;
  hits?: {
    total?: EsTotal;
    max_score?: number | null;
    hits?: { _index?: string; _id?: string; _score?: number | null; _source?: S }[];
  };
}

/** The `_source` of a hit in the virksomhed index. */
export interface VirksomhedSource {
  Vrvirksomhed?: Vrvirksomhed;
}

/** `hits.total` in either form, with whether the count is exact. */
export function esTotal(total: EsTotal | undefined, fallback: number): { total: number; exact: boolean } {
  if (total === undefined || total === null) return { total: fallback, exact: true };
  if (typeof total === 'number') return { total, exact: true };
  return { total: total.value, exact: total.relation !== 'gte' };
}

export interface Offentliggoerelse {
  cvrNummer: number;
  sagsNummer?: string | null;
  offentliggoerelsestype?: string | null;
  offentliggoerelsesTidspunkt?: string | null;
  omgoerelse?: boolean | null;
  regnskab?: { regnskabsperiode?: { startDato?: string | null; slutDato?: string | null } | null } | null;
  dokumenter?: { dokumentType?: string | null; dokumentMimeType?: string | null; dokumentUrl?: string | null }[] | null;
}

/** Erhvervsstyrelsen's CVR distribution, called by cvr and companies. */
export const CVR = defineUpstream({
  id: 'cvr',
  name: 'Erhvervsstyrelsen CVR (system-til-system Elasticsearch)',
  baseUrl: 'http://distribution.virk.dk',
  envVar: 'CVR_BASE_URL',
  auth: { type: 'basic', userEnvVar: 'CVR_ES_USER', passwordEnvVar: 'CVR_ES_PASS' },
  docs: 'https://datacvr.virk.dk/artikel/system-til-system-adgang-til-cvr-data',
  maxBodyBytes: 32 * 1024 * 1024,
});
