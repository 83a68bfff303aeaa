// The sanctions group of the unified tier (REST spec 1, tag `sanctions`): search and lookup over
// the EU consolidated list, and screening of one name or a batch of names. Every route runs the
// tools of the `sanksjoner` and `screening` servers through the runtime (invokeTool: validation,
// the call's deadline, the shared list index, metrics, provenance), the same code as MCP and the
// connector routes: the bounds, the index and the matcher exist once, in those servers. The
// parameters and answers in /api/openapi.json are the tools' own zod schemas, taken from the
// registry, so the documentation cannot drift from what is enforced. (Those schemas may have been
// built before @hono/zod-openapi extended zod, which copies .openapi() onto schemas only as they
// are made: each is wrapped in a new schema here, and examples of fields use zod's own .meta().)
//
// Limits: each GET counts one request, as every /api/v1 route. A screen counts one request per
// name against the key's window (README "Rate limits"): the HTTP request itself is counted by the
// key middleware (window, burst, concurrency), and the other names are charged to the window, all
// or nothing, once the first name is screened. A screen of more names than the key's whole window
// (a dev key's 60) is a 400 naming subjects and that bound, since waiting would never let it pass.
// The work of each name is bounded by the matcher (servers/screening/candidates.ts), so a screen of
// n names does at most n times that bound, and yields to other requests between names.
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { fail, toToolError } from '../errors.js';
import { readJsonObject, toolAnswer } from '../http/connectors.js';
import { problemResponse as problem } from '../http/problem.js';
import { argsFromQuery, planFields } from '../http/query.js';
import type { AppEnv } from '../http/request.js';
import { invokeTool } from '../invoke.js';
import { provenanceHeaders, recordingSummary, type Provenance, type ProvenanceSource } from '../provenance.js';
import { refusalMessage } from '../ratelimit/limiter.js';
import type { CompiledTool } from '../registry.js';
import type { Services } from '../services.js';
import { validationError } from '../validation.js';
import type { RestApp } from './index.js';
import { methodNotAllowed } from './problems.js';
import { BEARER, problemResponse as problemEntry } from './schemas.js';

/** Most names one screen takes. */
export const MAX_SUBJECTS = 100;

export const SANCTIONS_PATHS = {
  search: '/v1/sanctions/search',
  screen: '/v1/sanctions/screen',
  lookup: '/v1/sanctions/{entityId}',
} as const;

const errors = {
  401: problemEntry('No or unknown bearer key.'),
  403: problemEntry('The key lacks the api:read scope.'),
  429: problemEntry('Rate limit exceeded (type …/errors/rate-limit-exceeded, with svcRetryAfterMs and Retry-After).'),
  502: problemEntry('The EU list could not be downloaded or read (and no earlier copy is in memory).'),
  503: problemEntry('The list’s server blocks this service (upstream_blocked) or is paused after failures; no earlier copy is in memory.'),
};

const tool = (services: Services, slug: string, name: string): CompiledTool | undefined => services.registry.server(slug)?.toolsByName.get(name);

type Json = Record<string, unknown>;

/** One provenance for a batch of answers: every register asked, the oldest fetch, cached only if all were. */
export function mergeProvenance(all: readonly Provenance[]): Provenance {
  const sources = new Map<string, ProvenanceSource>();
  for (const p of all) {
    for (const s of p.sources) {
      const seen = sources.get(s.url);
      sources.set(s.url, seen ? { ...(s.fetchedAt < seen.fetchedAt ? s : seen), cached: seen.cached && s.cached } : s);
    }
  }
  const fetched = all.map((p) => p.fetchedAt).filter((f): f is string => f !== null).sort();
  const more = Math.max(0, ...all.map((p) => p.moreSources ?? 0));
  const recording = recordingSummary([...sources.values()]);
  return {
    license: all[0]?.license ?? '',
    fetchedAt: fetched[0] ?? null,
    cached: all.length > 0 && all.every((p) => p.cached),
    sources: [...sources.values()],
    ...(more > 0 && { moreSources: more }),
    ...(recording && { recording }),
  };
}

/** The same schema with an example, its description kept (zod's own metadata, which the generator reads). */
const withExample = <T extends z.ZodType>(schema: T, example: unknown): T => schema.meta({ ...schema.meta(), example }) as T;

