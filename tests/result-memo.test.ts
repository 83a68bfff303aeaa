// The result memo: a repeat call is served without running the tool while its cached upstream
// answers stand; it runs again when they change, and never memoises clock-dependent or failed runs.
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../runtime/config.js';
import { defineServer, defineTool, defineUpstream } from '../runtime/define.js';
import { REGISTER } from '../servers/_shared/icons/index.js';
import { invokeTool, type Success } from '../runtime/invoke.js';
import { toolResultMessage } from '../runtime/mcp/dispatch.js';
import type { ResultMemo } from '../runtime/result-memo.js';
import { createServices } from '../runtime/services.js';
import type { RawResponse, Transport } from '../runtime/upstream/transport.js';

const FAKE = defineUpstream({ id: 'fake', name: 'Fake', baseUrl: 'https://fake.test', envVar: 'FAKE_BASE_URL', auth: { type: 'none' }, docs: '' });

function setup(status = 200) {
  let sends = 0;
  let runs = 0;
  const transport: Transport = {
    send: async (req): Promise<RawResponse> => {
      sends += 1;
      if (req.url.includes('/fail')) return { status: 500, headers: {}, body: Buffer.from('') };
      return { status, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify({ n: sends, url: req.url })) };
    },
  };
  type Run = (input: { id: string }, ctx: Parameters<NonNullable<Parameters<typeof defineTool>[0]['run']>>[1]) => Promise<unknown>;
  const tool = (name: string, run: Run) =>
    defineTool({
      name,
      title: 'T',
      description: 'd',
      input: { id: z.string() },
      // The tools answer what the fake upstream sends: any object.
      output: z.looseObject({}),
      coverage: { geography: ['NO'], dataTypes: ['x'], updateFrequency: 'daily' },
      cacheTtlSeconds: 60,
      route: `/${name}`,
      example: { id: 'a' },
      run: async (input, ctx) => {
        runs += 1;
        return run(input, ctx);
      },
    });
  const server = defineServer({
    slug: 'memo',
    prefix: 'memo',
    name: 'N',
    owner: 'O',
    description: 'D',
    license: 'L',
    tier: 'free',
    upstreams: [FAKE],
    countries: ['NO'],
    docs: [],
    icon: REGISTER,
    tools: [
      tool('plain', async ({ id }, ctx) => ctx.get('fake', '/x/{id}', { params: { id } })),
      tool('clock', async ({ id }, ctx) => ({ data: await ctx.get('fake', '/x/{id}', { params: { id } }), at: ctx.now().toISOString() })),
      tool('wide', async ({ id }, ctx) => ({ upstream: await ctx.get('fake', '/x/{id}', { params: { id } }), text: '漢"字'.repeat(2000) })),
      tool('partial', async ({ id }, ctx) => ({ a: await ctx.settle(ctx.get('fake', '/x/{id}', { params: { id } })), b: await ctx.settle(ctx.get('fake', '/fail')) })),
    ],
  });
  const services = createServices(loadConfig({ UPSTREAM_MODE: 'replay', DATABASE_PATH: ':memory:' }), {
    servers: [server],
    upstreams: [FAKE],
    transport,
    logger: pino({ level: 'silent' }),
    retryBaseMs: 1,
  });
  const call = (name: string, args: unknown) => invokeTool(services.registry.server('memo')!.toolsByName.get(`memo.${name}`)!, args, services.invokeDeps, { upstreamCalls: 0, cacheHits: 0 });
  return { services, call, counts: () => ({ sends, runs }) };
}

describe('result memo', () => {
  it('serves a repeat call without running the tool, with the same JSON', async () => {
    const s = setup();
    const first = await s.call('plain', { id: 'a' });
    const second = await s.call('plain', { id: 'a' });
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.json).toBe(first.json);
    expect(second.data).toEqual(first.data);
    expect(s.counts()).toEqual({ sends: 1, runs: 1 });
    await s.call('plain', { id: 'b' });
    expect(s.counts()).toEqual({ sends: 2, runs: 2 });
  });

  it('runs again when the upstream answer it was built from leaves the cache', async () => {
    const s = setup();
    await s.call('plain', { id: 'a' });
    s.services.upstream.clearCache();
    const again = await s.call('plain', { id: 'a' });
    expect(s.counts()).toEqual({ sends: 2, runs: 2 });
    expect(again.ok && (again.data as { n: number }).n).toBe(2);
  });

  it('never remembers a run that read the clock', async () => {
    const s = setup();
    await s.call('clock', { id: 'a' });
    await s.call('clock', { id: 'a' });
    expect(s.counts()).toEqual({ sends: 1, runs: 2 });
  });

  it('never remembers a run in which an upstream call failed', async () => {
    const s = setup();
    await s.call('partial', { id: 'a' });
    await s.call('partial', { id: 'a' });
    expect(s.counts().runs).toBe(2);
  });

  it('does not remember failures', async () => {
    const s = setup(404);
    const r1 = await s.call('plain', { id: 'a' });
    expect(r1.ok).toBe(false);
    await s.call('plain', { id: 'a' });
    expect(s.counts().runs).toBe(2);
  });

  it('counts at least what a remembered result comes to hold, and keeps no parsed copy of it (issue 24 #6)', async () => {
    const s = setup();
    await s.call('wide', { id: 'a' });
    const again = (await s.call('wide', { id: 'a' })) as Success;
    expect(s.counts().runs).toBe(1);
    // Everything a repeat call makes and the memo keeps: both strings, their bytes, the MCP answers of both eras.
    const held = [again.json, again.quoted()].reduce((n, text) => n + 2 * text.length, 0) + again.quotedBytes().length + again.jsonBytes().length;
    const heads = toolResultMessage(1, again, false)[0].length + toolResultMessage(1, again, true)[0].length;
    const memo = (s.services.invokeDeps.results as unknown as { memo: { calculatedSize: number } }).memo;
    expect(memo.calculatedSize).toBeGreaterThanOrEqual(held + heads);
    // Its data is parsed for whoever asks, and not kept beside the text.
    expect(again.data).toEqual(again.data);
    expect(again.data).not.toBe(again.data);
  });
});
