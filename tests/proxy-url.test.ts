// buildUrl's wildcard form `{name*}` (the data proxy's endpoint): split on `/`, each segment
// encoded alone, empty/./.. segments refused; and the proxy's path rules (endpointSegments,
// backendUrl) on decoded values.
import { describe, expect, it } from 'vitest';
import { ToolError } from '../runtime/errors.js';
import { backendUrl, endpointSegments } from '../runtime/rest/proxy-path.js';
import { buildUrl } from '../runtime/upstream/url.js';
import { thrown } from './helpers/upstream-fakes.js';

describe('buildUrl: {name*} wildcard', () => {
  it('keeps the slashes of the value and encodes each segment', () => {
    expect(buildUrl('https://b.test', '/v1/connectors/{kilde}/{rest*}', { kilde: 'brreg', rest: 'enheter/923609016/underenheter' })).toBe(
      'https://b.test/v1/connectors/brreg/enheter/923609016/underenheter',
    );
    expect(buildUrl('https://b.test/base/', '/x/{rest*}', { rest: 'a b/Ø?#&=%' })).toBe('https://b.test/base/x/a%20b/%C3%98%3F%23%26%3D%25');
  });

  it('takes a single segment too, and works beside plain params', () => {
    expect(buildUrl('https://b.test', '/{k}/{rest*}', { k: 'a/b', rest: 'c' })).toBe('https://b.test/a%2Fb/c');
  });

  it.each(['', '/', 'a//b', '/a', 'a/', '.', '..', 'a/./b', 'a/../b', '../a', 'a/..'])('refuses %j (empty, . or .. segment) naming the param', (v) => {
    const err = thrown(() => buildUrl('https://b.test', '/x/{rest*}', { rest: v }));
    expect(err).toBeInstanceOf(ToolError);
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/^rest: /);
  });

  it('never leaves the base: every value stays under it', () => {
    for (const v of ['%2e%2e/x', '..%2F..', 'a\\..\\b', '...', ' .. ']) {
      const url = buildUrl('https://b.test/base', '/x/{rest*}', { rest: v });
      expect(url.startsWith('https://b.test/base/x/'), v).toBe(true);
      expect(new URL(url).pathname.startsWith('/base/x/'), v).toBe(true);
    }
  });
});

describe('endpointSegments: the decoded endepunkt', () => {
  it('accepts ordinary routes and answers their segments', () => {
    expect(endpointSegments('enheter/923609016')).toEqual(['enheter', '923609016']);
    expect(endpointSegments('x')).toEqual(['x']);
    expect(endpointSegments('a'.repeat(200))).toHaveLength(1);
    expect(endpointSegments('søk/Ærlig Østfold')).toEqual(['søk', 'Ærlig Østfold']);
  });

  it('bounds the length to 1..200 characters', () => {
    expect(thrown(() => endpointSegments('')).message).toBe('endepunkt: must be at least 1 characters (got "")');
    expect(thrown(() => endpointSegments('a'.repeat(201))).message).toBe('endepunkt: must be at most 200 characters (got 201)');
    // Characters, not bytes or UTF-16 units.
    expect(endpointSegments('ø'.repeat(200))).toHaveLength(1);
  });

  const refused: [string, RegExp][] = [
    ['..', /"\." or "\.\."/],
    ['.', /"\." or "\.\."/],
    ['../admin', /"\." or "\.\."/],
    ['enheter/../../admin', /"\." or "\.\."/],
    ['enheter/..', /"\." or "\.\."/],
    ['enheter/./x', /"\." or "\.\."/],
    ['...', /"\." or "\.\."/],
    [' .. ', /"\." or "\.\."/],
    ['．．/admin', /"\." or "\.\."/],
    ['enheter/．', /"\." or "\.\."/],
    ['enheter／admin', /look-alike/],
    ['enheter＼admin', /look-alike/],
    ['enheter\\..\\admin', /backslash/],
    ['\\\\evil.example\\x', /backslash/],
    ['enheter\u0000', /control characters/],
    ['enheter\r\nX-Injected: 1', /control characters/],
    ['enheter\t', /control characters/],
    ['enheter\u007f', /control characters/],
    ['enheter\u0085', /control characters/],
    ['%2e%2e/admin', /percent-encoded/],
    ['%2E%2e%2Fadmin', /percent-encoded/],
    ['enheter%2F..', /percent-encoded/],
    ['%5c', /percent-encoded/],
    ['%00', /percent-encoded/],
    ['%C0%AE%C0%AE', /percent-encoded/],
    ['100%', /percent-encoded/],
    ['/etc/passwd', /empty path segment/],
    ['enheter//admin', /empty path segment/],
    ['enheter/', /empty path segment/],
    ['/', /empty path segment/],
  ];
  it.each(refused)('refuses %j', (value, why) => {
    const err = thrown(() => endpointSegments(value));
    expect(err).toBeInstanceOf(ToolError);
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/^endepunkt: /);
    expect(err.message).toMatch(why);
  });
});

describe('backendUrl: the forwarded URL', () => {
  it('is {base}/v1/connectors/{kilde}/{endepunkt} with each segment re-encoded and the query sorted', () => {
    expect(backendUrl('http://data-backend.invalid', 'brreg', 'enheter/923609016')).toBe('http://data-backend.invalid/v1/connectors/brreg/enheter/923609016');
    expect(backendUrl('https://backend.test/base/', 'konkurs', 'konkurs/search', { size: ['5'], q: ['a&b'] })).toBe(
      'https://backend.test/base/v1/connectors/konkurs/konkurs/search?q=a%26b&size=5',
    );
    expect(backendUrl('https://backend.test', 'x', 'a?b#c d')).toBe('https://backend.test/v1/connectors/x/a%3Fb%23c%20d');
  });

  it('checks the rules before building', () => {
    expect(thrown(() => backendUrl('https://backend.test', 'brreg', 'a/../../b')).status).toBe(400);
  });
});
