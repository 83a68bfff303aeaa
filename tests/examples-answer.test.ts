// Issue 25, "Done when": every active tool's example answers data in `npm run demo` (replay of the
// recordings, no upstream credentials, the clock at RECORDED_AT, as runtime/cli/demo.ts starts it).
// tests/registry.test.ts only requires that the example is not an error; here its answer must also
// hold data: not only empty lists, not only nulls. A tool that needs a credential is not active in
// the demo (not_configured); with its credentials set it must answer data too.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authEnvVars } from '../runtime/upstream/catalogue.js';
import { Registry, type CompiledTool } from '../runtime/registry.js';
import { SERVERS } from '../servers/index.js';
import { callTool, createTestApp } from './helpers/app.js';

const registry = new Registry(SERVERS, { get: () => undefined });
const answering = (tool: CompiledTool) => (tool.def.status ?? 'active') === 'active' && !tool.def.unavailable;
const rows = registry.servers.flatMap((s) => s.tools.filter(answering).map((tool) => ({ slug: s.slug, tool })));

/**
 * Why an answer holds no data, or undefined when it does. Data is a list with something in it, or
 * (an answer without one, such as a lookup) at least two values that are neither empty (null, "",
 * 0, false) nor the example's own values echoed back: `{query: "x", total: 0, items: []}` answers
 * nothing a user asked for, nor does an answer that says it ran no search.
 */
function noData(answer: unknown, example: unknown): string | undefined {
  if (answer === null || typeof answer !== 'object') return `not an object: ${JSON.stringify(answer)}`;
  // An answer that says it ran no search (rsk's name search: "No search was run") holds no data, whatever else it says.
  const flags = answer as { supported?: unknown; searched?: unknown };
  if (flags.supported === false || flags.searched === false) return 'the answer says it did not search (supported or searched is false)';
  const echoed = new Set<unknown>();
  const collect = (node: unknown): void => {
    if (node !== null && typeof node === 'object') Object.values(node).forEach(collect);
    else echoed.add(node);
  };
  collect(example);
  let filledList = false;
  let values = 0;
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      if (node.length > 0) filledList = true;
      node.forEach(walk);
    } else if (node !== null && typeof node === 'object') Object.values(node).forEach(walk);
    else if (node !== null && node !== '' && node !== 0 && node !== false && !echoed.has(node)) values += 1;
  };
  walk(answer);
  if (filledList || values >= 2) return undefined;
  return `no list holds anything, and ${values} value(s) besides the example's own`;
}

describe('the emptiness rule', () => {
  it('tells data from an empty answer', () => {
    expect(noData({ query: 'x', total: 0, items: [] }, { query: 'x' })).toBeDefined();
    expect(noData({ query: 'x', items: [], related: [], note: 'No hits.' }, { query: 'x' })).toBeDefined();
    expect(noData({ orgnr: '1', name: null, address: null }, { orgnr: '1' })).toBeDefined();
    expect(noData({ query: 'x', searched: false, supported: false, message: 'Name search is not offered.', source: 'rsk' }, { query: 'x' })).toBeDefined();
    expect(noData({ total: 1, items: [{ id: 'a' }] }, {})).toBeUndefined();
    expect(noData({ orgnr: '923609016', name: 'X', status: 'Aktiv', secondaryNames: [] }, { orgnr: '923609016' })).toBeUndefined();
  });
});

describe('in the demo (no credentials), every active tool’s example answers data', () => {
  const demo = createTestApp();
  const inDemo = rows.filter((r) => r.tool.declaredStatus === 'active');
  it.each(inDemo.map((r) => [r.slug, r.tool.name, r.tool.def.example] as const))('%s %s', async (slug, name, example) => {
    const r = await callTool(demo, slug, name, example);
    expect(r.isError, JSON.stringify(r.data).slice(0, 500)).toBe(false);
    expect(noData(r.data, example), JSON.stringify(r.data).slice(0, 500)).toBeUndefined();
  });
});

/** Every credential the tools and their upstreams name; a value only where its form matters (as tests/output-schemas.test.ts). */
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
const CREDENTIALS: Record<string, string> = {
  ...Object.fromEntries(
    registry.servers.flatMap((s) => [...s.tools.flatMap((t) => t.def.credentials ?? []), ...s.def.upstreams.flatMap((u) => authEnvVars(u.auth))]).map((name) => [name, `test-${name.toLowerCase()}`]),
  ),
  MASKINPORTEN_CLIENT_ID: 'client',
  MASKINPORTEN_KEY: privateKey,
  MASKINPORTEN_KID: 'kid-1',
  SKATTEETATEN_RETTIGHETSPAKKE: 'kredittopplysning',
};

describe('with its credentials set, every tool that needs one answers data to its example', () => {
  const apps = new Map<string, ReturnType<typeof createTestApp>>();
  // Altinn tt02 (its default) takes tokens from test Maskinporten.
  const appFor = (slug: string) => apps.get(slug) ?? apps.set(slug, createTestApp({ env: slug === 'altinn-systembruker' ? { ...CREDENTIALS, MASKINPORTEN_ENV: 'test' } : CREDENTIALS })).get(slug)!;
  const credentialed = rows.filter((r) => r.tool.declaredStatus === 'not_configured');
  it.each(credentialed.map((r) => [r.slug, r.tool.name, r.tool.def.example] as const))('%s %s', async (slug, name, example) => {
    const r = await callTool(appFor(slug), slug, name, example);
    expect(r.isError, JSON.stringify(r.data).slice(0, 500)).toBe(false);
    expect(noData(r.data, example), JSON.stringify(r.data).slice(0, 500)).toBeUndefined();
  });
});
