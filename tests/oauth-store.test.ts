// OAuth grants and tokens live in the service's store: a token issued before a restart on the same
// SQLite file still works after it (and its refresh token still rotates), and on PostgreSQL
// (DATABASE_URL) the code exchange and a tools/call with the token run as on SQLite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { discoverAuthorizationServerMetadata, refreshAuthorization } from '@modelcontextprotocol/sdk/client/auth.js';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from '../runtime/server.js';
import { KEYS } from './helpers/app.js';
import { freePort } from './helpers/free-port.js';
import { authorizeClient, MemoryClientProvider, startOAuthApp, storeRows } from './helpers/oauth.js';
import { skipPostgresTests, startPostgres, type TestPostgres } from './helpers/postgres-server.js';

const LOOKUP = { name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } };

// Connections of a fresh pool: the global one may hold keep-alive sockets of the app before a restart.
const pool = () => {
  const dispatcher = new Agent();
  return ((url: string | URL | Request, init?: RequestInit) => fetch(url, { ...init, dispatcher } as RequestInit)) as typeof fetch;
};

function toolsCall(base: string, token: string, fetchFn: typeof fetch = fetch) {
  return fetchFn(`${base}/mcp/brreg`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: LOOKUP }),
  });
}

/** The same port on both starts: a token is bound to the server URL, which names the port. */
async function appOn(port: number, env: Record<string, string>): Promise<Running> {
  return startOAuthApp({ PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, ...env });
}

describe('SQLite file: tokens survive a restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'oauth-store-'));
  const env = { DATABASE_PATH: join(dir, 'store.sqlite') };
  let running: Running | undefined;
  afterAll(async () => {
    await running?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a token issued before the restart still calls a tool after it, and its refresh token rotates', async () => {
    const port = await freePort();
    running = await appOn(port, env);
    const base = running.services.config.publicBaseUrl;
    const provider = new MemoryClientProvider();
    const { client } = await authorizeClient(base, provider, KEYS.pro);
    await client.close();
    expect((await toolsCall(base, provider.saved!.access_token)).status).toBe(200);
    await running.close();
    running = undefined;

    running = await appOn(port, env);
    const fresh = pool();
    const after = await toolsCall(base, provider.saved!.access_token, fresh);
    expect(after.status).toBe(200);
    expect(JSON.stringify(await after.json())).toContain('EQUINOR ASA');
    const metadata = await discoverAuthorizationServerMetadata(base, { fetchFn: fresh });
    const next = await refreshAuthorization(base, {
      metadata,
      clientInformation: provider.client!,
      refreshToken: provider.saved!.refresh_token!,
      resource: `${base}/mcp/brreg`,
      fetchFn: fresh,
    });
    expect(next.access_token).not.toBe(provider.saved!.access_token);
    expect((await toolsCall(base, next.access_token, fresh)).status).toBe(200);
  }, 60_000);

  it('keeps nothing but hashes in the file, and a token nobody issued is still refused', async () => {
    const dump = JSON.stringify(await storeRows(running!, 'oauth_artifacts'));
    expect(dump).toMatch(/"id_hash":"[0-9a-f]{64}"/);
    const base = running!.services.config.publicBaseUrl;
    expect((await toolsCall(base, 'not-a-token-of-anyone-00000000', pool())).status).toBe(401);
  });
});

describe.skipIf(skipPostgresTests)('PostgreSQL (DATABASE_URL)', () => {
  let server: TestPostgres;
  let running: Running | undefined;
  beforeAll(async () => {
    server = await startPostgres();
    running = await startOAuthApp({ DATABASE_URL: await server.createDatabase('oauth_store') });
  }, 60_000);
  afterAll(async () => {
    await running?.close();
    await server?.stop();
  });

  it('exchanges the code for tokens kept in PostgreSQL, and calls a tool with the token', async () => {
    expect(running!.services.store.kind).toBe('postgres');
    const base = running!.services.config.publicBaseUrl;
    const provider = new MemoryClientProvider();
    const { client } = await authorizeClient(base, provider, KEYS.pro);
    const result = await client.callTool(LOOKUP);
    expect(result.isError).toBeFalsy();
    await client.close();
    expect((await toolsCall(base, provider.saved!.access_token)).status).toBe(200);
    const rows = await storeRows(running!, 'oauth_artifacts');
    expect(rows.map((r) => r.kind)).toEqual(expect.arrayContaining(['AccessToken', 'RefreshToken', 'Grant', 'Client']));
    expect(JSON.stringify(rows)).not.toContain(provider.saved!.access_token);
  }, 60_000);
});
