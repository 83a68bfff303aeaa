// Hostile input against every tool of every server, property-based (fast-check), in process: for
// each tool of services.registry, arguments generated from its own JSON Schema (values at and past
// every bound, wrong types, unicode, control characters, very long strings, huge numbers, missing
// and extra fields, `__proto__`, duplicate keys) are sent through MCP tools/call and through the
// tool's connector route (GET with a query string, POST with a JSON body). No answer may be a 500
// or an internal error, every MCP answer is a JSON-RPC error or a result, every REST error a
// Problem, and nothing may reject unhandled. Replay mode: a valid input nobody recorded is a 502
// upstream_unavailable, and its replay miss is drained here.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledTool } from '../runtime/registry.js';
import { KEYS, createTestApp } from './helpers/app.js';
import { argumentsFor, jsonText, expectMcpAnswer, expectRestAnswer, hostileString, pairsJson, pathSegment, queryPairs, rawQuery, wellFormed, wrongType, type Pairs } from './helpers/hostile.js';
import { watchProcess } from './helpers/live-app.js';
import { takeReplayMisses } from './setup.js';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 15);
const t = createTestApp({ env: { ANON_RATE_LIMIT: '1000000' } });
const auth = { authorization: `Bearer ${KEYS.enterprise}` };
const MCP = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...auth };
const watch = watchProcess();

beforeAll(() => watch.start());
afterAll(() => watch.stop());

const tools: CompiledTool[] = t.services.registry.servers.flatMap((s) => s.tools);
/** Outcomes seen, so the run can show it exercised more than one kind of answer. */
const outcomes = new Map<string, number>();
const note = (k: string) => outcomes.set(k, (outcomes.get(k) ?? 0) + 1);

/** The connector path of a tool, its `:params` filled from the arguments (or a hostile segment). */
function routePath(tool: CompiledTool, pairs: Pairs, fallback: string[]): string {
  let i = 0;
  const path = tool.def.route.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_, name: string) => {
    const given = pairs.find(([k]) => k === name);
    const seg = fallback[i++ % Math.max(1, fallback.length)] ?? 'x';
    if (!given) return seg;
    const v = given[1];
    return encodeURIComponent(wellFormed(typeof v === 'string' ? v : jsonText(v).slice(0, 2_000))).slice(0, 3_000);
  });
  return `/api/connectors/${tool.server.slug}${path}`;
}

describe.each(tools.map((tool) => [tool.name, tool] as const))('%s', (_name, tool) => {
  const args = argumentsFor(tool.jsonSchema as never);

  it('MCP tools/call: a result or a JSON-RPC error, never a 500', async () => {
    // Mostly an arguments object; sometimes something that is not one.
    const argsText = fc.oneof({ weight: 9, arbitrary: args.map(pairsJson) }, { weight: 1, arbitrary: fc.oneof(hostileString(), wrongType()).map(jsonText) });
    await fc.assert(
      fc.asyncProperty(argsText, fc.integer({ min: 1, max: 1e9 }), async (a, id) => {
        const body = `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":${JSON.stringify(tool.name)},"arguments":${a}}}`;
        const r = await expectMcpAnswer(await t.fetch(`/mcp/${tool.server.slug}`, { method: 'POST', headers: MCP, body }), `${tool.name} ${a.slice(0, 200)}`);
        if (r.kind !== 'error') expect(r.body.id).toBe(id);
        note(`mcp:${r.kind}:${r.code ?? ''}`);
      }),
      { numRuns: RUNS },
    );
    takeReplayMisses();
  });

  it('connector GET with the arguments as a query string: a Problem or JSON, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(args, fc.array(pathSegment(), { minLength: 1, maxLength: 3 }), rawQuery(Object.keys(tool.shape)), async (pairs, segs, raw) => {
        const query = queryPairs(pairs.filter(([k]) => !tool.routeParams.includes(k)));
        const path = `${routePath(tool, pairs, segs)}${query}${raw ? `${query ? '&' : '?'}${raw}` : ''}`;
        const r = await expectRestAnswer(await t.fetch(path, { headers: auth }), `GET ${path.slice(0, 300)}`, path);
        note(`get:${r.status}`);
      }),
      { numRuns: RUNS },
    );
    takeReplayMisses();
  });

  it('connector POST with the arguments as a JSON body: a Problem or JSON, never a 500', async () => {
    const bodies = fc.oneof({ weight: 9, arbitrary: args.map((p) => [p, pairsJson(p)] as const) }, { weight: 1, arbitrary: fc.constantFrom('', '[]', 'null', '"x"', '{', '{"a":1,}', '\u0000').map((b) => [[] as Pairs, b] as const) });
    await fc.assert(
      fc.asyncProperty(bodies, fc.array(pathSegment(), { minLength: 1, maxLength: 3 }), async ([pairs, body], segs) => {
        const path = routePath(tool, pairs, segs);
        const r = await expectRestAnswer(await t.fetch(path, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body }), `POST ${path.slice(0, 200)} ${body.slice(0, 200)}`, path);
        note(`post:${r.status}`);
      }),
      { numRuns: RUNS },
    );
    takeReplayMisses();
  });
});

describe('the whole run', () => {
  it('covered every tool of every server', () => {
    expect(tools.length).toBe(t.services.registry.servers.reduce((n, s) => n + s.tools.length, 0));
    expect(tools.length).toBeGreaterThanOrEqual(60);
  });

  it('saw refusals of invalid input on every face', () => {
    expect(outcomes.get('mcp:isError:invalid_input') ?? 0).toBeGreaterThan(0);
    expect(outcomes.get('get:400') ?? 0).toBeGreaterThan(0);
    expect(outcomes.get('post:400') ?? 0).toBeGreaterThan(0);
  });

  it('no unhandled rejection or uncaught exception fired', () => {
    expect(watch.seen).toEqual([]);
  });
});
