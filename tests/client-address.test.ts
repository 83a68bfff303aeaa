// The client address behind trusted proxies (issue 11 #6): TRUST_PROXY=<n> trusts the last n
// X-Forwarded-For entries (those the proxies appended), never what the client wrote to the left
// of them; a header too short or an entry that is no address falls back to the socket peer.
// Both HTTP paths (the Hono app and the Node fast path for POST /mcp/<slug>) apply it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../runtime/config.js';
import { forwardedClient, resolveClientAddress } from '../runtime/http/request.js';
import { createTestApp } from './helpers/app.js';
import { MCP_HEADERS, startLive, type LiveApp } from './helpers/live-app.js';

describe('forwardedClient', () => {
  it('takes the entry the outermost trusted proxy appended, counting from the right', () => {
    expect(forwardedClient('203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient('6.6.6.6, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient('6.6.6.6,198.51.100.2, 10.0.0.5', 2)).toBe('198.51.100.2');
    expect(forwardedClient('2001:db8::1, 10.0.0.5', 2)).toBe('2001:db8::1');
  });

  it('reads the address out of the port forms some proxies write', () => {
    expect(forwardedClient('203.0.113.7:51234', 1)).toBe('203.0.113.7');
    expect(forwardedClient('[2001:db8::1]:443', 1)).toBe('2001:db8::1');
  });

  it('has no answer when the header is shorter than the proxy chain or the entry is no address', () => {
    expect(forwardedClient('203.0.113.7', 2)).toBeUndefined();
    expect(forwardedClient('1.2.3.4, not-an-ip', 1)).toBeUndefined();
    expect(forwardedClient('1.2.3.4, ', 1)).toBeUndefined();
    expect(forwardedClient('1.2.3.4, 999.1.1.1', 1)).toBeUndefined();
  });

  it('falls back to the socket peer, and ignores the header when no proxy is trusted', () => {
    expect(resolveClientAddress('1.2.3.4, junk', '10.0.0.9', 1)).toBe('10.0.0.9');
    expect(resolveClientAddress('1.2.3.4', '10.0.0.9', 0)).toBe('10.0.0.9');
    expect(resolveClientAddress(undefined, '10.0.0.9', 1)).toBe('10.0.0.9');
    expect(resolveClientAddress(undefined, undefined, 1)).toBe('unknown');
  });
});

describe('TRUST_PROXY', () => {
  it('is a number of proxies; 1 and true mean one, unset, empty and false none', () => {
    const hops = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;
    expect([hops(), hops(''), hops('0'), hops('false')]).toEqual([0, 0, 0, 0]);
    expect([hops('1'), hops('true'), hops('2')]).toEqual([1, 1, 2]);
    for (const bad of ['yes', '-1', '1.5', '100']) expect(() => hops(bad)).toThrow(/TRUST_PROXY/);
  });
});

/** A client behind one proxy that writes a fresh X-Forwarded-For of its own every time. */
const spoofed = (i: number) => ({ 'x-forwarded-for': `10.9.${i}.1, 203.0.113.50` });

describe('a client that writes its own X-Forwarded-For gets no fresh allowance', () => {
  it('on the Hono app: the anonymous window counts the address the proxy appended', async () => {
    const t = createTestApp({ env: { TRUST_PROXY: '1', ANON_RATE_LIMIT: '2' } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.fetch('/catalogue.json', { headers: spoofed(i) })).status);
    expect(statuses).toEqual([200, 200, 429]);
    // Another client behind the same proxy has its own allowance.
    expect((await t.fetch('/catalogue.json', { headers: { 'x-forwarded-for': '203.0.113.51' } })).status).toBe(200);
  });

  describe('on the Node fast path for POST /mcp/<slug>', () => {
    let live: LiveApp;
    beforeAll(async () => {
      live = await startLive({ TRUST_PROXY: '1', ANON_RATE_LIMIT: '2' });
    });
    afterAll(() => live.close());

    it('counts tools/list against the address the proxy appended', async () => {
      const list = (i: number) =>
        live.fetch('/mcp/brreg', {
          method: 'POST',
          headers: { ...MCP_HEADERS, host: new URL(live.url).host, ...spoofed(i) },
          body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/list' }),
        });
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await list(i)).status);
      expect(statuses).toEqual([200, 200, 429]);
    });
  });
});
