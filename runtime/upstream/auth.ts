// Credentials for upstream requests, read from the environment only and never logged. The token
// schemes (OAuth client credentials, Maskinporten) get their bearer token from a TokenCache
// (tokens.ts), which the upstream client owns.
import type { Deadline } from '../deadline.js';
import { fail } from '../errors.js';
import { authEnvVars, type UpstreamDefinition } from './catalogue.js';
import type { ExtraClaims } from './tokens.js';

/** Where bearer tokens come from (the upstream client's TokenCache). */
export interface TokenSource {
  authorization(def: UpstreamDefinition, extraClaims?: ExtraClaims, deadline?: Deadline): Promise<string>;
}

/** Where credentials and base-URL overrides come from (the process environment in production). */
export interface CredentialSource {
  get(name: string): string | undefined;
}

export const envCredentials = (env: NodeJS.ProcessEnv = process.env): CredentialSource => ({
  get: (name) => {
    const v = env[name];
    return v === undefined || v === '' ? undefined : v;
  },
});

export function missingCredentials(def: UpstreamDefinition, credentials: CredentialSource): string[] {
  return authEnvVars(def.auth).filter((name) => credentials.get(name) === undefined);
}

export async function authHeaders(def: UpstreamDefinition, credentials: CredentialSource, tokens?: TokenSource, deadline?: Deadline): Promise<Record<string, string>> {
  const auth = def.auth;
  switch (auth.type) {
    case 'none':
      return {};
    case 'header': {
      const key = credentials.get(auth.envVar);
      if (!key) throw fail.notConfigured(`${def.name} needs ${auth.envVar} on the server; the operator has not set it`, { extra: { missing: [auth.envVar] } });
      return { [auth.header]: `${auth.prefix ?? ''}${key}` };
    }
    case 'query': {
      // The key travels in the URL (authQuery); here only its presence is checked.
      if (!credentials.get(auth.envVar)) throw fail.notConfigured(`${def.name} needs ${auth.envVar} on the server; the operator has not set it`, { extra: { missing: [auth.envVar] } });
      return {};
    }
    case 'basic': {
      const user = credentials.get(auth.userEnvVar);
      if (!user) throw fail.notConfigured(`${def.name} needs ${auth.userEnvVar} on the server; the operator has not set it`, { extra: { missing: [auth.userEnvVar] } });
      // Some APIs (Frost) use the client id with an empty password: they declare no password variable.
      const password = auth.passwordEnvVar ? credentials.get(auth.passwordEnvVar) : '';
      if (password === undefined) {
        throw fail.notConfigured(`${def.name} needs ${auth.passwordEnvVar} on the server; the operator has not set it`, { extra: { missing: [auth.passwordEnvVar] } });
      }
      return { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
    }
    case 'oauth-client-credentials':
    case 'maskinporten': {
      // Every variable first (Maskinporten upstreams may need more than the key, e.g. a rettighetspakke).
      const missing = missingCredentials(def, credentials);
      if (missing.length > 0) {
        throw fail.notConfigured(`${def.name} needs ${missing.join(', ')}; set ${missing.length > 1 ? 'them' : 'it'} in the environment`, { extra: { missing } });
      }
      if (!tokens) throw new Error(`${def.id}: ${auth.type} authentication needs a token source`);
      return { authorization: await tokens.authorization(def, undefined, deadline) };
    }
  }
}

/** The query parameter of a `query` auth scheme, with its value; undefined for every other scheme. */
export function authQuery(def: UpstreamDefinition, credentials: CredentialSource): { param: string; value: string } | undefined {
  if (def.auth.type !== 'query') return undefined;
  const value = credentials.get(def.auth.envVar);
  return value === undefined ? undefined : { param: def.auth.param, value };
}
