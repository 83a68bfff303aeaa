// The three rsk tools. company.lookup calls GET /v2/{nationalId}; company.search can only look up a
// kennitala, because the upstream has no search or list operation (UPSTREAMS.md A8; the OpenAPI
// document lists only /{nationalId} and /{nationalId}/overview), and says so for a name instead of
// pretending; registry.about is static facts about the register and calls nothing.
import { defineTool } from '../../runtime/define.js';
import type { ToolContext } from '../../runtime/context.js';
import { fail } from '../../runtime/errors.js';
import { isValidKennitala, kennitala, text } from '../../runtime/fields.js';
import { camelKeys, type LegalEntity } from '../_shared/skatturinn.js';
import { z } from 'zod';
import { note } from '../../runtime/output.js';
import { DAY, ENTITY_PATH, UPSTREAM, mapEntity, rskCoverage, webSearchUrl } from './common.js';
import { entityOutput } from './outputs.js';

/** The entity, or null when the register has none under this kennitala (404 or an empty answer). */
async function findEntity(ctx: ToolContext, kt: string) {
  const raw = await ctx.find<unknown>(UPSTREAM, ENTITY_PATH, { params: { nationalId: kt } });
  const entity = raw ? (camelKeys(raw) as LegalEntity) : null;
  if (!entity || (!entity.name && !entity.nationalId)) return null;
  return mapEntity(entity, kt);
}

export const companyLookup = defineTool({
  name: 'company.lookup',
  title: 'Look up an Icelandic legal entity',
  description:
    'One legal entity from Iceland\'s register of enterprises (Fyrirtækjaskrá, kept by Skatturinn) by kennitala, with its relationships (board, managers, auditors; a person\'s kennitala is left out, an entity\'s kept), VAT registrations, ISAT activity codes and articles of association. A kennitala the register does not know answers not_found. To find a kennitala from a name, see rsk.company.search.',
  input: { kennitala: kennitala() },
  output: entityOutput,
  coverage: rskCoverage(['company', 'legal-entity', 'roles']),
  cacheTtlSeconds: DAY,
  credentials: ['RSK_API_KEY'],
  route: '/legalentities/:kennitala',
  example: { kennitala: '6402151940' },
  run: async ({ kennitala: kt }, ctx) => {
    const entity = await findEntity(ctx, kt);
    if (!entity) throw fail.notFound(`Fyrirtækjaskrá has no legal entity with kennitala ${kt}`, { detailCode: 'KENNITALA_NOT_FOUND' });
    return entity;
  },
});

const NAME_SEARCH_MESSAGE =
  "Name search is not offered by Skatturinn's legal-entities API: it has no search or list operation, only look-up by kennitala. No search was run, so this answer says nothing about whether a company with this name exists. Search by name on the register's website (webSearchUrl), then look the kennitala up with rsk.company.lookup.";

export const companySearch = defineTool({
  name: 'company.search',
  title: 'Find an Icelandic legal entity (by kennitala only)',
  description:
    'Skatturinn\'s legal-entities API has no name search, and this tool does not pretend otherwise. A kennitala (10 digits, hyphen allowed, valid check digit) is looked up: mode "kennitala", results holding the entity (empty: the register has none). Any other query answers mode "name" with searched false and webSearchUrl, the register\'s own web search for that name: no results are returned for names, and that says nothing about whether the company exists. Needs RSK_API_KEY on the server (the look-up is its only search); without it the tool answers 503 not_configured.',
  input: { query: text('A kennitala (hyphen allowed) or a company name.', 2, 200) },
  // Mode "kennitala" answers count and results; mode "name" answers supported, message and webSearchUrl.
  output: z.object({
    query: z.string(),
    mode: z.enum(['kennitala', 'name']),
    searched: z.boolean(),
    count: z.number().int().optional(),
    results: z.array(entityOutput).optional(),
    supported: z.literal(false).optional(),
    message: z.string().optional(),
    webSearchUrl: z.string().optional(),
    hint: z.string().optional(),
    note,
  }),
  refine: ({ query }, issues) => {
    if (query.trim().length < 2) issues.add(`must have at least 2 characters besides spaces (got ${JSON.stringify(query)})`, ['query']);
  },
  coverage: rskCoverage(['company', 'legal-entity', 'search']),
  cacheTtlSeconds: DAY,
  route: '/legalentities',
  // Only a kennitala is looked up (with the key); a name answers no data, so it is no example.
  credentials: ['RSK_API_KEY'],
  example: { query: '640215-1940' },
  run: async ({ query }, ctx) => {
    const q = query.trim();
    const compact = q.replace(/[\s-]/g, '');
    if (isValidKennitala(compact)) {
      const entity = await findEntity(ctx, compact);
      return {
        query: q,
        mode: 'kennitala',
        searched: true,
        count: entity ? 1 : 0,
        results: entity ? [entity] : [],
        ...(!entity && { note: `Fyrirtækjaskrá has no legal entity with kennitala ${compact}.` }),
      };
    }
    return {
      query: q,
      mode: 'name',
      searched: false,
      supported: false,
      message: NAME_SEARCH_MESSAGE,
      webSearchUrl: webSearchUrl(q),
      ...(/^\d[\d\s-]*$/.test(q) && { hint: 'The query looks like a number but is not a valid kennitala (10 digits with a correct check digit).' }),
    };
  },
});

