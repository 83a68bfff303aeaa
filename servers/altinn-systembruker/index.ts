// altinn-systembruker: Altinn 3 system users (Digitaliseringsdirektoratet), tool-server spec 4.2
// "system-user": lookup, ii_cutoff, systemuser_health.
//
// - lookup reads the vendor APIs of Altinn 3 authentication (UPSTREAMS.md A5) with a Maskinporten
//   token (scopes altinn:authentication/systemuser.request.read and .request.write); endpoints,
//   shapes and what is UNCONFIRMED: see systemuser.ts. Without MASKINPORTEN_CLIENT_ID and
//   MASKINPORTEN_KEY it answers a structured not_configured status with success (spec 4.2).
// - ii_cutoff: Altinn II closes on 19 June 2026 (Digdir, samarbeid.digdir.no "Altinn II stenger
//   19. juni 2026"); spec 4.2 fixes the cutoff 2026-06-19T00:00:00Z. Computed from ctx.now().
// - systemuser_health: configuration and environment only; it makes no upstream call.
import { z } from 'zod';
import type { ToolContext } from '../../runtime/context.js';
import { defineServer, defineTool, type Coverage } from '../../runtime/define.js';
import { KEY } from '../_shared/icons/index.js';
import { fail } from '../../runtime/errors.js';
import { orgnr } from '../../runtime/fields.js';
import { optStr, sourceRef } from '../../runtime/output.js';
import { MASKINPORTEN_ISSUERS } from '../../runtime/upstream/tokens.js';
import { AGENT_REQUEST_PATH, BYQUERY_PATH, REQUEST_PATH, TOKEN_CREDENTIALS, altinnBaseUrl, altinnEnv, lookupSystemUser, upstreamFor } from './systemuser.js';
import { MASKINPORTEN } from '../../runtime/upstream/catalogue.js';
import { ALTINN, ALTINN_PROD } from './upstream.js';
import { quoted } from '../../runtime/validation.js';

export const CUTOFF_ISO = '2026-06-19T00:00:00Z';
const CUTOFF_MS = Date.parse(CUTOFF_ISO);
const DAY_MS = 86_400_000;
const SCOPES = ['altinn:authentication/systemuser.request.read', 'altinn:authentication/systemuser.request.write'];
const coverage: Coverage = { geography: ['NO'], dataTypes: ['system-users', 'authorization'], updateFrequency: 'realtime' };
const DOCS = 'https://docs.altinn.studio/authorization/guides/system-vendor/system-user/';

/** Days left until the Altinn II cutoff (whole days, rounded up; 0 once passed). */
function cutoff(now: Date) {
  const left = CUTOFF_MS - now.getTime();
  const passed = left <= 0;
  return {
    cutoffIso: CUTOFF_ISO,
    daysRemaining: passed ? 0 : Math.ceil(left / DAY_MS),
    passed,
    daysSinceCutoff: passed ? Math.floor(-left / DAY_MS) : 0,
  };
}

const altinnEnvOutput = z.enum(['tt02', 'prod']);

// lookupSystemUser (systemuser.ts), or the not_configured status of whenNotConfigured: one object,
// the fields of the other answer absent.
const lookupOutput = z.object({
  systemUserId: optStr(),
  orgnr: z.string(),
  systemId: z.string(),
  status: z.enum(['active', 'pending', 'rejected', 'revoked', 'expired', 'not_configured']),
  externalRef: optStr(),
  accessPackages: z.array(z.string()),
  rights: z.array(z.string()).optional(),
  userType: optStr().optional(),
  integrationTitle: optStr().optional(),
  supplier: z.object({ name: optStr(), orgnr: optStr() }).nullable().optional(),
  timestamps: z.object({ systemUserCreated: optStr(), requestCreated: optStr() }).optional(),
  request: z.object({ id: z.string(), status: optStr(), confirmUrl: optStr() }).nullable().optional(),
  environment: altinnEnvOutput,
  configured: z.literal(false).optional(),
  missing: z.array(z.string()).optional(),
  message: z.string().optional(),
  docsUrl: z.string().optional(),
});

function missingToken(ctx: ToolContext): string[] {
  return TOKEN_CREDENTIALS.filter((name) => ctx.env(name) === undefined);
}

