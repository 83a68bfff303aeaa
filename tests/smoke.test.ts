import { describe, expect, it } from 'vitest';
import { callTool, createTestApp, rpc } from './helpers/app.js';

describe('smoke', () => {
  it('answers brreg.enhet.lookup from a recording', async () => {
    const t = createTestApp();
    const r = await callTool(t, 'brreg', 'brreg.enhet.lookup', { orgnr: '923609016' });
    expect(r.isError).toBe(false);
    expect(r.data.navn).toBe('EQUINOR ASA');
  });
  it('lists tools without a key', async () => {
    const t = createTestApp();
    const r = await rpc(t, 'brreg', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(r.status).toBe(200);
    expect(r.body.result.tools.length).toBeGreaterThan(0);
  });
});
