// The Skatturinn legal-entities API (Fyrirtækjaskrá) as the rsk tools read it.
//
// Shapes follow the published OpenAPI description "Company Registry - Public Api" v2
// (servers: https://api.skattur.cloud/legalentities/v2; copy in Interkz/launatrausti
// company-registry-legalentities-v2.json; UPSTREAMS.md A8): GET /{nationalId} answers a LegalEntity
// with nationalId, name, additionalName, purposeOfEntity, initialCapital, accountingYear,
// dateOfBylaws, dateOfAgreements, dateOfBoardChange, registered, status, deregistration
// {deregistered, deregistrationDate, bankrupcy, bankrupcyDate, insolvency, insolvencyDate} (the
// upstream's spelling), legalForm {id, name}, registryComment, articlesOfAssociation, activityCode[],
// vat[], address[], relationships[] {type, position, nationalId, name, address}, links[], lastUpdated.
// Auth: header Ocp-Apim-Subscription-Key (RSK_API_KEY). The API has no search or list operation.
// UNCONFIRMED: the answer for an unknown kennitala (taken to be HTTP 404; an empty 200 is treated the
// same), the wording of `status` and `relationships[].type`, and the key casing: a peer client notes
// that v2.1 answers PascalCase although the document shows camelCase, so keys are normalised to
// camelCase before reading.
import type { Coverage } from '../../runtime/define.js';

export const UPSTREAM = 'rsk';
export const ENTITY_PATH = '/v2/{nationalId}';
export const DAY = 86_400;

export const rskCoverage = (dataTypes: string[]): Coverage => ({ geography: ['IS'], dataTypes, updateFrequency: 'daily' });

/** The register's own page for one entity, and its name search (the web search the API lacks). */
export function registerPageUrl(kennitala: string): string {
  const url = new URL('https://www.skatturinn.is/fyrirtaekjaskra/leit/kennitala/');
  url.pathname += kennitala;
  return url.href;
}

export function webSearchUrl(name: string): string {
  const url = new URL('https://www.skatturinn.is/fyrirtaekjaskra/leit');
  url.searchParams.set('nafn', name);
  return url.href;
}

interface Address {
  type?: { name?: string | null } | null;
  addressName?: string | null;
  attention?: string | null;
  postcode?: string | null;
  city?: string | null;
  isPostbox?: boolean;
  country?: string | null;
  municipalityId?: string | null;
  municipality?: string | null;
}

interface ActivityCode {
  type?: { name?: string | null } | null;
  codeSystem?: string | null;
  id?: string | null;
  name?: string | null;
}

export interface LegalEntity {
  nationalId?: string | null;
  name?: string | null;
  additionalName?: string | null;
  purposeOfEntity?: string | null;
  initialCapital?: number | null;
  accountingYear?: string | null;
  dateOfBylaws?: string | null;
  dateOfAgreements?: string | null;
  dateOfBoardChange?: string | null;
  registered?: string | null;
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
  registryComment?: string | null;
  articlesOfAssociation?: {
    shareCapital?: number | null;
    shareGroup?: string | null;
    shareCapitalCurrency?: string | null;
    signatures?: string | null;
    votingRights?: string | null;
    restrictionHandlingOfShares?: boolean;
    liabilityForRedemptionOfShares?: boolean;
    specialRights?: boolean;
    lastUpdated?: string | null;
  } | null;
  activityCode?: ActivityCode[] | null;
  vat?: { vatNumber?: string | null; registered?: string | null; deRegistered?: string | null; activityCode?: ActivityCode | null }[] | null;
  address?: Address[] | null;
  relationships?: { type?: string | null; position?: string | null; nationalId?: string | null; name?: string | null; address?: Address | null }[] | null;
  links?: { rel?: string | null; href?: string | null }[] | null;
  lastUpdated?: string | null;
}

