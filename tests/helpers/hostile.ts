// Generators of hostile input for property-based tests (fast-check), and the checks every answer
// must pass whatever was sent: no 500, a Problem body for every REST error, a JSON-RPC error or a
// result (isError or not) for every MCP answer, and nothing internal (stack, path) in any body.
import fc from 'fast-check';
import { expect } from 'vitest';
import { expectNoLeak } from './live-app.js';

/** Characters that break naive code: controls, bidi, separators, BOM, non-characters, lone surrogates. */
export const CONTROL = ['\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u200b', '\u200e', '\u202e', '\u2028', '\u2029', '\ufeff', '\ufffe', '\uffff', '\ud800', '\udfff'];

export const NASTY = [
  "'; DROP TABLE x;--",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '..',
  '.',
  '%00',
  '%2e%2e%2f',
  '%',
  '%zz',
  '%E0%A4%A',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'toString',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '0x10',
  ' ',
  '\u3000',
  'Ω≈ç√∫',
  '𝕳𝖊𝖑𝖑𝖔',
  '👩‍👩‍👧‍👦',
  'ﷺ',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '\\',
  '"',
  'ＥＱＵＩＮＯＲ',
  '９２３６０９０１６',
  '923609016\n',
  ' 923609016',
];

export function hostileString(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.constantFrom(...NASTY, ...CONTROL),
    fc.array(fc.constantFrom(...CONTROL, 'a', '9', '.', '/', ' ', '%', 'é'), { maxLength: 24 }).map((a) => a.join('')),
    fc.tuple(fc.constantFrom(1_000, 10_000, 70_000), fc.constantFrom('a', '9', 'é', '😀', '\u0000', '\ud800', ' ')).map(([n, c]) => c.repeat(n)),
  );
}

/**
 * JSON text sent as it stands: values too deep for the test's own JSON.stringify (and for
 * fast-check's printing) to handle. Nested inside another value it prints as a marker.
 */
export class RawJson {
  constructor(readonly text: string) {}
  toJSON(): string {
    return `<raw json of ${this.text.length} chars>`;
  }
  toString(): string {
    return this.toJSON();
  }
}

/** Nested arrays or objects `depth` deep, as JSON text. */
const deep = (depth: number, kind: 'array' | 'object'): RawJson =>
  new RawJson(kind === 'array' ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

/** A generated value as JSON text. */
export function jsonText(v: unknown): string {
  return v instanceof RawJson ? v.text : (JSON.stringify(v) ?? 'null');
}

/** Values of the wrong type for any field: null, booleans, numbers, arrays and objects, deep or big. */
export function wrongType(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(0, -0, 1e308, -1e308, 2 ** 53 + 1, -(2 ** 53) - 1, 5e-324, 0.1),
    fc.constant([]),
    fc.constant({}),
    fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string({ maxLength: 6 }), fc.integer()), { maxKeys: 3 }),
    fc.constantFrom(deep(300, 'array'), deep(300, 'object'), deep(20_000, 'array'), deep(20_000, 'object')),
    fc.constant(Array.from({ length: 5_000 }, (_, i) => i)),
    // Objects that String() and template literals cannot turn into text.
    fc.constantFrom(new RawJson('{"toString":1,"valueOf":"x"}'), new RawJson('{"__proto__":{"toString":null}}'), new RawJson('[{"toString":{}}]')),
  );
}

export interface PropertySchema {
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: PropertySchema;
  default?: unknown;
}

