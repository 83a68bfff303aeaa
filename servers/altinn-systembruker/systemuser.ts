// Altinn 3 system users for the systembruker.lookup tool (UPSTREAMS.md A5).
//
// Endpoints and shapes follow docs.altinn.studio (Altinn/altinn-studio-docs):
// - GET {base}/systemuser/vendor/byquery?system-id=&orgno=&external-ref= (guide
//   authorization/guides/system-vendor/system-user/byquery; scope
//   altinn:authentication/systemuser.request.write): the system user {id, integrationTitle, systemId,
//   productName, reporteeOrgNo, created, isDeleted, supplierName, supplierOrgno, externalRef, userType};
//   the parameter names system-id, orgno and external-ref are confirmed there.
// - GET {base}/systemuser/request/vendor/byexternalref/{systemid}/{orgno}/{externalref} and
//   .../request/vendor/agent/byexternalref/... (api/authentication/systemuserapi/systemuserrequest/external;
//   scope altinn:authentication/systemuser.request.read): the request {id, externalRef, systemId,
//   partyOrgNo, rights[].resource[]{id,value}, accessPackages[]{urn}, status, redirectUrl, confirmUrl,
//   created}; status New, Accepted, Rejected, Denied or Timedout. The external reference defaults to
//   the organisation number when the vendor set none (request model).
// Base: https://platform.tt02.altinn.no/authentication/api/v1 (ALTINN_ENV=tt02, the default) or
// https://platform.altinn.no/authentication/api/v1 (prod); ALTINN_BASE_URL overrides either.
// UNCONFIRMED: the casing of the access-package list in a standard request's answer (the create
// guide writes `accessPackages`, the agent examples `accesspackages`: both are read); whether
// byquery answers a deleted system user (isDeleted true, read as `revoked`) or 404; that an
// Accepted request without a system user means the user was deleted afterwards (`revoked`); the
// body of a 404 (never read: a 404 is "none").
import type { ToolContext } from '../../runtime/context.js';
import { ALTINN, ALTINN_PROD } from './upstream.js';

export type AltinnEnv = 'tt02' | 'prod';
export type SystemUserStatus = 'active' | 'pending' | 'rejected' | 'revoked' | 'expired';

export const BYQUERY_PATH = '/systemuser/vendor/byquery';
export const REQUEST_PATH = '/systemuser/request/vendor/byexternalref/{systemId}/{orgnr}/{externalRef}';
export const AGENT_REQUEST_PATH = '/systemuser/request/vendor/agent/byexternalref/{systemId}/{orgnr}/{externalRef}';
export const TOKEN_CREDENTIALS = ['MASKINPORTEN_CLIENT_ID', 'MASKINPORTEN_KEY'] as const;

export interface SystemUser {
  id: string;
  integrationTitle?: string;
  systemId?: string;
  productName?: string;
  reporteeOrgNo?: string;
  created?: string;
  isDeleted?: boolean;
  supplierName?: string;
  supplierOrgno?: string;
  externalRef?: string;
  userType?: string;
}

interface Right {
  resource?: Array<{ id?: string; value?: string }>;
  Resource?: Array<{ id?: string; value?: string }>;
}

export interface SystemUserRequest {
  id: string;
  externalRef?: string;
  systemId?: string;
  partyOrgNo?: string;
  rights?: Right[];
  accessPackages?: Array<{ urn?: string }>;
  accesspackages?: Array<{ urn?: string }>;
  status?: string;
  redirectUrl?: string;
  confirmUrl?: string;
  created?: string;
}

/** ALTINN_ENV: `prod`, or `tt02` (the default, and what any other value means). */
export function altinnEnv(ctx: ToolContext): AltinnEnv {
  return ctx.env('ALTINN_ENV')?.trim().toLowerCase() === 'prod' ? 'prod' : 'tt02';
}

export const upstreamFor = (env: AltinnEnv) => (env === 'prod' ? 'altinn-prod' : 'altinn');

export function altinnBaseUrl(ctx: ToolContext, env: AltinnEnv): string {
  return (ctx.env('ALTINN_BASE_URL') ?? (upstreamFor(env) === ALTINN_PROD.id ? ALTINN_PROD : ALTINN).baseUrl).replace(/\/+$/, '');
}

/** The status of spec 4.2 from the system user (if any) and the vendor's request (if any). */
export function statusOf(user: SystemUser | null, request: SystemUserRequest | null): SystemUserStatus | null {
  if (user) return user.isDeleted ? 'revoked' : 'active';
  if (!request) return null;
  switch ((request.status ?? '').toLowerCase()) {
    case 'accepted':
      // Accepted, yet no system user exists: it was deleted after the approval.
      return 'revoked';
    case 'rejected':
    case 'denied':
      return 'rejected';
    case 'timedout':
      return 'expired';
    default:
      // New (and any status Altinn adds later): the customer has not answered yet.
      return 'pending';
  }
}

function accessPackages(request: SystemUserRequest | null): string[] {
  const list = [...(request?.accessPackages ?? []), ...(request?.accesspackages ?? [])];
  return [...new Set(list.map((p) => p.urn).filter((u): u is string => typeof u === 'string'))];
}

function rights(request: SystemUserRequest | null): string[] {
  return (request?.rights ?? []).flatMap((r) => (r.resource ?? r.Resource ?? []).map((x) => x.value)).filter((v): v is string => typeof v === 'string');
}

export interface LookupInput {
  systemId: string;
  orgnr: string;
  externalRef?: string;
}

/** Reads the system user and its request; null when Altinn knows neither. */
export async function lookupSystemUser(ctx: ToolContext, input: LookupInput) {
  const env = altinnEnv(ctx);
  const upstream = upstreamFor(env);
  const { systemId, orgnr, externalRef } = input;
  const params = { systemId, orgnr, externalRef: externalRef ?? orgnr };
  const [user, standard] = await Promise.all([
    ctx.find<SystemUser>(upstream, BYQUERY_PATH, { query: { 'system-id': systemId, orgno: orgnr, 'external-ref': externalRef } }),
    ctx.find<SystemUserRequest>(upstream, REQUEST_PATH, { params }),
  ]);
  // Client-system (agent) requests live under their own path; ask only when it can matter.
  const request = standard ?? (user && user.userType !== 'agent' ? null : await ctx.find<SystemUserRequest>(upstream, AGENT_REQUEST_PATH, { params }));
  const status = statusOf(user, request);
  if (status === null) return null;
  return {
    status,
    systemUserId: user?.id ?? null,
    orgnr: user?.reporteeOrgNo ?? request?.partyOrgNo ?? orgnr,
    systemId: user?.systemId ?? request?.systemId ?? systemId,
    externalRef: user?.externalRef ?? request?.externalRef ?? externalRef ?? null,
    accessPackages: accessPackages(request),
    rights: rights(request),
    userType: user?.userType ?? (request && request === standard ? 'standard' : request ? 'agent' : null),
    integrationTitle: user?.integrationTitle || null,
    supplier: user ? { name: user.supplierName || null, orgnr: user.supplierOrgno ?? null } : null,
    timestamps: { systemUserCreated: user?.created ?? null, requestCreated: request?.created ?? null },
    request: request ? { id: request.id, status: request.status ?? null, confirmUrl: request.confirmUrl ?? null } : null,
    environment: env,
  };
}