/** A copy with every key's first letter lower-cased (PascalCase answers read like the documented camelCase). */
export function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k.charAt(0).toLowerCase() + k.slice(1)] = camelKeys(v);
    return out;
  }
  return value;
}

/** Legal entities have kennitölur whose day part is 41-71 (day + 40); people have 01-31. */
export const isEntityKennitala = (kt: string) => {
  const day = Number(kt.slice(0, 2));
  return /^\d{10}$/.test(kt) && day >= 41 && day <= 71;
};

const date = (v: string | null | undefined) => (v ? v.slice(0, 10) : null);

const activity = (a: ActivityCode | null | undefined) =>
  a ? { id: a.id ?? null, name: a.name ?? null, codeSystem: a.codeSystem ?? null, type: a.type?.name ?? null } : null;

function address(a: Address) {
  return {
    type: a.type?.name ?? null,
    address: a.addressName ?? null,
    attention: a.attention ?? null,
    postcode: a.postcode ?? null,
    city: a.city ?? null,
    municipality: a.municipality ?? null,
    municipalityId: a.municipalityId ?? null,
    country: a.country ?? null,
    isPostbox: a.isPostbox ?? false,
  };
}

export function mapEntity(e: LegalEntity, kennitala: string) {
  const d = e.deregistration ?? {};
  const aoa = e.articlesOfAssociation;
  return {
    kennitala: e.nationalId ?? kennitala,
    name: e.name ?? null,
    additionalName: e.additionalName ?? null,
    status: e.status ?? null,
    registered: date(e.registered),
    legalForm: e.legalForm ? { id: e.legalForm.id ?? null, name: e.legalForm.name ?? null } : null,
    deregistration: {
      deregistered: d.deregistered ?? false,
      deregistrationDate: date(d.deregistrationDate),
      bankruptcy: d.bankrupcy ?? false,
      bankruptcyDate: date(d.bankrupcyDate),
      insolvency: d.insolvency ?? false,
      insolvencyDate: date(d.insolvencyDate),
    },
    activityCodes: (e.activityCode ?? []).map(activity),
    vat: (e.vat ?? []).map((v) => ({
      vatNumber: v.vatNumber ?? null,
      registered: date(v.registered),
      deregistered: date(v.deRegistered),
      active: !v.deRegistered,
      activity: activity(v.activityCode),
    })),
    addresses: (e.address ?? []).map(address),
    // People are named with their role; a person's kennitala (it encodes the birth date) is left out.
    relationships: (e.relationships ?? []).map((r) => ({
      type: r.type ?? null,
      position: r.position ?? null,
      name: r.name ?? null,
      kennitala: r.nationalId && isEntityKennitala(r.nationalId) ? r.nationalId : null,
      isLegalEntity: r.nationalId ? isEntityKennitala(r.nationalId) : null,
    })),
    purpose: e.purposeOfEntity ?? null,
    accountingYear: e.accountingYear ?? null,
    initialCapital: e.initialCapital ?? null,
    articlesOfAssociation: aoa
      ? {
          shareCapital: aoa.shareCapital ?? null,
          currency: aoa.shareCapitalCurrency ?? null,
          shareGroup: aoa.shareGroup ?? null,
          signatures: aoa.signatures ?? null,
          votingRights: aoa.votingRights ?? null,
          restrictionHandlingOfShares: aoa.restrictionHandlingOfShares ?? null,
          liabilityForRedemptionOfShares: aoa.liabilityForRedemptionOfShares ?? null,
          specialRights: aoa.specialRights ?? null,
          lastUpdated: date(aoa.lastUpdated),
        }
      : null,
    dateOfBylaws: date(e.dateOfBylaws),
    dateOfBoardChange: date(e.dateOfBoardChange),
    registryComment: e.registryComment ?? null,
    lastUpdated: e.lastUpdated ?? null,
    source: { register: 'Fyrirtækjaskrá (Skatturinn)', url: registerPageUrl(e.nationalId ?? kennitala) },
  };
}
