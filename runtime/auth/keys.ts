// API keys. Development keys come in clear from API_KEYS; issued keys live in the store
// (runtime/store/), which holds only their SHA-256 hashes, with tier and scopes. Keys are long
// random strings, so a plain hash is enough: there is nothing to guess from it. The key file of
// earlier versions (.keys.json) is read once, to import it into the store.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

export const TIERS = ['dev', 'pro', 'team', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];
export const SCOPES = ['mcp:tools', 'api:read'] as const;
export const DEFAULT_SCOPES: string[] = [...SCOPES];
/** The key file of earlier versions, imported into the store at start-up when API_KEYS_FILE is unset: the working directory. */
export const DEFAULT_KEYS_FILE = '.keys.json';

export interface KeyRecord {
  /** Short public identifier (first 12 hex characters of the hash); safe to log. */
  id: string;
  hash: string;
  tier: Tier;
  scopes: string[];
  label?: string;
  createdAt: string;
  revokedAt?: string;
}

export interface KeyFile {
  keys: KeyRecord[];
}

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export function generateKey(): string {
  return `nod_${randomBytes(24).toString('base64url')}`;
}

function isTier(v: string): v is Tier {
  return (TIERS as readonly string[]).includes(v);
}

/**
 * `key:tier` pairs separated by commas; an optional third part lists scopes joined with `+`
 * (`key:pro:mcp:tools` is read as scope `mcp:tools`).
 */
export function parseApiKeys(value: string | undefined): KeyRecord[] {
  if (!value) return [];
  const out: KeyRecord[] = [];
  for (const pair of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [key, tier = 'dev', ...rest] = pair.split(':');
    if (!key || !isTier(tier)) throw new Error(`API_KEYS: "${pair.split(':')[0].slice(0, 4)}…" needs the form key:tier with tier one of ${TIERS.join(', ')}`);
    const scopes = rest.length ? rest.join(':').split('+').filter(Boolean) : DEFAULT_SCOPES;
    const unknown = scopes.filter((sc) => !(SCOPES as readonly string[]).includes(sc));
    if (unknown.length) throw new Error(`API_KEYS: unknown scope ${unknown.join(', ')}; scopes are ${SCOPES.join(', ')}`);
    const hash = hashKey(key);
    out.push({ id: hash.slice(0, 12), hash, tier, scopes, label: 'API_KEYS', createdAt: new Date(0).toISOString() });
  }
  return out;
}

export function readKeyFile(path: string): KeyRecord[] {
  if (!existsSync(path)) return [];
  const data = JSON.parse(readFileSync(path, 'utf8')) as KeyFile;
  return Array.isArray(data.keys) ? data.keys : [];
}

export function writeKeyFile(path: string, keys: KeyRecord[]): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, `${JSON.stringify({ keys } satisfies KeyFile, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, path);
}

/** The bearer token of an Authorization header, or undefined. */
export function bearerToken(header: string | undefined | null): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S{1,512})\s*$/i.exec(header);
  return match ? match[1] : undefined;
}
