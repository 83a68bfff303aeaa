// Paths that could leave /v1/connectors/{kilde}/ on the data backend, sent as real requests to
// the app: each answers a 400 Problem that names endepunkt, and none reaches the backend.
// (Plain `/../` and a lone `%2e%2e` segment are resolved by the URL parser before any router
// sees them, so they are not in this list; encoded forms that survive parsing are.)
import { describe, expect, it } from 'vitest';
import { KEYS, createTestApp } from './helpers/app.js';

const auth = { authorization: `Bearer ${KEYS.pro}` };

const VARIANTS: string[] = [
  'enheter%2F..%2F..%2Fadmin',
  '..%2Fadmin',
  '%2e%2e%2Fadmin',
  '%2E%2E%2Fadmin',
  '%2e%2E%2fadmin',
  '.%2e%2Fadmin',
  '%2e.%2Fadmin',
  'enheter%2F%2e%2e',
  'enheter%2F.',
  'enheter%2F..%2F..%2F..%2Fv1%2Fhealth',
  'enheter/..%2F..%2Fx',
  'enheter/%2e%2e%2Fx',
  'enheter/%2E%2e%2f%2E%2e%2fx',
  'enheter%5C..%5Cadmin',
  '..%5Cadmin',
  '%5C%5Cevil.example%5Cx',
  '%2e%2e%5cadmin',
  'enheter%00',
  '..%00%2Fadmin',
  'enheter%2500',
  '%252e%252e%252Fadmin',
  '%252E%252E%255Cadmin',
  'enheter%252F..',
  '%25252e%25252e%25252Fadmin',
  '%255C%255C',
  'enheter%2F%2Fadmin',
  '%2Fetc%2Fpasswd',
  'enheter%2F',
  '%EF%BC%8E%EF%BC%8E%2Fadmin',
  'enheter/%EF%BC%8E%EF%BC%8E',
  'enheter%EF%BC%8Fadmin',
  'enheter%EF%BC%BCadmin',
  'enheter%0D%0AX-Injected:%201',
  'enheter%09',
  'enheter%7F',
  '%C0%AE%C0%AE%2Fadmin',
  '..%c0%afadmin',
  'enheter%2F...%2Fx',
  'enheter%2F%20..%20',
  `${'a'.repeat(201)}`,
  `${'%61'.repeat(201)}`,
];

describe('traversal and encoding variants of endepunkt', () => {
  const t = createTestApp();
  const backendSends = () => t.services.upstream.sent.get('data-backend') ?? 0;

  it('has at least 30 variants', () => expect(VARIANTS.length).toBeGreaterThanOrEqual(30));

  it.each(VARIANTS)('GET /api/data/brreg/%s answers 400 and reaches no backend', async (variant) => {
    const before = backendSends();
    const res = await t.fetch(`/api/data/brreg/${variant}`, { headers: auth });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const p = await res.json();
    expect(p.type).toBe('http://127.0.0.1:8787/errors/invalid-input');
    expect(p.detail).toMatch(/endepunkt: /);
    expect(p.svcRequestId).toBeTruthy();
    expect(backendSends()).toBe(before);
  });

  it.each(VARIANTS.slice(0, 12))('POST /api/data/brreg/%s answers 400 too', async (variant) => {
    const before = backendSends();
    const res = await t.fetch(`/api/data/brreg/${variant}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(400);
    expect(backendSends()).toBe(before);
  });

  it('an unknown key with a traversal is refused before the key is looked up', async () => {
    const res = await t.fetch('/api/data/nope/..%2Fx', { headers: auth });
    expect(res.status).toBe(400);
  });

  it('a traversal in the key itself is just an unknown key', async () => {
    for (const k of ['..%2Fv1', '%2e%2e', 'brreg%2F..']) {
      const res = await t.fetch(`/api/data/${k}/enheter/923609016`, { headers: auth });
      expect([400, 404], k).toContain(res.status);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
  });

  it('a parser-resolved `..` never becomes a proxy call at all', async () => {
    const before = backendSends();
    const res = await t.fetch('/api/data/brreg/enheter/%2e%2e/%2e%2e/%2e%2e/v1/health', { headers: auth });
    // /api/data/brreg/enheter/../../../v1/health is /api/v1/health once parsed.
    expect(res.status).toBe(200);
    expect((await res.json()).live).toBe(true);
    expect(backendSends()).toBe(before);
  });

  it('ordinary encoded characters are decoded once and re-encoded per segment', async () => {
    const before = backendSends();
    const res = await t.fetch('/api/data/brreg/no%20such%3Froute', { headers: auth });
    // Reached the backend (which has no such route) as one segment, not as a query.
    expect(res.status).toBe(404);
    expect(backendSends()).toBe(before + 1);
  });
});
