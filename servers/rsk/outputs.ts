// Output schemas of the rsk tools: mapEntity (common.ts) written once, used by company.lookup and
// by the kennitala answer of company.search.
import { z } from 'zod';
import { optNum, optStr, sourceRef } from '../../runtime/output.js';

/** activity (common.ts): an ISAT activity code. */
const activity = z.object({ id: optStr(), name: optStr(), codeSystem: optStr(), type: optStr() });

export const entityOutput = z.object({
  kennitala: z.string(),
  name: optStr(),
  additionalName: optStr(),
  status: optStr(),
  registered: optStr(),
  legalForm: z.object({ id: optStr(), name: optStr() }).nullable(),
  deregistration: z.object({
    deregistered: z.boolean(),
    deregistrationDate: optStr(),
    bankruptcy: z.boolean(),
    bankruptcyDate: optStr(),
    insolvency: z.boolean(),
    insolvencyDate: optStr(),
  }),
  activityCodes: z.array(activity),
  vat: z.array(z.object({ vatNumber: optStr(), registered: optStr(), deregistered: optStr(), active: z.boolean(), activity: activity.nullable() })),
  addresses: z.array(
    z.object({
      type: optStr(),
      address: optStr(),
      attention: optStr(),
      postcode: optStr(),
      city: optStr(),
      municipality: optStr(),
      municipalityId: optStr(),
      country: optStr(),
      isPostbox: z.boolean(),
    }),
  ),
  relationships: z.array(
    z.object({
      type: optStr(),
      position: optStr(),
      name: optStr(),
      kennitala: optStr().describe("An entity's; null for a person."),
      isLegalEntity: z.boolean().nullable(),
    }),
  ),
  purpose: optStr(),
  accountingYear: optStr(),
  initialCapital: optNum(),
  articlesOfAssociation: z
    .object({
      shareCapital: optNum(),
      currency: optStr(),
      shareGroup: optStr(),
      signatures: optStr(),
      votingRights: optStr(),
      restrictionHandlingOfShares: z.boolean().nullable(),
      liabilityForRedemptionOfShares: z.boolean().nullable(),
      specialRights: z.boolean().nullable(),
      lastUpdated: optStr(),
    })
    .nullable(),
  dateOfBylaws: optStr(),
  dateOfBoardChange: optStr(),
  registryComment: optStr(),
  lastUpdated: optStr(),
  source: sourceRef,
});
