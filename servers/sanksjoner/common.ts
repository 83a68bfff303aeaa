// Shapes the sanksjoner tools answer with, built from the shared index of the EU consolidated list
// (servers/_shared/sanctions-index). Field names of the full record keep the export's own names
// (UPSTREAMS.md A11); the summary adds the derived `type` (person, organisation, vessel).
import type { Coverage } from '../../runtime/define.js';
import type { IndexedEntity } from '../_shared/sanctions-index/index.js';

export const coverage: Coverage = { geography: ['EU'], dataTypes: ['sanctions'], updateFrequency: 'daily' };

export const ENTITY_TYPES = ['person', 'organisation', 'vessel'] as const;

/** The short form of an entity, as search results list it. */
export function entitySummary(e: IndexedEntity) {
  const r = e.record;
  return {
    entityId: r.logicalId,
    euReferenceNumber: r.euReferenceNumber,
    unitedNationId: r.unitedNationId,
    type: e.type,
    name: e.name,
    programmes: e.programmes,
    designationDate: r.designationDate ?? firstDate(r.regulations.map((x) => x.entryIntoForceDate ?? x.publicationDate)),
    birthDates: e.birthDates,
    birthYears: [...new Set(r.birthdates.map((b) => b.year ?? (b.birthdate ? Number(b.birthdate.slice(0, 4)) : null)).filter((y): y is number => y !== null))],
    citizenships: [...new Set(r.citizenships.map((c) => c.countryIso2Code).filter((c): c is string => !!c))],
    identifiers: r.identifications
      .filter((i) => i.number)
      .map((i) => ({ type: i.identificationTypeCode, number: i.number, country: i.countryIso2Code })),
    aliasCount: r.nameAliases.length,
  };
}

function firstDate(dates: (string | null)[]): string | null {
  const known = dates.filter((d): d is string => !!d).sort();
  return known[0] ?? null;
}

/** The full record of an entity: every element of the export, with the derived fields first. */
export function entityRecord(e: IndexedEntity) {
  const r = e.record;
  return {
    ...entitySummary(e),
    subjectType: r.subjectType,
    delistingDate: r.delistingDate,
    designationDetails: r.designationDetails,
    remarks: r.remarks,
    regulations: r.regulations,
    names: r.nameAliases.map((a) => ({
      wholeName: a.wholeName,
      firstName: a.firstName,
      middleName: a.middleName,
      lastName: a.lastName,
      nameLanguage: a.nameLanguage,
      strong: a.strong,
      function: a.function,
      gender: a.gender,
      title: a.title,
      remark: a.remark,
    })),
    birthdates: r.birthdates,
    citizenshipDetails: r.citizenships,
    identifications: r.identifications,
    addresses: r.addresses,
    additionalInformation: r.additionalInformation,
  };
}
