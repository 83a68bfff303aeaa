// Types of the upstream answers only this server reads, only the fields it maps. Each block names
// the documentation or public sample its shape comes from (see also UPSTREAMS.md A7, A9). The
// registers other servers read too have their types in ../_shared/: enhetsregisteret.ts (A1),
// cvr.ts (A6) and skatturinn.ts (A8).

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
