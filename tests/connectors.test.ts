// Connector routes: query and path parameters become the tool's arguments with the same
// validation as MCP; POST takes a JSON object; routes with fixed segments win over parameters.
import { describe, expect, it } from 'vitest';
import { byRouteSpecificity } from '../runtime/http/connectors.js';
import { KEYS, createTestApp } from './helpers/app.js';

const auth = { authorization: `Bearer ${KEYS.pro}` };

describe('route order', () => {
  it('puts fixed segments before parameters at the first difference', () => {
    const routes = ['/konkurs/:orgnr', '/konkurs/monthly', '/konkurs/enhet/:orgnr', '/enheter/:orgnr', '/enheter/:orgnr/roller'];
    expect([...routes].sort(byRouteSpecificity)).toEqual(['/enheter/:orgnr/roller', '/enheter/:orgnr', '/konkurs/enhet/:orgnr', '/konkurs/monthly', '/konkurs/:orgnr']);
  });
});

describe('connector routes', () => {
  const t = createTestApp();

  it('answers a tool with the same data as MCP', async () => {
    const res = await t.fetch('/api/connectors/brreg/enheter/923609016', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).navn).toBe('EQUINOR ASA');
  });

  it('reads numbers from the query and refuses non-numbers by field name', async () => {
    const bad = await t.fetch('/api/connectors/brreg/enheter/923609016/underenheter?size=abc', { headers: auth });
    expect(bad.status).toBe(400);
    const problem = await bad.json();
    expect(problem.detail).toMatch(/^size: must be of type number, not string/);
    expect(problem.svcRequestId).toBeTruthy();
    expect(problem.instance).toBe(`urn:uuid:${problem.svcRequestId}`);
  });

  it('refuses a scalar parameter given twice', async () => {
    const res = await t.fetch('/api/connectors/brreg/enheter/923609016/underenheter?size=5&size=6', { headers: auth });
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toContain('size: must be given once');
  });

  it('refuses unknown parameters by name', async () => {
    const res = await t.fetch('/api/connectors/brreg/enheter/923609016?foo=1', { headers: auth });
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toContain('unknown field "foo"');
  });

  it('takes a JSON object on POST and refuses anything else', async () => {
    const ok = await t.fetch('/api/connectors/brreg/enheter/923609016', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' });
    expect(ok.status).toBe(200);
    for (const body of ['[1]', '"x"', '{bad']) {
      const res = await t.fetch('/api/connectors/brreg/enheter/923609016', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body });
      expect(res.status, body).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
  });

  it('needs a key (401 Problem with WWW-Authenticate) and the api:read scope (403)', async () => {
    const none = await t.fetch('/api/connectors/brreg/enheter/923609016');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await none.json()).type).toBe('http://127.0.0.1:8787/errors/unauthorized');
    const scoped = await t.fetch('/api/connectors/brreg/enheter/923609016', { headers: { authorization: `Bearer ${KEYS.mcpOnly}` } });
    expect(scoped.status).toBe(403);
  });
});
