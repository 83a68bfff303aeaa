// Output schemas of the companies tools: the normalised Company (company.ts), a search page
// (search.ts) and a page of change events (events.ts). Their sources keep the `{ register, url }`
// shape of every tool's source, with the fetch time the REST tier publishes (and, per Company
// source, the field groups it supplied).
import { z } from 'zod';
import { note, optStr, sourceRef } from '../../runtime/output.js';
import { ALL_GROUPS } from './company.js';

const fetchedSource = sourceRef.extend({ fetchedAt: z.string() });

const LOOKUP_COUNTRIES = ['NO', 'DK', 'FI', 'SE', 'IS'] as const;

/** Company (company.ts). */
export const companyOutput = z.object({
  companyId: z.string(),
  idType: z.enum(['NO_ORGNR', 'DK_CVR', 'FI_YTUNNUS', 'SE_ORGNR', 'IS_KENNITALA']),
  orgnr: z.string().optional().describe('Norwegian companies only: companyId again.'),
  country: z.enum(LOOKUP_COUNTRIES),
  name: z.string(),
  status: z.string().describe("The register's own status text."),
  state: z.enum(['active', 'winding_up', 'bankrupt', 'ceased', 'unknown']),
  orgForm: z.object({ code: z.string(), description: optStr() }).nullable(),
  registeredDate: optStr(),
  address: z.object({ street: optStr(), postalCode: optStr(), city: optStr(), municipality: optStr(), country: optStr() }).nullable(),
  industry: z.object({ code: z.string(), description: optStr(), scheme: z.string() }).nullable(),
  sources: z.array(fetchedSource.extend({ fields: z.array(z.enum(ALL_GROUPS as [string, ...string[]])) })),
  notes: z.array(z.string()).optional().describe('Parts the register could not deliver now.'),
});

const SEARCH_COUNTRIES = ['NO', 'DK', 'FI'] as const;

/** SearchResult (search.ts). */
export const searchOutput = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  country: z.enum(SEARCH_COUNTRIES),
  companies: z.array(
    z.object({
      companyId: z.string(),
      idType: z.enum(['NO_ORGNR', 'DK_CVR', 'FI_YTUNNUS']),
      orgnr: z.string().optional(),
      name: z.string(),
      country: z.enum(SEARCH_COUNTRIES),
      status: z.string(),
      orgForm: z.string(),
    }),
  ),
  canonicalUrl: z.string(),
  source: fetchedSource,
  note,
});

/** companies.events (events.ts). */
export const eventsOutput = z.object({
  orgnr: z.string(),
  order: z.enum(['desc', 'asc']),
  events: z.array(
    z.object({
      updateId: z.number().int(),
      time: z.string(),
      type: z.string(),
      // A JSON-Patch operation as the register publishes it: `value` is any JSON the changed field holds.
      changes: z.array(z.object({ op: z.string(), path: z.string(), value: z.unknown().optional() })),
    }),
  ),
  count: z.number().int(),
  nextCursor: optStr(),
  source: fetchedSource,
  note,
});