/** Values for one property: valid, at and past every bound of its JSON Schema, hostile strings, wrong types. */
export function forProperty(p: PropertySchema): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [hostileString(), wrongType()];
  const types = Array.isArray(p.type) ? p.type : [p.type];
  if (p.enum) {
    options.push(fc.constantFrom(...p.enum));
    options.push(fc.constantFrom(...p.enum).map((v) => (typeof v === 'string' ? `${v.toUpperCase()} ` : v)));
  }
  if (types.includes('string')) {
    if (p.pattern) {
      try {
        options.push(fc.stringMatching(new RegExp(p.pattern)).filter((s) => s.length <= 300));
      } catch {
        /* a pattern fast-check cannot generate from */
      }
    }
    const lengths = [p.minLength, p.maxLength].filter((n): n is number => n !== undefined).flatMap((n) => [n - 1, n, n + 1]).filter((n) => n >= 0);
    if (lengths.length) options.push(fc.tuple(fc.constantFrom(...lengths), fc.constantFrom('a', '9', 'é', ' ', '😀')).map(([n, c]) => c.repeat(n)));
  }
  if (types.includes('integer') || types.includes('number')) {
    const bounds = [p.minimum, p.maximum, p.exclusiveMinimum, p.exclusiveMaximum].filter((n): n is number => n !== undefined);
    const edges = bounds.flatMap((n) => [n - 1, n - 0.5, n, n + 0.5, n + 1]);
    options.push(fc.constantFrom(0, -1, 1, 1.5, ...edges));
    options.push(fc.integer({ min: -1_000_000, max: 1_000_000 }));
    options.push(fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, 1e21));
    // Numbers written as text, as query strings carry them.
    options.push(fc.constantFrom('1', '1.0', '1e3', ' 1', '0x1', '', ...edges.map(String)));
  }
  if (types.includes('boolean')) options.push(fc.boolean(), fc.constantFrom('true', 'false', 'yes', 1, 0));
  if (types.includes('array')) options.push(fc.array(p.items ? forProperty(p.items) : hostileString(), { maxLength: 5 }));
  return fc.oneof(...options);
}

export type Pairs = Array<[string, unknown]>;

const MISSING = Symbol('missing');

/**
 * Arguments for a tool as key/value pairs (so that `__proto__` and duplicate keys survive into
 * the JSON): each declared field present or missing, plus a few extra fields.
 */
export function argumentsFor(schema: { properties?: Record<string, PropertySchema> }): fc.Arbitrary<Pairs> {
  const props = Object.entries(schema.properties ?? {});
  const fields = props.map(([name, p]) => fc.option(forProperty(p), { nil: MISSING as unknown, freq: 4 }).map((v) => [name, v] as [string, unknown]));
  const extraKey = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', '', ...props.map(([n]) => n)));
  const extras = fc.array(fc.tuple(extraKey, fc.oneof(hostileString(), wrongType())), { maxLength: 2 });
  return fc.tuple(fc.tuple(...fields), fc.boolean(), extras).map(([declared, withExtras, extra]) => [
    ...(declared as Array<[string, unknown]>).filter(([, v]) => v !== MISSING),
    ...(withExtras ? extra : []),
  ]);
}

/** Pairs as a JSON object text, keys in order, duplicates and `__proto__` kept. */
export function pairsJson(pairs: Pairs): string {
  return `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`;
}

/** Replaces lone surrogates, which encodeURIComponent cannot encode (a client could not send them either). */
export function wellFormed(s: string): string {
  return s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** One path segment: encoded, or raw bytes a URL may carry (malformed percent sequences included). */
export function pathSegment(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: hostileString().map((s) => encodeURIComponent(wellFormed(s)).slice(0, 3_000)) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AE', '%FF%FE', '%2e%2e', '%2F', '%5C', '%00', '%252e', '%ED%A0%80', '%F4%90%80%80', '%C3%28', '..', '.', '~', '@', ':', ';', ',', '$', '!', "'", '*', '(') },
  );
}

/** Raw query text a URL may carry but URLSearchParams would never write: malformed or invalid UTF-8 escapes, repeats. */
export function rawQuery(keys: string[] = []): fc.Arbitrary<string> {
  const key = fc.constantFrom('q', 'x', '%', '', ...keys);
  const value = fc.constantFrom('%', '%zz', '%E0%A4%A', '%ED%A0%80', '%C3%28', '%FF', '%00', '', '+', '%2B%2F', '1&', '%26%3D');
  return fc.array(fc.tuple(key, value).map(([k, v]) => `${k}=${v}`), { maxLength: 3 }).map((parts) => parts.join('&'));
}