/** A tool's input fields, those of its example with the example's value. */
const withExamples = (shape: z.ZodRawShape, example: Json): z.ZodRawShape =>
  Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, name in example ? withExample(field as z.ZodType, example[name]) : field]));

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function registerSanctionsRoutes(app: RestApp, services: Services): void {
  const base = services.config.publicBaseUrl;
  const search = tool(services, 'sanksjoner', 'sanctions.eu.search');
  const lookup = tool(services, 'sanksjoner', 'sanctions.eu.lookup');
  const screen = tool(services, 'screening', 'screening.screen');

  const fromError = (c: Context<AppEnv>, err: unknown) => {
    const e = toToolError(err);
    const log = c.get('log');
    log.route = 'rest';
    log.outcome = e.code;
    return problem(e, base, c.get('reqId'));
  };

  if (search) registerSearch(app, services, search, fromError);
  // Before the lookup: /sanctions/screen is no entityId, and a GET of it is a 405 naming POST.
  if (screen) registerScreen(app, services, screen, fromError);
  if (lookup) registerLookup(app, services, lookup, fromError);
}

type OnError = (c: Context<AppEnv>, err: unknown) => Response;

function registerSearch(app: RestApp, services: Services, search: CompiledTool, fromError: OnError): void {
  const input = search.def.input as z.ZodRawShape;
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: SANCTIONS_PATHS.search,
    operationId: 'searchSanctions',
    tags: ['sanctions'],
    summary: 'Search the EU consolidated sanctions list',
    description: `${search.description}\n\nThe answer of the MCP tool \`${search.name}\` (at /mcp/${search.server.slug}), with the same bounds: at least one of q, type and regime; q 2 to 200 characters; limit 1 to 100 (default 50); cursor the nextCursor of the previous page with the same q, type and regime, valid 24 hours from its creation (a cursor of another search, made before the list was refreshed, or older than 24 hours is a 400 of type {base_url}/errors/invalid-cursor). Query parameters the route does not name are ignored. Provenance in the X-Data-* headers.`,
    security: BEARER,
    request: {
      query: z.object(withExamples(input, search.def.example as Json)),
    },
    responses: {
      200: {
        description: 'One page of entities, best match first, with facets by type and regime and the list’s freshness.',
        content: { 'application/json': { schema: z.object((search.def.output as z.ZodObject).shape).openapi('SanctionsSearchResult'), example: SEARCH_EXAMPLE } },
      },
      400: problemEntry('A parameter out of its bounds, none of q, type and regime, or an invalid cursor (type …/errors/invalid-cursor); the Problem names the field and the bound.'),
      ...errors,
    },
  });
  const plan = planFields(search.shape);
  const names = new Set(Object.keys(search.shape));
  app.get(SANCTIONS_PATHS.search, async (c: Context<AppEnv>) => {
    try {
      const query = Object.fromEntries(Object.entries(c.req.queries()).filter(([name]) => names.has(name)));
      return await toolAnswer(c, services, search, argsFromQuery(plan, query, {}), 'rest');
    } catch (err) {
      return fromError(c, err);
    }
  });
}

function registerLookup(app: RestApp, services: Services, lookup: CompiledTool, fromError: OnError): void {
  const input = lookup.def.input as z.ZodRawShape;
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: SANCTIONS_PATHS.lookup,
    operationId: 'getSanctionedEntity',
    tags: ['sanctions'],
    summary: 'One entity of the EU sanctions list, in full',
    description: `${lookup.description}\n\nThe answer of the MCP tool \`${lookup.name}\`. entityId is the entityId of a search or screening answer (digits) or an EU reference number such as EU.27.28. Provenance in the X-Data-* headers.`,
    security: BEARER,
    request: {
      params: z.object({ entityId: withExample(input.entityId as z.ZodString, String((lookup.def.example as Json).entityId)) }),
    },
    responses: {
      200: { description: 'The entity’s full record and the list’s freshness.', content: { 'application/json': { schema: z.object((lookup.def.output as z.ZodObject).shape).openapi('SanctionedEntity'), example: LOOKUP_EXAMPLE } } },
      400: problemEntry('entityId is neither digits nor an EU reference number.'),
      404: problemEntry('The list holds no such entity (it may have been delisted).'),
      ...errors,
    },
  });
  app.get('/v1/sanctions/:entityId', async (c: Context<AppEnv>) => {
    try {
      return await toolAnswer(c, services, lookup, { entityId: c.req.param('entityId') ?? '' }, 'rest');
    } catch (err) {
      return fromError(c, err);
    }
  });
}

