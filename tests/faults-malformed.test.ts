// Registry-wide: every active tool's example, with every upstream answer replaced by well-formed
// data of the wrong shape (a JSON string, a number, null, an array, an empty object, the recorded
// object with its values of the wrong types). A tool may answer (an empty shape can be legitimately
// empty) or fail with a mapped error, never with 500 `internal`: data an upstream sends that a tool
// cannot use is that upstream's error (502, naming it). Answers that are not 2xx (a recorded 404)
// pass as recorded; token requests are malformed too. A request that only the malformed data led
// to (a fallback after a null) has no recording: it gets the variant too.
import { describe, expect, it } from 'vitest';
import { Registry } from '../runtime/registry.js';
import { RecordingMiss, replayMisses } from '../runtime/upstream/recordings.js';
import type { OutgoingRequest, RawResponse, Transport } from '../runtime/upstream/transport.js';
import { resetFileIndexes } from '../runtime/file-index.js';
import { SERVERS } from '../servers/index.js';
import { KEYS, callTool, createTestApp, replay, type TestApp } from './helpers/app.js';

type Variant = (recorded: unknown) => unknown;

/** Every leaf of another type, the structure kept: `{"navn": 7, "ansatte": "many", "aktiv": "yes"}`. */
function wrongLeaves(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(wrongLeaves);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wrongLeaves(v)]));
  if (typeof value === 'string') return 7;
  if (typeof value === 'number') return 'many';
  if (typeof value === 'boolean') return 'yes';
  return { unexpected: true };
}

/** The top-level keys kept, each holding a value of another kind (an object where a list was, a string where an object was). */
function wrongKinds(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { unexpected: 'shape' };
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, Array.isArray(v) ? { length: 1 } : v && typeof v === 'object' ? 'object expected' : typeof v === 'string' ? [v] : { v }]));
}

const VARIANTS: Record<string, Variant> = {
  'a JSON string': () => 'unexpected',
  'a number': () => 42,
  null: () => null,
  'an array': () => [1, 'two', null],
  'an empty object': () => ({}),
  'the expected keys with values of the wrong kind': wrongKinds,
  'the expected keys with leaves of the wrong types': wrongLeaves,
};

function recordedJson(raw: RawResponse): unknown {
  try {
    return JSON.parse(raw.body.toString('utf8'));
  } catch {
    return raw.body.toString('utf8');
  }
}

/** The recordings, with every 2xx answer's body replaced by the variant of what was recorded. */
function malformed(variant: Variant): Transport {
  return {
    send: async (req: OutgoingRequest) => {
      let raw: RawResponse;
      try {
        raw = await replay().send(req);
      } catch (err) {
        if (!(err instanceof RecordingMiss)) throw err;
        replayMisses.splice(replayMisses.indexOf(err.key), 1);
        raw = { status: 200, headers: {}, body: Buffer.from('{}') };
      }
      if (raw.status < 200 || raw.status >= 300) return raw;
      return { status: raw.status, headers: { ...raw.headers, 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(variant(recordedJson(raw)))) };
    },
  };
}

const registry = new Registry(SERVERS, { get: () => undefined });
const examples = registry.servers.flatMap((s) => s.tools.filter((t) => t.declaredStatus === 'active' && !t.def.unavailable).map((t) => [s.slug, t.name, t.def.example] as const));

describe.each(Object.entries(VARIANTS))('every upstream answers %s', (_name, variant) => {
  let app: TestApp | undefined;
  const appFor = () => (app ??= createTestApp({ transport: malformed(variant) }));

  it.each(examples)('%s %s: no internal error', async (slug, name, example) => {
    // Every file index loads afresh from the malformed answer; an enterprise key has no window to spend.
    resetFileIndexes();
    const r = await callTool(appFor(), slug, name, example, KEYS.enterprise);
    if (!r.isError) return;
    const error = r.data.error;
    expect(error.code, JSON.stringify(error)).not.toBe('internal');
    expect(error.status, JSON.stringify(error)).not.toBe(500);
    if (error.code === 'upstream_unavailable') expect(error.status).toBeGreaterThanOrEqual(502);
  });
});

describe('a mapping that trips over an answer', () => {
  it('names the upstream that answered, logs a warning with the tool, and is a 502', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const { pino } = await import('pino');
    const logger = pino({ level: 'info' }, { write: (l: string) => void lines.push(JSON.parse(l)) });
    const t = createTestApp({ transport: malformed(VARIANTS['a JSON string']), logger });
    const r = await callTool(t, 'brreg', 'brreg.regnskap.liste', { orgnr: '923609016' });
    expect(r.isError).toBe(true);
    expect(r.data.error).toMatchObject({ status: 502, code: 'upstream_unavailable', detailCode: 'unexpected_upstream_data', upstreams: ['brreg-regnskap'] });
    expect(r.data.error.message).toBe('Regnskapsregisteret answered data of an unexpected shape');
    const warned = lines.find((l) => l.msg === 'upstream answer of an unexpected shape');
    expect(warned).toMatchObject({ level: 40, tool: 'brreg.regnskap.liste', upstreams: ['brreg-regnskap'] });
    expect(lines.some((l) => (l.level as number) >= 50)).toBe(false);
  });
});
