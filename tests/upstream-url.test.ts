// buildUrl: path templates filled with one encoded segment per value, query arrays repeated,
// empty values dropped, and no way out of the upstream's base URL.
import { describe, expect, it } from 'vitest';
import { ToolError } from '../runtime/errors.js';
import { buildUrl } from '../runtime/upstream/url.js';
import { thrown } from './helpers/upstream-fakes.js';

describe('buildUrl: path', () => {
  it('appends the template to the base path, with or without slashes', () => {
    expect(buildUrl('https://data.brreg.no', '/enhetsregisteret/api/enheter/{orgnr}', { orgnr: '923609016' })).toBe(
      'https://data.brreg.no/enhetsregisteret/api/enheter/923609016',
    );
    expect(buildUrl('https://h.test/api/v1', 'x/{id}', { id: 7 })).toBe('https://h.test/api/v1/x/7');
    expect(buildUrl('https://h.test/api/v1/', '/x/{id}', { id: 7 })).toBe('https://h.test/api/v1/x/7');
    expect(buildUrl('http://127.0.0.1:4010/mock', '/a/{b}/c/{d}', { b: 'one', d: 0 })).toBe('http://127.0.0.1:4010/mock/a/one/c/0');
  });

  it('percent-encodes each value as exactly one segment', () => {
    const url = buildUrl('https://h.test/api', '/s/{v}/end', { v: 'a/b?c#d e&f=g%h' });
    expect(url).toBe('https://h.test/api/s/a%2Fb%3Fc%23d%20e%26f%3Dg%25h/end');
    expect(new URL(url).pathname.split('/')).toEqual(['', 'api', 's', 'a%2Fb%3Fc%23d%20e%26f%3Dg%25h', 'end']);
    expect(buildUrl('https://h.test', '/n/{v}', { v: 'Ærlig Østfold Å' })).toBe('https://h.test/n/%C3%86rlig%20%C3%98stfold%20%C3%85');
  });

  it('keeps traversal attempts inside one segment', () => {
    expect(buildUrl('https://h.test/api', '/e/{v}', { v: '../../admin' })).toBe('https://h.test/api/e/..%2F..%2Fadmin');
    expect(buildUrl('https://h.test/api', '/e/{v}', { v: '%2e%2e' })).toBe('https://h.test/api/e/%252e%252e');
    expect(buildUrl('https://h.test/api', '/e/{v}', { v: '...' })).toBe('https://h.test/api/e/...');
  });

  it.each(['', '.', '..'])('refuses the value %j with invalid_input naming the param', (v) => {
    const err = thrown(() => buildUrl('https://h.test/api', '/e/{orgnr}', { orgnr: v }));
    expect(err).toBeInstanceOf(ToolError);
    expect(err.code).toBe('invalid_input');
    expect(err.status).toBe(400);
    expect(err.message).toContain('orgnr');
  });

  it.each(['\uD800', 'a\uDC00b', '\uDBFF\uDBFF'])('refuses a lone surrogate (%j) as invalid input naming the param, never a 500', (v) => {
    const err = thrown(() => buildUrl('https://h.test/api', '/e/{catalogueId}', { catalogueId: v }));
    expect(err).toBeInstanceOf(ToolError);
    expect(err.code).toBe('invalid_input');
    expect(err.message).toContain('catalogueId');
    expect(err.message).toContain('lone surrogate');
  });

  it('keeps a paired surrogate (an emoji) as its UTF-8 bytes', () => {
    expect(buildUrl('https://h.test/api', '/e/{v}', { v: 'a\u{1F600}' })).toBe('https://h.test/api/e/a%F0%9F%98%80');
  });

  it('a missing param is a programming error, not invalid input', () => {
    const err = thrown(() => buildUrl('https://h.test', '/e/{orgnr}', {}));
    expect(err).not.toBeInstanceOf(ToolError);
    expect(err.message).toContain('orgnr');
  });

  it.each([
    ['//evil.test/x', 'a protocol-relative template'],
    ['https://evil.test/x', 'an absolute template'],
    ['../other', 'a template above the base path'],
  ])('refuses %s (%s) because it leaves the base', (template) => {
    const err = thrown(() => buildUrl('https://h.test/api', template));
    expect(err).toBeInstanceOf(ToolError);
    expect(err.code).toBe('invalid_input');
  });
});

describe('buildUrl: query', () => {
  it('repeats array values, drops undefined and null, stringifies numbers and booleans', () => {
    const url = buildUrl('https://h.test', '/s', {}, {
      navn: 'equinor asa',
      kommune: ['0301', '4601'],
      page: 0,
      exact: false,
      skip: undefined,
      none: null,
      empty: [],
    });
    expect(url).toBe('https://h.test/s?exact=false&kommune=0301&kommune=4601&navn=equinor+asa&page=0');
    const params = new URL(url).searchParams;
    expect(params.getAll('kommune')).toEqual(['0301', '4601']);
    expect(params.has('skip')).toBe(false);
    expect(params.has('none')).toBe(false);
    expect(params.has('empty')).toBe(false);
  });

  it('encodes query values so they cannot add parameters', () => {
    const url = buildUrl('https://h.test', '/s', {}, { q: 'a&admin=true#frag' });
    expect(url).toBe('https://h.test/s?q=a%26admin%3Dtrue%23frag');
    expect([...new URL(url).searchParams.keys()]).toEqual(['q']);
  });

  it('keeps an empty string value', () => {
    expect(buildUrl('https://h.test', '/s', {}, { q: '' })).toBe('https://h.test/s?q=');
  });

  it('no query gives no question mark', () => {
    expect(buildUrl('https://h.test', '/s', {}, { a: undefined })).toBe('https://h.test/s');
  });
});
