// What the OAuth tests share: the service on a known loopback port (its PUBLIC_BASE_URL must be
// the URL clients use, since tokens are bound to it), an in-memory OAuthClientProvider for the MCP
// SDK's client, and (oauth-browser.ts) a browser stand-in that carries cookies through the consent page.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { pino } from 'pino';
import { loadConfig } from '../../runtime/config.js';
import { startServer, type Running } from '../../runtime/server.js';
import type { ServiceOptions } from '../../runtime/services.js';
import type { Driver } from '../../runtime/store/driver.js';
import { RECORDED_AT } from '../../runtime/upstream/recordings.js';
import { KEYS, replay } from './app.js';
import { freePort } from './free-port.js';
import { consent } from './oauth-browser.js';

export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

export async function startOAuthApp(env: Record<string, string> = {}, options: Partial<ServiceOptions> = {}): Promise<Running> {
  const port = await freePort();
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    UPSTREAM_MODE: 'replay',
    FIXED_NOW: RECORDED_AT,
    API_KEYS: `${KEYS.pro}:pro,${KEYS.dev}:dev,${KEYS.apiOnly}:pro:api:read`,
    // Keys, audit and OAuth artifacts in an in-memory SQLite store unless a test names a file or DATABASE_URL.
    DATABASE_PATH: ':memory:',
    ANON_RATE_LIMIT: '100000',
    ...env,
  });
  return startServer(config, { logger: pino({ level: 'silent' }), transport: replay(), ...options });
}

/** Rows of a table of the service's SQL store (a test's look behind the Store interface). */
export function storeRows(running: Running, table: 'oauth_artifacts' | 'api_keys'): Promise<Record<string, unknown>[]> {
  return (running.services.store as unknown as { db: Driver }).db.query(`SELECT * FROM ${table}`);
}

/** The client side's storage, in memory: what a real client keeps between runs. */
export class MemoryClientProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  /** The last authorization URL the SDK wanted the user's browser to open. */
  authorizationUrl?: URL;

  constructor(
    private readonly metadata: Partial<OAuthClientMetadata> = {},
    readonly clientMetadataUrl?: string,
  ) {}

  get redirectUrl(): string {
    return REDIRECT_URI;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'OAuth flow test client',
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...this.metadata,
    };
  }

  clientInformation() {
    return this.client;
  }

  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }

  tokens() {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }

  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }

  codeVerifier() {
    return this.verifier;
  }
}

/**
 * Connects an SDK client to `base`/mcp/`slug` with `provider`: its first tools/call (answered 401 before any tool is looked up) runs the SDK's
 * auth (discovery from the 401, registration, PKCE), the consent page is approved with `key`, and
 * the code is exchanged, so `provider.saved` holds the tokens.
 */
export async function authorizeClient(base: string, provider: MemoryClientProvider, key: string, slug = 'brreg') {
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp/${slug}`), { authProvider: provider });
  const client = new Client({ name: 'oauth-flow-test', version: '1.0.0' });
  await client.connect(transport);
  await expect(client.callTool({ name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } })).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.authorizationUrl).toBeDefined();
  const answer = await consent(provider.authorizationUrl!, base, { action: 'approve', key });
  expect(answer.redirect, `${answer.status} ${answer.page.slice(0, 800)}`).toBeDefined();
  expect(answer.redirect!.origin + answer.redirect!.pathname).toBe(REDIRECT_URI);
  const code = answer.redirect!.searchParams.get('code');
  expect(code).toBeTruthy();
  await transport.finishAuth(code!);
  return { client, transport };
}

export { Browser, consent } from './oauth-browser.js';
