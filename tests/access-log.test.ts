// The request log line: written by hand when the service owns the destination, and then the very
// line pino would write for the same fields.
import fc from 'fast-check';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createAccessLog, durationText, requestFields, requestLine, type RequestRecord } from '../runtime/http/access-log.js';

const record = (over: Partial<RequestRecord> = {}): RequestRecord => ({
  reqId: 'req-12345678',
  method: 'POST',
  path: '/mcp/brreg',
  status: 200,
  started: 1000,
  log: { route: 'mcp', slug: 'brreg', tool: 'brreg.enhet.lookup', keyId: 'k_abc', outcome: 'ok' },
  stats: { upstreamCalls: 1, cacheHits: 2 },
  ...over,
});

function pinoLine(r: RequestRecord, now: number): string {
  const lines: string[] = [];
  const logger = pino({ level: 'info', base: undefined, timestamp: () => ',"time":1764000000000' }, { write: (l: string) => void lines.push(l) });
  logger.info(requestFields(r, now), 'request');
  return lines[0];
}

describe('request log line', () => {
  const cases: [string, RequestRecord][] = [
    ['an MCP call', record()],
    ['fields left out when unknown', record({ log: {}, status: 404 })],
    ['a hostile path', record({ path: '/api/"quoted"\\back\nline\u0000nul\u2028sep/æøå/😀', method: 'GET' })],
    ['a long path', record({ path: `/api/${'x'.repeat(500)}` })],
    ['a fractional duration', record({ started: 1000.123456 })],
  ];
  it.each(cases)('is what pino writes: %s', (_, r) => {
    const now = 1012.3456;
    const line = requestLine(r, 1764000000000, now);
    expect(line).toBe(pinoLine(r, now));
    expect(line.endsWith('}\n')).toBe(true);
    expect(line.slice(0, -1).includes('\n')).toBe(false);
    const parsed = JSON.parse(line);
    expect(parsed.msg).toBe('request');
    expect(parsed.path.length).toBeLessThanOrEqual(201);
  });

  it('is the same line again when its values are remembered, and each line has its own time', () => {
    const r = record({ path: '/api/"quoted"/æøå', log: { route: 'connector', outcome: 'not_found' } });
    const first = requestLine(r, 1764000000000, 1012.3456);
    expect(requestLine(r, 1764000000000, 1012.3456)).toBe(first);
    expect(first).toBe(pinoLine(r, 1012.3456));
    expect(JSON.parse(requestLine(r, 1764000000001, 1012.3456)).time).toBe(1764000000001);
    expect(JSON.parse(requestLine(r, 1764000000000, 1012.3456)).time).toBe(1764000000000);
  });

  it('writes durationMs as JSON writes Math.round(ms * 100) / 100', () => {
    const expected = (r: RequestRecord, now: number) => JSON.stringify(Math.round((now - r.started) * 100) / 100);
    for (const elapsed of [0, 0.004, 0.005, 0.05, 0.1, 0.99, 1, 1.5, 10.25, 99.99, 100, 123456.78, -0.004]) {
      const r = record({ started: 1000 });
      expect(durationText(r, 1000 + elapsed), String(elapsed)).toBe(expected(r, 1000 + elapsed));
    }
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), fc.double({ min: 0, max: 1e7, noNaN: true }), (started, elapsed) => {
        const r = record({ started });
        expect(durationText(r, started + elapsed)).toBe(expected(r, started + elapsed));
      }),
      { numRuns: 5000 },
    );
  });

  it('writes to the destination it owns, and nothing below the logger level', () => {
    const written: string[] = [];
    const destination = { write: (l: string) => void written.push(l) };
    const logger = pino({ level: 'info', base: undefined }, destination);
    const log = createAccessLog(logger, destination);
    log(record());
    expect(JSON.parse(written[0])).toMatchObject({ level: 30, reqId: 'req-12345678', route: 'mcp', status: 200, upstreamCalls: 1, cacheHits: 2, msg: 'request' });
    logger.level = 'warn';
    log(record());
    expect(written).toHaveLength(1);
  });

  it('goes through pino for a logger handed in from outside', () => {
    const written: string[] = [];
    const logger = pino({ level: 'info', base: { service: 'x' } }, { write: (l: string) => void written.push(l) });
    createAccessLog(logger)(record());
    expect(JSON.parse(written[0])).toMatchObject({ service: 'x', reqId: 'req-12345678', msg: 'request' });
  });
});
