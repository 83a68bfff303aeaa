// Types of the upstream answers this server reads, only the fields it maps. Each block names the
// documentation or public sample its shape comes from (see also UPSTREAMS.md A1, A6, A7, A8, A9).

// --- Enhetsregisteret (A1): https://data.brreg.no/enhetsregisteret/api/dokumentasjon/no/index.html
export interface BrregKode {
  kode: string;
  beskrivelse?: string;
}

export interface BrregAdresse {
  land?: string;
  landkode?: string;
  postnummer?: string;
  poststed?: string;
  adresse?: string[];
  kommune?: string;
  kommunenummer?: string;
}

export interface BrregEnhet {
  organisasjonsnummer: string;
  navn: string;
  organisasjonsform?: BrregKode;
  forretningsadresse?: BrregAdresse;
  postadresse?: BrregAdresse;
  naeringskode1?: BrregKode;
  registreringsdatoEnhetsregisteret?: string;
  stiftelsesdato?: string;
  konkurs?: boolean;
  underAvvikling?: boolean;
  underTvangsavviklingEllerTvangsopplosning?: boolean;
  slettedato?: string;
}

export interface BrregPage<K extends string, T> {
  /** Absent when the result is empty. */
  _embedded?: Record<K, T[]>;
  page?: { size: number; totalElements: number; totalPages: number; number: number };
}

/** One row of /oppdateringer/enheter (live capture: ikkeseb/brreg-snap tests/fixtures/brreg/oppdateringer-*.json). */
export interface BrregOppdatering {
  oppdateringsid: number;
  dato: string;
  organisasjonsnummer: string;
  endringstype: string;
  endringer?: { op: string; path: string; value?: unknown }[];
  _links?: { enhet?: { href: string } };
}

// --- CVR distribution Elasticsearch 6 (A6): hits.total is a number.
// Sample: Energinet-DataHub/energy-origin …/Cvr/Api/v2024_01_03/Controllers/CvrControllerTests.*.json
export interface CvrAdresse {
  landekode?: string | null;
  vejnavn?: string | null;
  husnummerFra?: number | null;
  bogstavFra?: string | null;
  etage?: string | null;
  sidedoer?: string | null;
  postnummer?: number | null;
  postdistrikt?: string | null;
  bynavn?: string | null;
  conavn?: string | null;
  postboks?: string | null;
  fritekst?: string | null;
  kommune?: { kommuneKode?: number; kommuneNavn?: string } | null;
}

export interface CvrVirksomhed {
  cvrNummer: number;
  virksomhedMetadata?: {
    nyesteNavn?: { navn?: string } | null;
    sammensatStatus?: string | null;
    nyesteVirksomhedsform?: { virksomhedsformkode?: number; kortBeskrivelse?: string; langBeskrivelse?: string } | null;
    nyesteHovedbranche?: { branchekode?: string; branchetekst?: string } | null;
    nyesteBeliggenhedsadresse?: CvrAdresse | null;
    stiftelsesDato?: string | null;
  };
}

export interface CvrSearchAnswer {
  hits: { total: number | { value: number }; hits: { _source?: { Vrvirksomhed?: CvrVirksomhed } }[] };
}

// --- PRH YTJ open data v3 (A7): https://avoindata.prh.fi/en/ytj/swagger-ui
export interface PrhDescription {
  languageCode: string;
  description: string;
}

export interface PrhCompany {
  businessId: { value: string; registrationDate?: string; source?: string };
  names?: { name: string; type?: string; registrationDate?: string; endDate?: string; version?: number }[];
  mainBusinessLine?: { type?: string; descriptions?: PrhDescription[]; typeCodeSet?: string } | null;
  companyForms?: { type?: string; descriptions?: PrhDescription[]; registrationDate?: string; endDate?: string; version?: number }[];
  companySituations?: { type?: string; registrationDate?: string; endDate?: string }[];
  addresses?: {
    type?: number;
    street?: string;
    buildingNumber?: string;
    entrance?: string;
    apartmentNumber?: string;
    postCode?: string;
    postOfficeBox?: string;
    co?: string;
    country?: string;
    postOffices?: { city: string; languageCode?: string; municipalityCode?: string }[];
    registrationDate?: string;
    endDate?: string;
  }[];
  registrationDate?: string;
  endDate?: string;
  tradeRegisterStatus?: string;
  status?: string;
  lastModified?: string;
}

export interface PrhAnswer {
  totalResults: number;
  companies: PrhCompany[];
}

// --- Bolagsverket Värdefulla datamängder v1 (A9): official OpenAPI (copy in victorbjorklund/bolagsverket_ex "API Spec.yaml").
interface BvBlock {
  dataproducent?: string | null;
  fel?: { typ: string; felBeskrivning?: string } | null;
}

export interface BvOrganisation {
  organisationsidentitet?: { identitetsbeteckning: string; typ?: { kod?: string; klartext?: string } } | null;
  organisationsnamn?: (BvBlock & { organisationsnamnLista?: { namn: string; organisationsnamntyp?: { kod?: string }; registreringsdatum?: string }[] | null }) | null;
  organisationsform?: (BvBlock & { kod?: string | null; klartext?: string | null }) | null;
  juridiskForm?: (BvBlock & { kod?: string | null; klartext?: string | null }) | null;
  verksamOrganisation?: (BvBlock & { kod?: string | null }) | null;
  organisationsdatum?: (BvBlock & { registreringsdatum?: string | null; infortHosScb?: string | null }) | null;
  avregistreradOrganisation?: (BvBlock & { avregistreringsdatum?: string | null }) | null;
  avregistreringsorsak?: (BvBlock & { kod?: string | null; klartext?: string | null }) | null;
  pagaendeAvvecklingsEllerOmstruktureringsforfarande?:
    | (BvBlock & { pagaendeAvvecklingsEllerOmstruktureringsforfarandeLista?: { kod: string; klartext?: string; fromDatum?: string }[] | null })
    | null;
  naringsgrenOrganisation?: (BvBlock & { sni?: { kod: string; klartext?: string }[] | null }) | null;
  postadressOrganisation?:
    | (BvBlock & { postadress?: { utdelningsadress?: string | null; postnummer?: string | null; postort?: string | null; coAdress?: string | null; land?: string | null } | null })
    | null;
}

export interface BvAnswer {
  organisationer?: BvOrganisation[];
}

// --- Skatturinn legal entities v2 (A8): Interkz/launatrausti company-registry-legalentities-v2.json.
export interface RskAddress {
  type?: { name?: string | null };
  addressName?: string | null;
  postcode?: string | null;
  city?: string | null;
  country?: string | null;
  municipality?: string | null;
  municipalityId?: string | null;
  isPostbox?: boolean;
}

export interface RskLegalEntity {
  nationalId?: string | null;
  name?: string | null;
  registered?: string;
  status?: string | null;
  deregistration?: {
    deregistered?: boolean;
    deregistrationDate?: string | null;
    bankrupcy?: boolean;
    bankrupcyDate?: string | null;
    insolvency?: boolean;
    insolvencyDate?: string | null;
  } | null;
  legalForm?: { id?: string | null; name?: string | null } | null;
  activityCode?: { type?: { name?: string | null }; codeSystem?: string | null; id?: string | null; name?: string | null }[] | null;
  address?: RskAddress[] | null;
  lastUpdated?: string | null;
}