const lookup = defineTool({
  name: 'lookup',
  title: 'Look up an Altinn system user',
  description:
    'Finds the Altinn 3 system user that an end-user system (systemId, e.g. 991825827_smartcloud) has for an organisation, optionally narrowed by the vendor\'s externalRef, with its access packages, rights and the vendor request (confirmUrl). status pending: the organisation has not approved the request yet; expired: the request timed out. Neither a system user nor a request answers not_found. Uses ALTINN_ENV (tt02 by default, or prod).',
  input: {
    systemId: z
      .string()
      .regex(/^[A-Za-z0-9._-]{3,128}$/, { error: (iss) => `must be 3-128 characters of letters, digits, ".", "_" or "-" (got ${quoted(iss.input)})` })
      .describe('System id in the Altinn system register: {vendor orgnr}_{name}.'),
    orgnr: orgnr('Organisation number of the business that owns (or is asked to approve) the system user.'),
    externalRef: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,128}$/, { error: (iss) => `must be 1-128 characters of letters, digits, ".", "_", ":" or "-" (got ${quoted(iss.input)})` })
      .optional()
      .describe('External reference the vendor gave the system-user request. Default: the organisation number (as in Altinn).'),
  },
  output: lookupOutput,
  credentials: TOKEN_CREDENTIALS,
  whenNotConfigured: (input, ctx) => ({
    status: 'not_configured' as const,
    configured: false,
    systemUserId: null,
    orgnr: input.orgnr,
    systemId: input.systemId,
    externalRef: input.externalRef ?? null,
    accessPackages: [],
    missing: missingToken(ctx),
    environment: altinnEnv(ctx),
    message: `Looking up Altinn system users needs a Maskinporten client with the scopes ${SCOPES.join(' and ')}: set ${missingToken(ctx).join(' and ')} (and MASKINPORTEN_KID, MASKINPORTEN_ENV) on the server.`,
    docsUrl: DOCS,
  }),
  coverage,
  cacheTtlSeconds: 60,
  route: '/lookup',
  example: { systemId: '991825827_smartcloud', orgnr: '314248295', externalRef: '0.abc123xyz' },
  run: async (input, ctx) => {
    const found = await lookupSystemUser(ctx, input);
    if (!found) {
      const ref = input.externalRef ? `, external reference ${input.externalRef}` : '';
      throw fail.notFound(`Altinn (${altinnEnv(ctx)}) has neither a system user nor a system-user request for system ${input.systemId} and organisation ${input.orgnr}${ref}`);
    }
    const { status, systemUserId, orgnr, systemId, externalRef, accessPackages, ...rest } = found;
    return { systemUserId, orgnr, systemId, status, externalRef, accessPackages, ...rest };
  },
});

const iiCutoff = defineTool({
  name: 'ii_cutoff',
  title: 'Altinn II cutoff date',
  description:
    'The date Altinn II closes and end-user systems must use Altinn 3 system users instead (19 June 2026), with the whole days remaining (rounded up; 0 once passed) or since, from the current date. Use it to tell whether an integration can still rely on Altinn II roles and passwords. Needs no credentials and calls no upstream.',
  input: {},
  output: z.object({
    cutoffIso: z.string(),
    daysRemaining: z.number().int(),
    passed: z.boolean(),
    daysSinceCutoff: z.number().int(),
    now: z.string(),
    meaning: z.string(),
    source: sourceRef,
  }),
  coverage: { geography: ['NO'], dataTypes: ['deadline'], updateFrequency: 'static' },
  cacheTtlSeconds: 0,
  route: '/ii-cutoff',
  example: {},
  run: async (_input, ctx) => {
    const now = ctx.now();
    return {
      ...cutoff(now),
      now: now.toISOString(),
      meaning: 'Altinn II stops serving integrations; system access through Altinn 3 system users (Maskinporten system-user tokens) replaces it.',
      source: { register: 'Digitaliseringsdirektoratet (samarbeid.digdir.no)', url: 'https://samarbeid.digdir.no/altinn/altinn-ii-stenger-19-juni-2026-tjenester-ma-avvikles-senest-31-mai/3317' },
    };
  },
});

