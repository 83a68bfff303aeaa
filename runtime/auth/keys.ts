// API keys. Development keys come in clear from API_KEYS; issued keys live in a key file that
// stores only their SHA-256 hashes, with tier and scopes. Keys are long random strings, so a
// plain hash is enough: there is nothing to guess from it.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { LRUCache } from 'lru-cache';

export const TIERS = ['dev', 'pro', 'team', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];
export const SCOPES = ['mcp:tools', 'api:read'] as const;
export const DEFAULT_SCOPES: string[] = [...SCOPES];
/** Where `npm run keys` writes and the service reads when API_KEYS_FILE is unset: the working directory. */
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

interface KeyFile {
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

/**
 * Looks keys up by hash; re-reads the key file when its content changes, so issued and revoked
 * keys apply without a restart. A key file that cannot be read keeps the last good set.
 */
export class KeyStore {
  private byHash = new Map<string, KeyRecord>();
  /** The same keys by id: an OAuth grant names its key by id (runtime/oauth/tokens.ts). */
  private byId = new Map<string, KeyRecord>();
  /** Recent tokens and what they resolved to, so a request does not hash its key again; emptied on every reload. */
  private readonly recent = new LRUCache<string, KeyRecord | false>({ max: 10_000 });
  private fileDigest = '';
  private lastCheck = 0;
  private readonly envKeys: KeyRecord[];

  constructor(
    apiKeys: string | undefined,
    private readonly keyFile: string | undefined,
    private readonly checkEveryMs = 2_000,
    private readonly onError: (message: string) => void = (m) => process.emitWarning(m),
  ) {
    this.envKeys = parseApiKeys(apiKeys);
    this.setKeys([]);
    this.refresh();
  }

  get size(): number {
    return this.byHash.size;
  }

  private setKeys(fileKeys: KeyRecord[]): void {
    const map = new Map<string, KeyRecord>();
    for (const k of this.envKeys) map.set(k.hash, k);
    for (const k of fileKeys) if (!k.revokedAt) map.set(k.hash, k);
    this.byHash = map;
    this.byId = new Map([...map.values()].map((k) => [k.id, k]));
  }

  /** Compares the file's content (not its mtime, which can miss two writes in one clock step). */
  private refresh(): void {
    if (!this.keyFile) return;
    let text = '';
    try {
      text = existsSync(this.keyFile) ? readFileSync(this.keyFile, 'utf8') : '';
    } catch (err) {
      this.onError(`The key file ${this.keyFile} could not be read (${(err as Error).message}); keeping the keys loaded before`);
      return;
    }
    const digest = createHash('sha256').update(text).digest('hex');
    if (digest === this.fileDigest) return;
    try {
      const keys = text ? ((JSON.parse(text) as KeyFile).keys ?? []) : [];
      if (!Array.isArray(keys)) throw new Error('"keys" is not an array');
      this.setKeys(keys);
      this.recent.clear();
      this.fileDigest = digest;
    } catch (err) {
      this.onError(`The key file ${this.keyFile} is not valid (${(err as Error).message}); keeping the keys loaded before`);
    }
  }

  private refreshWhenDue(): void {
    const now = Date.now();
    if (this.keyFile && now - this.lastCheck >= this.checkEveryMs) {
      this.lastCheck = now;
      this.refresh();
    }
  }

  /** The active (not revoked) key with this id. */
  findById(id: string): KeyRecord | undefined {
    this.refreshWhenDue();
    return this.byId.get(id);
  }

  /** Creates a key in the key file (the consent page's Dev key signup) and returns it: shown once, stored as a hash. */
  issue(tier: Tier, label: string): { key: string; record: KeyRecord } {
    if (!this.keyFile) throw new Error('no key file to write the key to');
    const key = generateKey();
    const hash = hashKey(key);
    const record: KeyRecord = { id: hash.slice(0, 12), hash, tier, scopes: [...DEFAULT_SCOPES], label, createdAt: new Date().toISOString() };
    writeKeyFile(this.keyFile, [...readKeyFile(this.keyFile), record]);
    this.refresh();
    return { key, record };
  }

  lookup(key: string): KeyRecord | undefined {
    this.refreshWhenDue();
    const known = this.recent.get(key);
    if (known !== undefined) return known || undefined;
    const record = this.byHash.get(hashKey(key));
    this.recent.set(key, record ?? false);
    return record;
  }
}

/** The bearer token of an Authorization header, or undefined. */
export function bearerToken(header: string | undefined | null): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S{1,512})\s*$/i.exec(header);
  return match ? match[1] : undefined;
}