function registerScreen(app: RestApp, services: Services, screen: CompiledTool, fromError: OnError): void {
  const base = services.config.publicBaseUrl;
  const Subject = z.strictObject(screen.def.input as z.ZodRawShape).openapi('ScreeningSubject', {
    description: `A person or organisation to screen: the arguments of the MCP tool \`${screen.name}\`, with the same names and bounds.`,
    example: screen.def.example as Json,
  });
  const Batch = z
    .strictObject({ subjects: z.array(Subject).min(1).max(MAX_SUBJECTS).openapi({ description: `1 to ${MAX_SUBJECTS} subjects, answered in the same order.` }) })
    .openapi('ScreeningBatch');
  const toolOutput = screen.def.output as z.ZodObject;
  const Result = z
    .object(toolOutput.shape)
    .omit({ notice: true, list: true })
    .extend({
      index: z.number().int().openapi({ description: 'Position of the subject in the request (0 for a single subject).' }),
      list: z.optional(toolOutput.shape.list).openapi({ description: 'Only when this subject was screened on another version of the list than the one in `list` at the top (a refresh replaced the list during the batch).' }),
    })
    .openapi('ScreeningResult');
  const Answer = z
    .object({
      count: z.number().int().openapi({ description: 'Subjects screened.' }),
      potentialMatches: z.number().int().openapi({ description: 'Subjects whose decision is potential_match.' }),
      results: z.array(Result).openapi({ description: 'One per subject, in request order: the answer of screening.screen for it, without the notice and the list’s freshness, which are said once below.' }),
      notice: z.string(),
      list: toolOutput.shape.list,
    })
    .openapi('ScreeningAnswer');

  app.openAPIRegistry.registerPath({
    method: 'post',
    path: SANCTIONS_PATHS.screen,
    operationId: 'screenSanctions',
    tags: ['sanctions'],
    summary: `Screen one name or up to ${MAX_SUBJECTS} names against the EU sanctions list`,
    description: `Runs the MCP tool \`${screen.name}\` (at /mcp/${screen.server.slug}) for each subject: the body is one subject, or {"subjects": [...]} with 1 to ${MAX_SUBJECTS}. Each result has the candidates scored 0 to 1 at or above its threshold (default 0.85), each with the entry it matched (entityId, name, programmes) and the listed name or alias that matched (matchedName), the fields that matched and why. Every subject is validated before any is screened: a bad one is a 400 naming it by its position (subjects.3.birthDate).\n\nRate limits: each name counts as one request against the key's window (so a 100-name screen spends 100 of a Pro key's 1000 per minute), the HTTP request once against the burst and concurrency caps. When the window has fewer left than the batch needs, nothing more is spent and the answer is a 429 with Retry-After; a batch larger than the key's whole window (Dev: 60) is a 400 naming subjects. Provenance in the X-Data-* headers.`,
    security: BEARER,
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: z.union([Subject, Batch]),
            examples: {
              one: { summary: 'One person', value: screen.def.example as Json },
              batch: {
                summary: 'A batch',
                value: { subjects: [screen.def.example, { name: 'Sberbank of Russia', type: 'organisation' }, { name: 'Kari Nordmann', birthDate: '1980-05-17', country: 'NO' }] },
              },
            },
          },
        },
      },
    },
    responses: {
      200: { description: 'One result per subject, in request order.', content: { 'application/json': { schema: Answer, example: SCREEN_EXAMPLE } } },
      400: problemEntry(
        `The body is not JSON, has more than ${MAX_SUBJECTS} or no subjects, more than the key's window, or a subject out of bounds (empty name, bad date, unknown field): the Problem names the field with the subject's position (subjects.3.birthDate) and the bound.`,
      ),
      413: problemEntry('The body is larger than MAX_BODY_BYTES.'),
      ...errors,
    },
  });

  const BatchCheck = z.strictObject({ subjects: z.array(screen.schema) });

  /** The subjects of the body, each valid for screening.screen, or a 400 naming the first faults. */
  const subjectsOf = (body: Json): unknown[] => {
    if (!('subjects' in body)) {
      const one = screen.schema.safeParse(body);
      if (!one.success) throw validationError(one.error);
      return [body];
    }
    const list = body.subjects;
    if (Array.isArray(list) && (list.length < 1 || list.length > MAX_SUBJECTS)) {
      throw fail.invalidInput(`subjects: must hold 1 to ${MAX_SUBJECTS} subjects (got ${list.length})`, { extra: { fields: ['subjects'], maxSubjects: MAX_SUBJECTS } });
    }
    const checked = BatchCheck.safeParse(body);
    if (!checked.success) throw validationError(checked.error);
    return list as unknown[];
  };

  app.post(SANCTIONS_PATHS.screen, async (c: Context<AppEnv>) => {
    const log = c.get('log');
    log.route = 'rest';
    log.slug = screen.server.slug;
    log.tool = screen.name;
    const reqId = c.get('reqId');
    try {
      const subjects = subjectsOf(await readJsonObject(c, services.config.maxBodyBytes));
      const key = c.get('key');
      const limits = key ? services.limiter.limitsFor(key.tier) : null;
      if (limits && subjects.length > limits.limit) {
        throw fail.invalidInput(
          `subjects: a ${key!.tier} key screens at most ${limits.limit} names per ${limits.windowMs / 1000} s (each name counts as a request); send at most ${limits.limit} subjects per request (got ${subjects.length})`,
          { detailCode: 'batch_over_window', extra: { fields: ['subjects'], maxSubjects: limits.limit } },
        );
      }
      const answers: Json[] = [];
      const provenances: Provenance[] = [];
      for (let i = 0; i < subjects.length; i += 1) {
        if (i === 1 && key) {
          // The first name was this HTTP request's own; the others are charged now, all or nothing.
          const charge = await services.limiter.chargeKey(key.id, key.tier, subjects.length - 1);
          Object.assign(c.get('rateLimitHeaders') ?? {}, charge.headers);
          if (!charge.allowed) {
            const left = Number(charge.headers['X-RateLimit-Remaining']) + 1;
            throw fail.rateLimited(
              `${refusalMessage(charge)}: the ${subjects.length} names of this screen count as ${subjects.length} requests, and the key's window had ${left} left; nothing past the first name was screened or counted. Send fewer subjects, or wait`,
              charge.retryAfterMs ?? 1000,
            );
          }
        }
        // A long batch lets other requests run between its names.
        if (i > 0) await yieldToEventLoop();
        const outcome = await invokeTool(screen, subjects[i], services.invokeDeps, c.get('stats'), reqId);
        if (!outcome.ok) {
          log.outcome = outcome.error.code;
          return problem(outcome.error, base, reqId);
        }
        answers.push(outcome.data as Json);
        provenances.push(outcome.provenance);
      }
      log.outcome = 'ok';
      const list = answers[answers.length - 1].list as { version?: string };
      const results = answers.map((a, index) => {
        const { notice: _notice, list: own, ...rest } = a;
        return { index, ...rest, ...((own as { version?: string }).version !== list.version && { list: own }) };
      });
      const body = {
        count: results.length,
        potentialMatches: answers.filter((a) => a.decision === 'potential_match').length,
        results,
        notice: answers[0].notice,
        list,
      };
      return c.body(JSON.stringify(body), 200, { 'content-type': 'application/json', ...provenanceHeaders(mergeProvenance(provenances)) });
    } catch (err) {
      return fromError(c, err);
    }
  });
  // Here, before GET /sanctions/{entityId} would take "screen" for an entityId.
  app.all(SANCTIONS_PATHS.screen, methodNotAllowed(services, ['POST']));
}