export const registryAbout = defineTool({
  name: 'registry.about',
  title: 'About the Icelandic register of enterprises',
  description:
    'What the Icelandic register behind this server is and how to use it: the register (Fyrirtækjaskrá) and its keeper (Skatturinn), coverage, the identifier (kennitala), the fields and operations of its API and their limits (look-up by kennitala only), terms, how an operator gets an API key, and whether this server has one. Calls no upstream; use it to decide whether rsk.company.lookup can answer.',
  input: {},
  output: z.object({
    register: z.string(),
    keeper: z.string(),
    country: z.string(),
    coverage: z.string(),
    identifier: z.object({ name: z.string(), format: z.string() }),
    fields: z.array(z.string()),
    api: z.object({ name: z.string(), baseUrl: z.string(), operations: z.array(z.string()), search: z.boolean(), limits: z.string(), auth: z.string() }),
    howToGetAKey: z.string(),
    terms: z.string(),
    webSearch: z.string(),
    registerPage: z.string(),
    configured: z.boolean().describe('Whether RSK_API_KEY is set here.'),
    tools: z.record(z.string(), z.string()),
    documentation: z.array(z.string()),
  }),
  coverage: rskCoverage(['company', 'metadata']),
  cacheTtlSeconds: DAY,
  route: '/about',
  example: {},
  run: async (_input, ctx) => ({
    register: 'Fyrirtækjaskrá (Icelandic register of enterprises)',
    keeper: 'Skatturinn (Iceland Revenue and Customs; RSK, formerly Ríkisskattstjóri)',
    country: 'IS',
    coverage:
      'Companies and other legal entities registered in Iceland (private and public limited companies ehf. and hf., partnerships, cooperatives, foundations, associations and public bodies): each identified by a kennitala.',
    identifier: {
      name: 'kennitala',
      format: '10 digits (often written NNNNNN-NNNN): the first six are a date, with 40 added to the day for legal entities (so 41-71); the 9th is a check digit; the 10th the century (9 = 1900s, 0 = 2000s).',
    },
    fields: [
      'name, additionalName, status, registered',
      'legalForm, deregistration (deregistered, bankruptcy, insolvency, with dates)',
      'activityCode (ISAT), vat registrations',
      'address, relationships (type, position, name)',
      'purposeOfEntity, accountingYear, articlesOfAssociation (share capital, signatures, voting rights)',
    ],
    api: {
      name: 'Company Registry - Public Api (legal entities) v2',
      baseUrl: 'https://api.skattur.cloud/legalentities/v2',
      operations: ['GET /{nationalId}: one legal entity', 'GET /{nationalId}/overview: the same as a PDF (not used here)'],
      search: false,
      limits:
        'Look-up by kennitala only: no search, list or bulk operation. Peer notes report the free developer tier at 60 calls a minute and 5,000 a month; check the portal for the current figures.',
      auth: 'Subscription key in the Ocp-Apim-Subscription-Key header.',
    },
    howToGetAKey:
      "Sign up on Skatturinn's API portal (https://api.skatturinn.is), subscribe to the legal-entities (company registry) product, accept its terms, and set the subscription key as RSK_API_KEY on this server.",
    terms:
      "Use of the API is governed by the terms accepted on Skatturinn's API portal (https://api.skatturinn.is). The register's data are public information published by Skatturinn; no open-data licence is stated for the API answers.",
    webSearch: 'https://www.skatturinn.is/fyrirtaekjaskra/leit',
    registerPage: 'https://www.skatturinn.is/fyrirtaekjaskra/leit/kennitala/{kennitala}',
    configured: ctx.env('RSK_API_KEY') !== undefined,
    tools: {
      'rsk.company.lookup': 'one entity by kennitala (needs RSK_API_KEY)',
      'rsk.company.search': 'a kennitala look-up; for a name it answers that name search is not offered and links the web search',
      'rsk.registry.about': 'this description',
    },
    documentation: ['https://api.skatturinn.is', 'https://www.skatturinn.is/fyrirtaekjaskra/'],
  }),
});
