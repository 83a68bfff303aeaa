// Finanstilsynet's virksomhetsregister (registry API v2): request paths, the answer shapes and their
// mapping into the tools' answers.
//
// Follows: the registry's public OpenAPI at https://api.finanstilsynet.no/registry/ (UPSTREAMS.md
// A10), read through Finanstilsynet's own published models of it (finanstilsynet/
// Finanstilsynet.Altinn.Public, Virksomhetsregisteret/Models: LegalEntity, Licence, LicenceType,
// LicenceService, LicenceClassification, Address, Country, TranslatedTerm, ServiceProviderType,
// LegalEntityType, LegalEntityResults) and peer clients of v2 (UPSTREAMS.md A10, file id 66519364894).
//
// Relied on:
// - GET /v2/legal-entities/filter?query=<orgnr or name>&licenceTypes=<code>&page=<1-based>&pageSize=<n>
//   answers {page, total, hitsReturned, legalEntities[]}; 0 hits is `legalEntities: []`, not a 404.
// - An entity lists "all active licences under which the legal entity can provide services"
//   (Finanstilsynet's model description): revoked or expired licences are not published.
// - Enums are serialised as their names: legalEntityType Company|Person, serviceProviderType
//   Licensed|Branch|Agent, address type Business|Postal.
// UNCONFIRMED:
// - The largest accepted pageSize (peers use 50; this module asks for 50).
// - `leiCode` and service fields `serviceCode`/`serviceInstruments` are seen in peers' v2 answers but
//   not in Finanstilsynet's older model; they are read when present.
// - No recorded live answer was found: the recordings are built from the models above.
import type { Coverage } from '../../runtime/define.js';

export const FILTER_PATH = '/v2/legal-entities/filter';
export const PAGE_SIZE = 50;
export const HOUR = 3600;

export const coverage = (dataTypes: string[]): Coverage => ({ geography: ['NO'], dataTypes, updateFrequency: 'hourly' });

export interface Translated {
  norwegian?: string | null;
  english?: string | null;
}

interface Country {
  iso3?: string;
  name?: Translated | null;
}

export interface FtLicence {
  licensedEntity?: { legalEntityId: number; legalEntityName?: string | null } | null;
  serviceProviderId?: number;
  licenceType?: { code: string; name?: Translated | null; description?: Translated | null } | null;
  licenceClassification?: { licenceClassificationId?: number; code?: string; name?: Translated | null } | null;
  supervisoryAuthority?: { legalEntityId?: number; legalEntityName?: string | null; country?: Country | null } | null;
  hasSecurity?: boolean | null;
  registeredDate?: string | null;
  serviceProviderType?: string;
  remarks?: Translated | null;
  services?: { serviceId: number; serviceCode?: string | null; serviceName?: Translated | null; groupName?: Translated | null }[] | null;
}

export interface FtEntity {
  legalEntityId: number;
  legalEntityType?: string;
  finanstilsynetId?: string | null;
  organisationNumber?: string | null;
  leiCode?: string | null;
  auditorNumber?: string | null;
  name: string;
  licences?: FtLicence[] | null;
  addresses?: { type?: string; addressLines?: string | null; postalCode?: string | null; postalLocation?: string | null; region?: string | null; country?: Country | null }[] | null;
  remarks?: Translated | null;
}

export interface FtPage {
  page?: number;
  total?: number;
  hitsReturned?: number;
  legalEntities?: FtEntity[] | null;
}

const text = (t: Translated | null | undefined) => t?.norwegian ?? t?.english ?? null;

/** The register's timestamps are local date-times (`2002-01-01T00:00:00`); the date is what matters. */
const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : null);

const ROLE: Record<string, string> = { Licensed: 'konsesjonshaver', Branch: 'filial', Agent: 'agent' };

export function mapLicence(l: FtLicence) {
  return {
    type: l.licenceType?.code ?? null,
    navn: text(l.licenceType?.name),
    navnEngelsk: l.licenceType?.name?.english ?? null,
    hjemmel: text(l.licenceType?.description),
    // Everything the register publishes is in force; see the module header.
    status: 'aktiv' as const,
    registrert: day(l.registeredDate),
    rolle: l.serviceProviderType ? (ROLE[l.serviceProviderType] ?? l.serviceProviderType) : null,
    konsesjonshaver: l.licensedEntity ? { id: l.licensedEntity.legalEntityId, navn: l.licensedEntity.legalEntityName ?? null } : null,
    tilsynsmyndighet: l.supervisoryAuthority
      ? { navn: l.supervisoryAuthority.legalEntityName ?? null, land: l.supervisoryAuthority.country?.iso3 ?? null }
      : null,
    klassifisering: l.licenceClassification ? { kode: l.licenceClassification.code ?? null, navn: text(l.licenceClassification.name) } : null,
    tjenester: (l.services ?? []).map((s) => ({ id: s.serviceId, kode: s.serviceCode ?? null, navn: text(s.serviceName) })),
    sikkerhetsstillelse: l.hasSecurity ?? null,
    merknad: text(l.remarks),
  };
}

export function mapEntity(e: FtEntity) {
  return {
    orgnr: e.organisationNumber ?? null,
    navn: e.name,
    enhetstype: e.legalEntityType === 'Person' ? 'person' : 'foretak',
    finanstilsynetId: e.finanstilsynetId ?? null,
    leiKode: e.leiCode ?? null,
    revisornummer: e.auditorNumber ?? null,
    adresser: (e.addresses ?? []).map((a) => ({
      type: a.type === 'Postal' ? 'post' : a.type === 'Business' ? 'forretning' : (a.type ?? null),
      adresse: a.addressLines ?? null,
      postnummer: a.postalCode ?? null,
      poststed: a.postalLocation ?? null,
      land: a.country?.iso3 ?? null,
    })),
    merknad: text(e.remarks),
    konsesjoner: (e.licences ?? []).map(mapLicence),
  };
}

export const SOURCE = { register: 'Finanstilsynets virksomhetsregister', url: 'https://www.finanstilsynet.no/virksomhetsregisteret/' };
