// OpenAPI schemas of the company routes (REST spec 2.2, 2.3 and the Company entity of 2.4), with
// every field documented. They describe what the companies tools answer; the routes validate their
// parameters with the request schemas in runtime/rest/companies.ts.
import { z } from '@hono/zod-openapi';

const Country = z.enum(['NO', 'DK', 'FI', 'SE', 'IS']);

export const CompanySearchHitSchema = z
  .object({
    companyId: z.string().openapi({ description: 'National company identifier: Norwegian organisation number, Danish CVR number or Finnish business id.', example: '923609016' }),
    idType: z.enum(['NO_ORGNR', 'DK_CVR', 'FI_YTUNNUS']).openapi({ description: 'Which identifier this is; tells which lookup applies next.' }),
    orgnr: z.string().optional().openapi({ description: 'Backward-compatible alias equal to companyId. Present only for hits with country NO.' }),
    name: z.string().openapi({ description: 'Company name.' }),
    country: z.enum(['NO', 'DK', 'FI']).openapi({ description: 'Country of the register.' }),
    status: z.string().openapi({ description: 'Register status text (NO: aktiv, konkurs, under_avvikling, under_tvangsavvikling, slettet; DK: sammensatStatus such as NORMAL; FI: registered, ceased, or the company situation).' }),
    orgForm: z.string().openapi({ description: 'Organisation form code (NO: AS, ASA, ENK, …; DK: A/S, APS, …; FI: YTJ company form code, e.g. 16 for Oy). Empty when the register has none.' }),
  })
  .openapi('CompanySearchHit');

const SearchSourceSchema = z
  .object({
    register: z.string().openapi({ description: 'Register that answered.' }),
    url: z.string().openapi({ description: 'The register resource that was read.' }),
    fetchedAt: z.string().openapi({ description: 'When this service fetched that answer (ISO 8601).' }),
  })
  .openapi('RegisterSource');

export const CompanySearchResultSchema = z
  .object({
    total: z.number().int().openapi({ description: 'Total hits in the register, not only this page.' }),
    page: z.number().int().openapi({ description: '0-indexed page number.' }),
    pageSize: z.number().int().openapi({ description: 'Page size used (after clamping to 1-50).' }),
    country: z.enum(['NO', 'DK', 'FI']).openapi({ description: 'Country searched.' }),
    companies: z.array(CompanySearchHitSchema),
    canonicalUrl: z.string().optional().openapi({ description: 'Canonical URL of this search; always points at /api/v1/companies, with the query that reproduces this page.' }),
    source: SearchSourceSchema,
    note: z.string().optional().openapi({ description: 'Explains an empty page or a result beyond the paging ceiling.' }),
  })
  .openapi('CompanySearchResult');

const FieldGroup = z.enum(['identity', 'name', 'status', 'orgForm', 'registeredDate', 'address', 'industry']);

export const CompanySchema = z
  .object({
    companyId: z.string().openapi({
      description: 'National identifier as the register writes it: NO organisation number (9 digits), DK CVR number (8 digits), FI Y-tunnus (NNNNNNN-C), SE organisationsnummer (10 digits), IS kennitala (10 digits).',
      example: '923609016',
    }),
    idType: z.enum(['NO_ORGNR', 'DK_CVR', 'FI_YTUNNUS', 'SE_ORGNR', 'IS_KENNITALA']).openapi({ description: 'Kind of identifier.' }),
    orgnr: z.string().optional().openapi({ description: 'Alias of companyId, Norwegian companies only.' }),
    country: Country.openapi({ description: 'Country of the register.' }),
    name: z.string().openapi({ description: 'Registered name (current main name).' }),
    status: z.string().openapi({ description: "The register's own status text (NO: aktiv, konkurs, under_avvikling, under_tvangsavvikling, slettet; DK: sammensatStatus; FI/SE/IS: as described by the register)." }),
    state: z.enum(['active', 'winding_up', 'bankrupt', 'ceased', 'unknown']).openapi({
      description: 'Lifecycle state, the same words for every country: active; winding_up (liquidation, forced dissolution, reorganisation); bankrupt; ceased (deleted, deregistered, dissolved); unknown.',
    }),
    orgForm: z
      .object({ code: z.string().openapi({ description: 'Organisation form code of the register.' }), description: z.string().nullable().openapi({ description: 'Its text.' }) })
      .nullable()
      .openapi({ description: 'Organisation (legal) form.' }),
    registeredDate: z.string().nullable().openapi({
      description: 'Date (YYYY-MM-DD) the register records as registration or start: NO registreringsdatoEnhetsregisteret, DK stiftelsesDato, FI registrationDate, SE organisationsdatum.registreringsdatum, IS registered.',
    }),
    address: z
      .object({
        street: z.string().nullable().openapi({ description: 'Street lines (or c/o and post box) joined with ", ".' }),
        postalCode: z.string().nullable(),
        city: z.string().nullable(),
        municipality: z.string().nullable().openapi({ description: 'Municipality name (FI: municipality code).' }),
        country: z.string().nullable().openapi({ description: 'ISO 3166-1 alpha-2 code where the register gives one, else its country text.' }),
      })
      .nullable()
      .openapi({ description: 'Business address (NO forretningsadresse, else postadresse; DK beliggenhedsadresse; FI street address, else postal; SE postal address; IS registered address).' }),
    industry: z
      .object({
        code: z.string(),
        description: z.string().nullable(),
        scheme: z.string().openapi({ description: 'Classification: SN (NACE) for NO, DB07 for DK, TOL 2008 for FI, SNI 2007 for SE, ÍSAT for IS.' }),
      })
      .nullable()
      .openapi({ description: 'Main industry code.' }),
    sources: z
      .array(
        z.object({
          register: z.string().openapi({ description: 'Register (or the agency whose data the register relays, e.g. SCB via Bolagsverket).' }),
          url: z.string().openapi({ description: 'Upstream resource read.' }),
          fetchedAt: z.string().openapi({ description: 'When this service fetched that answer (ISO 8601).' }),
          fields: z.array(FieldGroup).openapi({ description: 'Field groups this source supplied.' }),
        }),
      )
      .openapi({ description: 'Where each group of fields came from and when.' }),
    notes: z.array(z.string()).optional().openapi({ description: 'Parts the register could not deliver at the time.' }),
  })
  .openapi('Company');

export const CompanyEventsPageSchema = z
  .object({
    orgnr: z.string(),
    order: z.enum(['desc', 'asc']).openapi({ description: 'desc: newest first; asc: oldest first.' }),
    events: z.array(
      z
        .object({
          updateId: z.number().int().openapi({ description: 'Update id of the Enhetsregisteret feed (increasing).' }),
          time: z.string().openapi({ description: 'When the register published the update (ISO 8601).' }),
          type: z.string().openapi({ description: 'Ny, Endring, Sletting, Fjernet or Ukjent.' }),
          changes: z.array(z.object({ op: z.string(), path: z.string(), value: z.unknown().optional() })).openapi({ description: 'JSON-Patch operations on the entity record.' }),
        })
        .openapi('CompanyEvent'),
    ),
    count: z.number().int(),
    nextCursor: z.string().nullable().openapi({ description: 'Opaque base64url cursor of the next page (valid 24 hours); null when there is none. Do not parse it.' }),
    source: SearchSourceSchema,
    note: z.string().optional(),
  })
  .openapi('CompanyEventsPage');
