// Output schemas of the CVR tools: the shapes of mapCompany, formatAddress and latestEmployment
// (common.ts), the directors and owners (virksomhed.ts), the reports (regnskaber.ts) and the hits
// (search.ts), each written once. Values are as CVR writes them (status words, DB07 codes).
import { z } from 'zod';
import { note, optNum, optStr, sourceRef } from '../../runtime/output.js';

/** formatAddress: `text` is the one-line form. */
export const cvrAddress = z.object({
  text: optStr(),
  street: optStr(),
  houseNumber: optStr(),
  floor: optStr(),
  door: optStr(),
  coName: optStr(),
  postBox: optStr(),
  postcode: optStr(),
  city: optStr(),
  municipality: z.object({ code: optNum(), name: optStr() }).nullable(),
  country: optStr(),
}).meta({ id: 'cvrAddress' });

export const cvrForm = z.object({ code: z.number().int(), abbreviation: z.string(), description: z.string() }).nullable();
const industry = z.object({ code: z.string(), text: z.string() });

/** companyHeader. */
export const headerFields = { cvr: z.string(), name: optStr() };

export const companyOutput = z.object({
  ...headerFields,
  secondaryNames: z.array(z.string()),
  status: optStr(),
  registerStatus: optStr(),
  ceased: z.boolean(),
  endDate: optStr(),
  form: cvrForm,
  foundedDate: optStr(),
  industry: industry.nullable(),
  secondaryIndustries: z.array(industry),
  address: cvrAddress.nullable(),
  postalAddress: cvrAddress.nullable(),
  phone: z.array(z.string()),
  email: z.array(z.string()),
  website: z.array(z.string()),
  employment: z
    .object({ employees: optNum(), fullTimeEquivalents: optNum(), employeesInterval: optStr(), period: z.string(), basis: z.enum(['month', 'quarter', 'year']) })
    .nullable(),
  productionUnits: optNum(),
  capital: z.object({ amount: z.number(), currency: optStr() }).nullable(),
  purpose: optStr(),
  signingRule: optStr(),
  financialYear: z.object({ start: optStr(), end: optStr() }).describe('Month-day, e.g. 12-31.'),
  advertisingProtected: z.boolean().nullable().describe('reklamebeskyttet: not for direct marketing.'),
  lastUpdated: optStr(),
  source: sourceRef,
});

/** participant (virksomhed.ts): `type` PERSON, VIRKSOMHED or ANDEN_DELTAGER; `cvr` for a Danish company. */
const participantFields = { name: optStr(), type: optStr(), unitNumber: optNum(), cvr: optStr() };

export const directorsOutput = z.object({
  ...headerFields,
  count: z.number().int(),
  directors: z.array(
    z.object({ ...participantFields, role: z.enum(['board', 'management', 'other']), body: optStr(), function: optStr(), since: optStr(), electedBy: optStr() }),
  ),
  auditors: z.array(z.object({ ...participantFields, since: optStr() })),
  formerCount: z.number().int(),
  note,
  source: sourceRef,
});

/** bandOf: percent bounds of the band CVR registers; `reported` is the register's fraction. */
const band = z.object({ min: z.number(), max: z.number(), exact: z.boolean(), reported: z.string() }).nullable();

export const ownersOutput = z.object({
  ...headerFields,
  threshold: z.string(),
  exposed: z.boolean(),
  count: z.number().int(),
  owners: z.array(z.object({ ...participantFields, ownership: band, votingRights: band, since: optStr(), notifiedOn: optStr() })),
  beneficialOwners: z.array(
    z.object({ ...participantFields, ownershipPercent: optNum(), votingRightsPercent: optNum(), since: optStr(), specialOwnership: z.array(z.string()) }),
  ),
  note,
  source: sourceRef,
});

export const reportsOutput = z.object({
  ...headerFields,
  count: z.number().int(),
  total: z.number().int(),
  truncated: z.boolean(),
  reports: z.array(
    z.object({
      periodStart: optStr(),
      periodEnd: optStr(),
      publishedAt: optStr(),
      correction: z.boolean(),
      caseNumber: optStr(),
      documents: z.array(z.object({ type: optStr(), format: z.string(), mimeType: optStr(), url: z.string() })),
    }),
  ),
  portalUrl: z.string(),
  howLinksAreBuilt: z.string(),
  note,
});

export const searchOutput = z.object({
  q: z.string(),
  size: z.number().int(),
  count: z.number().int(),
  total: z.number().int(),
  totalExact: z.boolean(),
  companies: z.array(
    z.object({
      ...headerFields,
      status: optStr(),
      form: cvrForm,
      foundedDate: optStr(),
      industry: industry.nullable(),
      address: optStr(),
      advertisingProtected: z.boolean().nullable(),
      url: z.string(),
    }),
  ),
});