const health = defineTool({
  name: 'systemuser_health',
  title: 'Altinn system-user connector health',
  description:
    'The state of this service\'s Altinn system-user connector: whether a Maskinporten token is configured (token.mode live: lookups call Altinn; stub: they answer the not_configured status) and which credentials are missing (names only), the Altinn (ALTINN_ENV) and Maskinporten environments, the endpoints it calls with their scopes, the upstream\'s circuit breaker, and warnings such as a tt02/prod mismatch. Makes no upstream call.',
  input: {},
  output: z.object({
    status: z.enum(['ok', 'degraded']),
    token: z.object({
      configured: z.boolean(),
      mode: z.enum(['live', 'stub']),
      missing: z.array(z.string()),
      maskinportenEnvironment: z.enum(['test', 'prod']).nullable(),
      scopes: z.array(z.string()),
    }),
    environment: altinnEnvOutput,
    iiCutoff: z.object({ cutoffIso: z.string(), daysRemaining: z.number().int(), passed: z.boolean() }),
    daysRemaining: z.number().int(),
    endpoints: z.object({ systemUser: z.string(), request: z.string(), agentRequest: z.string(), token: z.string() }),
    upstream: z.object({
      id: z.string(),
      breaker: z.object({ state: z.enum(['closed', 'open', 'half_open']), consecutiveFailures: z.number().int(), openedAt: optStr(), retryAfterMs: z.number() }).nullable(),
      mode: z.enum(['live', 'replay', 'record']),
    }),
    warnings: z.array(z.string()),
    docsUrl: z.string(),
  }),
  coverage: { geography: ['NO'], dataTypes: ['configuration', 'health'], updateFrequency: 'realtime' },
  cacheTtlSeconds: 0,
  route: '/health',
  example: {},
  run: async (_input, ctx) => {
    const env = altinnEnv(ctx);
    const rawEnv = ctx.env('ALTINN_ENV');
    const missing = missingToken(ctx);
    const mpRaw = (ctx.env('MASKINPORTEN_ENV') ?? 'prod').trim().toLowerCase();
    const mpEnv = mpRaw === 'test' || mpRaw === 'prod' ? mpRaw : null;
    const base = altinnBaseUrl(ctx, env);
    const warnings: string[] = [];
    if (rawEnv !== undefined && !['tt02', 'prod'].includes(rawEnv.trim().toLowerCase())) warnings.push(`ALTINN_ENV=${JSON.stringify(rawEnv)} is neither tt02 nor prod; tt02 is used.`);
    if (mpEnv === null) warnings.push('MASKINPORTEN_ENV must be prod or test; token requests fail until it is.');
    if (mpEnv && (env === 'tt02') !== (mpEnv === 'test')) {
      warnings.push(`Altinn ${env} accepts tokens from ${env === 'tt02' ? 'test' : 'production'} Maskinporten; MASKINPORTEN_ENV is ${mpEnv}.`);
    }
    const mpHost = (ctx.env('MASKINPORTEN_BASE_URL') ?? (mpEnv ? MASKINPORTEN_ISSUERS[mpEnv] : MASKINPORTEN_ISSUERS.prod)).replace(/\/+$/, '');
    const { cutoffIso, daysRemaining, passed } = cutoff(ctx.now());
    return {
      status: missing.length === 0 && warnings.length === 0 ? 'ok' : 'degraded',
      token: { configured: missing.length === 0, mode: missing.length === 0 ? 'live' : 'stub', missing, maskinportenEnvironment: mpEnv, scopes: SCOPES },
      environment: env,
      iiCutoff: { cutoffIso, daysRemaining, passed },
      daysRemaining,
      endpoints: {
        systemUser: `${base}${BYQUERY_PATH}`,
        request: `${base}${REQUEST_PATH}`,
        agentRequest: `${base}${AGENT_REQUEST_PATH}`,
        token: `${mpHost}/token`,
      },
      upstream: { id: upstreamFor(env), breaker: ctx.platform.health()[upstreamFor(env)] ?? null, mode: ctx.platform.config().upstreamMode },
      warnings,
      docsUrl: DOCS,
    };
  },
});

export const server = defineServer({
  slug: 'altinn-systembruker',
  prefix: 'systembruker',
  name: 'Altinn system users',
  owner: 'Digitaliseringsdirektoratet (Altinn)',
  description:
    'Altinn 3 system users: whether an end-user system has an approved system user (or a pending, rejected or expired request) for an organisation, with its access packages; the Altinn II cutoff of 19 June 2026; and the health of this connector (token, tt02 or prod).',
  license: 'Altinn API terms of use (access through a Maskinporten client registered with Digdir)',
  tier: 'free',
  upstreams: [ALTINN, ALTINN_PROD, MASKINPORTEN],
  countries: ['NO'],
  docs: [
    { label: 'System user guide (Altinn)', url: DOCS },
    { label: 'Query for a system user', url: 'https://docs.altinn.studio/authorization/guides/system-vendor/system-user/byquery/' },
    { label: 'System user request API', url: 'https://docs.altinn.studio/api/authentication/systemuserapi/systemuserrequest/' },
  ],
  icon: KEY,
  tools: [lookup, iiCutoff, health],
});