// ---- response examples: answers on the recorded list (tests/recordings/eu-fsf), aliases shortened --
// tests/rest-sanctions.test.ts checks each against its schema.

const LIST_EXAMPLE = {
  source: { register: 'EU Financial Sanctions Files (consolidated list)', url: 'https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content' },
  generationDate: '2026-11-21T16:47:12.418+01:00',
  globalFileId: '186731',
  version: 'j4HVCVCbs4',
  entityCount: 45,
  loadedAt: '2026-11-22T12:00:00.000Z',
  ageSeconds: 0,
  refreshAfterSeconds: 21600,
  stale: false,
  refreshing: false,
  lastRefreshError: null,
  nextRefreshAttemptAt: null,
};

const PUTIN = {
  entityId: '135909',
  euReferenceNumber: null,
  unitedNationId: null,
  type: 'person',
  name: 'Vladimir Vladimirovich PUTIN',
  programmes: ['UKR'],
  designationDate: '2022-02-25',
  birthDates: ['1952-10-07'],
  birthYears: [1952],
  citizenships: ['RU'],
  identifiers: [],
  aliasCount: 5,
};

export const SEARCH_EXAMPLE = {
  query: { q: 'Putin', type: null, regime: null },
  total: 1,
  offset: 0,
  count: 1,
  limit: 50,
  nextCursor: null,
  entities: [{ ...PUTIN, match: { kind: 'all_words', name: 'Vladimir Vladimirovich PUTIN' } }],
  facets: { types: { person: 1 }, regimes: { UKR: 1 } },
  list: LIST_EXAMPLE,
};

