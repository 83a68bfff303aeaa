// Skatturinn's legal-entities API (Fyrirtækjaskrá, the Icelandic register of enterprises): the
// LegalEntity answer and the reading of its keys, shared by the rsk and companies servers.
//
// Shapes follow the published OpenAPI description "Company Registry - Public Api" v2
// (servers: https://api.skattur.cloud/legalentities/v2; copy in Interkz/launatrausti
// company-registry-legalentities-v2.json; UPSTREAMS.md A8): GET /{nationalId} answers a LegalEntity.
// UNCONFIRMED: the key casing: a peer client notes that v2.1 answers PascalCase although the
// document shows camelCase, so keys are normalised to camelCase (camelKeys) before reading.
import { defineUpstream } from '../../runtime/define.js';

export interface Address {
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

export interface ActivityCode {
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
  /** `bankrupcy` is the upstream's spelling. */
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

/**
 * A copy with every key's first letter lower-cased, so that a PascalCase answer reads like the
 * documented camelCase. Keys become own properties (a `__proto__` key stays data, never a prototype).
 */
export function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k.charAt(0).toLowerCase() + k.slice(1), camelKeys(v)]));
  }
  return value;
}

/** Skatturinn's legal-entities API, called by rsk and companies. */
export const RSK = defineUpstream({
  id: 'rsk',
  name: 'Skatturinn legal entities (Icelandic company register)',
  baseUrl: 'https://api.skattur.cloud/legalentities',
  envVar: 'RSK_BASE_URL',
  auth: { type: 'header', header: 'Ocp-Apim-Subscription-Key', envVar: 'RSK_API_KEY' },
  docs: 'https://api.skatturinn.is',
});