/** A value as query-string text (arrays repeat the key). */
export function queryPairs(pairs: Pairs): string {
  const q = new URLSearchParams();
  for (const [k, v] of pairs) {
    if (Array.isArray(v)) for (const e of v.slice(0, 20)) q.append(wellFormed(k), wellFormed(typeof e === 'string' ? e : jsonText(e)));
    else q.append(wellFormed(k), wellFormed(typeof v === 'string' ? v : jsonText(v).slice(0, 2_000)));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** False when URL parsing alone (dot segments, also as %2e) takes `path` out of /api/. */
export function staysInApi(path: string): boolean {
  return new URL(path, 'http://h').pathname.startsWith('/api/');
}

/**
 * A REST answer: never a 500; any error is `application/problem+json` with the Problem fields of
 * spec 2.1 (status equal to the HTTP status, a request id); any success is JSON.
 */
export async function expectRestAnswer(res: Response, what: string, path?: string): Promise<{ status: number; body: any }> {
  const text = await res.text();
  const ctx = `${what} -> ${res.status} ${text.slice(0, 300)}`;
  expect(res.status, ctx).not.toBe(500);
  expect(res.status, ctx).toBeLessThan(600);
  expectNoLeak(text, [], what);
  const type = res.headers.get('content-type') ?? '';
  let body: any;
  if (path !== undefined && !staysInApi(path)) {
    // `.`/`..` segments (also as %2e) are resolved by the URL parser before any route is chosen:
    // such a request is not an /api request at all, and only the rules above apply.
    return { status: res.status, body: undefined };
  }
  if (res.status >= 400) {
    expect(type, ctx).toBe('application/problem+json');
    body = JSON.parse(text);
    expect(body.status, ctx).toBe(res.status);
    expect(typeof body.title, ctx).toBe('string');
    expect(typeof body.type, ctx).toBe('string');
    expect(body.code, ctx).not.toBe('internal');
    // (The host guard's refusals carry no request id; these checks are for requests that pass it.)
    expect(typeof body.svcRequestId, ctx).toBe('string');
  } else if (res.status !== 204) {
    expect(type, ctx).toMatch(/json/);
    body = JSON.parse(text);
  }
  return { status: res.status, body };
}

/**
 * An MCP answer: never a 500; a JSON-RPC error, or a result; an isError result carries the
 * structured error body with a status that is not 500.
 */
export async function expectMcpAnswer(res: Response, what: string): Promise<{ kind: 'error' | 'isError' | 'ok'; body: any; code?: string }> {
  const text = await res.text();
  const ctx = `${what} -> ${res.status} ${text.slice(0, 300)}`;
  expect(res.status, ctx).not.toBe(500);
  expectNoLeak(text, [], what);
  const body = JSON.parse(text);
  expect(body.jsonrpc, ctx).toBe('2.0');
  if (body.error) {
    expect(typeof body.error.code, ctx).toBe('number');
    expect(typeof body.error.message, ctx).toBe('string');
    expect(body.error.code, ctx).not.toBe(-32603);
    return { kind: 'error', body };
  }
  expect(res.status, ctx).toBe(200);
  expect(body.result?.content?.[0]?.type, ctx).toBe('text');
  if (body.result.isError === true) {
    // An error body is {error: {...}}, or flat where the spec puts its fields at the top level (a retired tool's _status).
    const parsed = JSON.parse(body.result.content[0].text);
    const inner = parsed.error && typeof parsed.error === 'object' ? parsed.error : parsed;
    expect(inner.status, ctx).toBeGreaterThanOrEqual(400);
    expect(inner.status, ctx).not.toBe(500);
    expect(inner.code, ctx).not.toBe('internal');
    expect(typeof inner.message, ctx).toBe('string');
    return { kind: 'isError', body, code: inner.code };
  }
  return { kind: 'ok', body };
}
