// Connector routes: each tool's HTTP twin under a prefix (/api/connectors/<slug> for clients,
// /v1/connectors/<sourceKey> for the data proxy's backend). Same validation, same result as MCP.
import { Hono, type Context } from 'hono';
import type { RouteContext, ServerRoute } from '../define.js';
import { ToolError, fail, toToolError } from '../errors.js';
import { invokeTool } from '../invoke.js';
import type { CompiledServer, CompiledTool } from '../registry.js';
import type { Services } from '../services.js';
import { readBodyText } from './body.js';
import { problemResponse } from './problem.js';
import { provenanceHeaders } from '../provenance.js';
import { argsFromQuery, planFields } from './query.js';
import type { AppEnv } from './request.js';

/** A JSON object request body, read with the cap: 413 past it, 400 when it is not JSON or not an object. */
export async function readJsonObject(c: Context<AppEnv>, maxBytes: number): Promise<Record<string, unknown>> {
  // Read with the cap (a chunked body without Content-Length stops being kept at the cap, not at its end).
  const read = await readBodyText(c, maxBytes);
  if (read.tooLarge) throw new ToolError('payload_too_large', `the request body is larger than ${maxBytes} bytes`);
  const text = read.text;
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    throw fail.invalidInput('the request body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw fail.invalidInput('the request body must be a JSON object');
  return body as Record<string, unknown>;
}

/**
 * Runs a tool as the answer of an HTTP route (connector routes and the /api/v1 routes that are a
 * tool's twin): its JSON on success, its error as a Problem, and the log fields of the request.
 */
export async function toolAnswer(c: Context<AppEnv>, services: Services, tool: CompiledTool, args: unknown, route: string): Promise<Response> {
  const log = c.get('log');
  log.route = route;
  log.slug = tool.server.slug;
  log.tool = tool.name;
  const reqId = c.get('reqId');
  const outcome = await invokeTool(tool, args, services.invokeDeps, c.get('stats'), reqId);
  log.outcome = outcome.ok ? 'ok' : outcome.error.code;
  if (!outcome.ok) return problemResponse(outcome.error, services.config.publicBaseUrl, reqId);
  // Where the data came from, in headers: the body stays the tool's answer (README "Structured results and provenance").
  return c.body(outcome.json, 200, { 'content-type': 'application/json', ...provenanceHeaders(outcome.provenance) });
}

export function toolHandler(services: Services, tool: CompiledTool) {
  const plan = planFields(tool.shape);
  return async (c: Context<AppEnv>): Promise<Response> => {
    try {
      const pathParams: Record<string, string> = {};
      for (const p of tool.routeParams) pathParams[p] = c.req.param(p) ?? '';
      const args =
        c.req.method === 'POST'
          ? { ...(await readJsonObject(c, services.config.maxBodyBytes)), ...pathParams }
          : argsFromQuery(plan, c.req.queries(), pathParams);
      return await toolAnswer(c, services, tool, args, 'connector');
    } catch (err) {
      const e = toToolError(err);
      c.get('log').outcome = e.code;
      return problemResponse(e, services.config.publicBaseUrl, c.get('reqId'));
    }
  };
}

/**
 * Orders routes so that at the first segment where two differ, a fixed segment comes before a
 * parameter: Hono tries routes in registration order, and `/konkurs/:orgnr` must not swallow
 * `/konkurs/monthly`.
 */
export function byRouteSpecificity(a: string, b: string): number {
  const sa = a.split('/');
  const sb = b.split('/');
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const pa = sa[i].startsWith(':');
    const pb = sb[i].startsWith(':');
    if (pa !== pb) return pa ? 1 : -1;
    if (sa[i] !== sb[i] && !pa) return sa[i] < sb[i] ? -1 : 1;
  }
  return sb.length - sa.length;
}

const FIXED_ROUTE = /^(?:\/[a-z0-9][a-z0-9._-]*)+$/;

/** A server's extra read-only route (ServerDefinition.routes): GET only, its answer as JSON. */
export function serverRouteHandler(services: Services, server: CompiledServer, route: ServerRoute) {
  if (!FIXED_ROUTE.test(route.path)) throw new Error(`${server.slug}: extra route ${route.path} is not a fixed path such as /health`);
  const clash = server.tools.find((t) => t.def.route === route.path);
  if (clash) throw new Error(`${server.slug}: extra route ${route.path} is also the route of ${clash.name}`);
  const ctx: RouteContext = {
    endpoints: server.tools.map((t) => `/api/connectors/${server.slug}${t.def.route}`),
    env: services.invokeDeps.env,
    publicBaseUrl: services.config.publicBaseUrl,
    now: services.invokeDeps.now ?? (() => new Date()),
  };
  return (c: Context<AppEnv>): Response => {
    const log = c.get('log');
    log.route = 'connector';
    log.slug = server.slug;
    try {
      const json = JSON.stringify(route.answer(ctx)) ?? 'null';
      log.outcome = 'ok';
      return c.body(json, 200, { 'content-type': 'application/json' });
    } catch (err) {
      const e = toToolError(err);
      if (e.code === 'internal') services.logger.error({ err, reqId: c.get('reqId'), route: route.path, slug: server.slug }, 'connector route failed unexpectedly');
      log.outcome = e.code;
      return problemResponse(e, services.config.publicBaseUrl, c.get('reqId'));
    }
  };
}

/** Routes of every tool, keyed by server: `/<key>/<route>` where key is the slug or the source key. */
export function connectorRoutes(services: Services, keyOf: 'slug' | 'sourceKey'): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const server of services.registry.servers) {
    const key = keyOf === 'slug' ? server.slug : server.sourceKey;
    // Extra routes are fixed paths: registered first, so no tool's `:param` route can swallow them.
    for (const route of server.def.routes ?? []) app.get(`/${key}${route.path}`, serverRouteHandler(services, server, route));
    const ordered = [...server.tools].sort((x, y) => byRouteSpecificity(x.def.route, y.def.route));
    for (const tool of ordered) {
      const handler = toolHandler(services, tool);
      app.get(`/${key}${tool.def.route}`, handler);
      app.post(`/${key}${tool.def.route}`, handler);
    }
  }
  return app;
}
