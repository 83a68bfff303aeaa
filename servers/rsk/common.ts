// The Skatturinn legal-entities API (Fyrirtækjaskrá) as the rsk tools read it: GET /{nationalId}
// (UPSTREAMS.md A8) answers a LegalEntity; its type and the key-casing normalisation are in
// ../_shared/skatturinn.ts (`bankrupcy` and the like are the upstream's spelling).
// Auth: header Ocp-Apim-Subscription-Key (RSK_API_KEY). The API has no search or list operation.
// UNCONFIRMED: the answer for an unknown kennitala (taken to be HTTP 404; an empty 200 is treated the
// same), the wording of `status` and `relationships[].type`, and the key casing (keys are normalised
// to camelCase before reading).
import type { Coverage } from '../../runtime/define.js';
import type { ActivityCode, Address, LegalEntity } from '../_shared/skatturinn.js';

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
