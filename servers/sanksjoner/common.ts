// Shapes the sanksjoner tools answer with, built from the shared index of the EU consolidated list
// (servers/_shared/sanctions-index). Field names of the full record keep the export's own names
// (UPSTREAMS.md A11); the summary adds the derived `type` (person, organisation, vessel).
import { z } from 'zod';
import type { Coverage } from '../../runtime/define.js';
import { optNum, optStr } from '../../runtime/output.js';
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

// ---- output schemas (entitySummary, entityRecord) ------------------------------------------------

const str = optStr;

/** entitySummary. */
export const summaryFields = {
  entityId: z.string(),
  euReferenceNumber: str(),
  unitedNationId: str(),
  type: z.enum(ENTITY_TYPES),
  name: z.string(),
  programmes: z.array(z.string()),
  designationDate: str(),
  birthDates: z.array(z.string()),
  birthYears: z.array(z.number().int()),
  citizenships: z.array(z.string()),
  identifiers: z.array(z.object({ type: str(), number: z.string(), country: str() })),
  aliasCount: z.number().int(),
};

const country = { countryIso2Code: str(), countryDescription: str() };
const keyValue = z.array(z.object({ key: z.string(), value: z.string() }));

/** entityRecord: the export's elements under their own names (UPSTREAMS.md A11). */
export const recordFields = {
  ...summaryFields,
  subjectType: z.object({ code: str(), classificationCode: str() }),
  delistingDate: str(),
  designationDetails: str(),
  remarks: z.array(z.string()),
  regulations: z.array(
    z.object({ regulationType: str(), organisationType: str(), publicationDate: str(), entryIntoForceDate: str(), numberTitle: str(), programme: str(), publicationUrl: str() }),
  ),
  names: z.array(
    z.object({ wholeName: str(), firstName: str(), middleName: str(), lastName: str(), nameLanguage: str(), strong: z.boolean(), function: str(), gender: str(), title: str(), remark: str() }),
  ),
  birthdates: z.array(
    z.object({
      birthdate: str(),
      dayOfMonth: optNum(),
      monthOfYear: optNum(),
      year: optNum(),
      yearRangeFrom: optNum(),
      yearRangeTo: optNum(),
      circa: z.boolean(),
      city: str(),
      place: str(),
      region: str(),
      ...country,
      remark: str(),
    }),
  ),
  citizenshipDetails: z.array(z.object({ ...country, region: str(), remark: str() })),
  identifications: z.array(
    z.object({
      identificationTypeCode: str(),
      identificationTypeDescription: str(),
      number: str(),
      latinNumber: str(),
      nameOnDocument: str(),
      issuedBy: str(),
      issueDate: str(),
      validFrom: str(),
      validTo: str(),
      ...country,
      diplomatic: z.boolean(),
      knownExpired: z.boolean(),
      knownFalse: z.boolean(),
      reportedLost: z.boolean(),
      revokedByIssuer: z.boolean(),
      remark: str(),
    }),
  ),
  addresses: z.array(
    z.object({ street: str(), poBox: str(), zipCode: str(), city: str(), place: str(), region: str(), ...country, asAtListingTime: z.boolean(), contactInfo: keyValue, remark: str() }),
  ),
  additionalInformation: keyValue,
};