const alias = (wholeName: string, nameLanguage: string | null, fn: string | null = null) => ({
  wholeName,
  firstName: null,
  middleName: null,
  lastName: null,
  nameLanguage,
  strong: true,
  function: fn,
  gender: 'M',
  title: null,
  remark: null,
});

export const LOOKUP_EXAMPLE = {
  ...PUTIN,
  subjectType: { code: 'person', classificationCode: 'P' },
  delistingDate: null,
  designationDetails: null,
  remarks: [],
  regulations: [
    {
      regulationType: 'amendment',
      organisationType: 'council',
      publicationDate: '2022-02-25',
      entryIntoForceDate: '2022-02-25',
      numberTitle: '2022/332 (OJ L53)',
      programme: 'UKR',
      publicationUrl: 'https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32022R0332',
    },
  ],
  names: [alias('Vladimir Vladimirovich PUTIN', null, 'President of the Russian Federation'), alias('Wladimir Wladimirowitsch PUTIN', 'DE'), alias('Владимир Владимирович ПУТИН', 'BG')],
  birthdates: [
    {
      birthdate: '1952-10-07',
      dayOfMonth: 7,
      monthOfYear: 10,
      year: 1952,
      yearRangeFrom: null,
      yearRangeTo: null,
      circa: false,
      city: 'Leningrad (now Saint-Petersburg)',
      place: null,
      region: null,
      countryIso2Code: 'RU',
      countryDescription: 'RUSSIAN FEDERATION',
      remark: 'Leningrad (now Saint-Petersburg), ex USSR (now Russian Federation)',
    },
  ],
  citizenshipDetails: [{ countryIso2Code: 'RU', countryDescription: 'RUSSIAN FEDERATION', region: null, remark: null }],
  identifications: [],
  addresses: [],
  additionalInformation: [],
  list: LIST_EXAMPLE,
};

export const SCREEN_EXAMPLE = {
  count: 2,
  potentialMatches: 1,
  results: [
    {
      index: 0,
      query: { name: 'Vladimir Putin', type: null, birthDate: null, birthYear: 1952, country: null },
      threshold: 0.85,
      decision: 'potential_match',
      candidateCount: 1,
      namesCompared: 1,
      candidates: [
        {
          entityId: '135909',
          euReferenceNumber: null,
          type: 'person',
          name: 'Vladimir Vladimirovich PUTIN',
          score: 0.96,
          nameScore: 0.93,
          matchedName: 'Vladimir Vladimirovich PUTIN',
          matchedNameLanguage: null,
          matchedFields: ['name', 'birthYear'],
          reasons: ['name: "Vladimir Vladimirovich PUTIN" scores 0.93', '"vladimir" ~ "vladimir": same spelling (1.00)', '"putin" ~ "putin": same spelling (1.00)', 'birth year 1952 matches'],
          programmes: ['UKR'],
          birthDates: ['1952-10-07'],
          countries: ['RU'],
        },
      ],
    },
    {
      index: 1,
      query: { name: 'Kari Nordmann', type: null, birthDate: '1980-05-17', birthYear: null, country: 'NO' },
      threshold: 0.85,
      decision: 'no_match',
      candidateCount: 0,
      namesCompared: 0,
      candidates: [],
    },
  ],
  notice:
    'A candidate is a possible match for a person to review against the full record (sanctions.eu.lookup), not a legal determination. Only the EU consolidated list is screened; UN, UK and US lists are not (sanctions.lister.list).',
  list: LIST_EXAMPLE,
};
