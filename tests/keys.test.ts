// API keys: API_KEYS parsing, bearer tokens, the key file of earlier versions, the verdict cache in
// front of the store, and the keys command run as a process (npm run keys) on a SQLite file.
// The command against both stores in process, and replicas sharing a store: tests/store-*.test.ts.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyStore, UNAVAILABLE } from '../runtime/auth/key-store.js';
import { DEFAULT_SCOPES, bearerToken, generateKey, hashKey, parseApiKeys, readKeyFile, writeKeyFile, type KeyRecord } from '../runtime/auth/keys.js';
import { openStore } from '../runtime/store/open.js';
import type { Store } from '../runtime/store/types.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'keys-test-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

let fileCount = 0;
const freshFile = () => join(dir, `keys-${(fileCount += 1)}.json`);

function record(key: string, tier: KeyRecord['tier'], extra: Partial<KeyRecord> = {}): KeyRecord {
  const hash = hashKey(key);
  return { id: hash.slice(0, 12), hash, tier, scopes: [...DEFAULT_SCOPES], createdAt: '2026-11-22T12:00:00.000Z', ...extra };
}

describe('parseApiKeys', () => {
  it('reads key:tier pairs with the default scopes, storing only hashes', () => {
    const keys = parseApiKeys(' alpha-key-000000000001:pro , beta-key-00000000002:enterprise,,');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toEqual({
      id: hashKey('alpha-key-000000000001').slice(0, 12),
      hash: hashKey('alpha-key-000000000001'),
      tier: 'pro',
      scopes: ['mcp:tools', 'api:read'],
      label: 'API_KEYS',
      createdAt: '1970-01-01T00:00:00.000Z',
    });
    expect(keys[1]).toMatchObject({ tier: 'enterprise', hash: hashKey('beta-key-00000000002') });
    expect(JSON.stringify(keys)).not.toContain('alpha-key');
  });

  it('a key without a tier is dev', () => {
    expect(parseApiKeys('lonely-key-0000000001')[0]).toMatchObject({ tier: 'dev', scopes: ['mcp:tools', 'api:read'] });
  });

  it('reads scopes joined with +, including scopes that contain a colon', () => {
    expect(parseApiKeys('k1:pro:mcp:tools')[0].scopes).toEqual(['mcp:tools']);
    expect(parseApiKeys('k2:team:api:read')[0].scopes).toEqual(['api:read']);
    expect(parseApiKeys('k3:team:mcp:tools+api:read')[0].scopes).toEqual(['mcp:tools', 'api:read']);
  });

  it('empty or missing input gives no keys', () => {
    expect(parseApiKeys(undefined)).toEqual([]);
    expect(parseApiKeys('')).toEqual([]);
  });

  it.each(['supersecretkey123456:gold', 'supersecretkey123456:', 'supersecretkey123456:Pro'])(
    'refuses a bad tier (%s) without printing the key',
    (value) => {
      let message = '';
      try {
        parseApiKeys(`ok-key-0000000000001:dev,${value}`);
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toContain('dev, pro, team, enterprise');
      expect(message).toContain('API_KEYS');
      expect(message).not.toContain('supersecretkey123456');
      expect(message).not.toContain('secretkey');
    },
  );

  it('refuses an empty key', () => {
    expect(() => parseApiKeys(':pro')).toThrow(/key:tier/);
  });
});

describe('bearerToken', () => {
  it.each([
    ['Bearer abc.def-123', 'abc.def-123'],
    ['bearer abc', 'abc'],
    ['BEARER   abc  ', 'abc'],
  ])('%j → %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });

  it.each([undefined, null, '', 'Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearer a b', 'Token abc', ' Bearer abc', `Bearer ${'x'.repeat(513)}`])(
    'no token in %j',
    (header) => {
      expect(bearerToken(header)).toBeUndefined();
    },
  );

  it('accepts a token of 512 characters', () => {
    expect(bearerToken(`Bearer ${'x'.repeat(512)}`)).toBe('x'.repeat(512));
  });
});

describe('generateKey and hashKey', () => {
  it('generates long, distinct keys and hashes them with SHA-256', () => {
    const a = generateKey();
    const b = generateKey();
    expect(a).toMatch(/^nod_[A-Za-z0-9_-]{32}$/);
    expect(a).not.toBe(b);
    expect(hashKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('the key file of earlier versions', () => {
  it('writeKeyFile writes {keys: [...]} readable by readKeyFile, mode 0600', () => {
    const file = freshFile();
    const rec = record(generateKey(), 'enterprise');
    writeKeyFile(file, [rec]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ keys: [rec] });
    expect(readKeyFile(file)).toEqual([rec]);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('a missing file, or one without a keys array, holds no keys', () => {
    expect(readKeyFile(join(dir, 'absent.json'))).toEqual([]);
    const file = freshFile();
    writeFileSync(file, '{"other": 1}');
    expect(readKeyFile(file)).toEqual([]);
  });
});

/** A store whose key look-ups can be made to fail, counting how often it is asked. */
function countingStore(inner: Store) {
  const state = { asked: 0, down: false };
  const store: Store = Object.create(inner);
  store.keyByHash = async (hash) => {
    state.asked += 1;
    if (state.down) throw new Error('connect ECONNREFUSED');
    return inner.keyByHash(hash);
  };
  store.keyById = async (id) => {
    state.asked += 1;
    if (state.down) throw new Error('connect ECONNREFUSED');
    return inner.keyById(id);
  };
  return { store, state };
}

describe('KeyStore: verdicts cached in front of the store', () => {
  let inner: Store;
  beforeAll(() => {
    inner = openStore({ databasePath: ':memory:' });
  });
  afterAll(() => inner.close());

  it('answers API_KEYS keys without asking the store', async () => {
    const { store, state } = countingStore(inner);
    const keys = new KeyStore('dev-key-0000000000001:dev,pro-key-0000000000002:pro', store);
    expect(keys.envSize).toBe(2);
    expect(keys.lookup('pro-key-0000000000002')).toMatchObject({ tier: 'pro', hash: hashKey('pro-key-0000000000002') });
    expect(keys.lookup('dev-key-0000000000001')).toMatchObject({ tier: 'dev' });
    expect(state.asked).toBe(0);
    expect(await keys.lookup('pro-key-0000000000003')).toBeUndefined();
    expect(state.asked).toBe(1);
  });

  it('asks the store once per key and interval; a revocation is seen once the verdict is older than the TTL', async () => {
    const { store, state } = countingStore(inner);
    let now = 1_000_000;
    const keys = new KeyStore(undefined, store, { ttlMs: 5_000, now: () => now });
    const key = generateKey();
    const rec = record(key, 'team');
    await inner.insertKey(rec);

    const first = keys.lookup(key);
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toMatchObject({ id: rec.id, tier: 'team' });
    // Within the TTL: answered at once, no promise, no query.
    now += 4_999;
    expect(keys.lookup(key)).toMatchObject({ id: rec.id });
    expect(state.asked).toBe(1);

    await inner.revokeKey(rec.id, '2026-11-22T12:00:00.000Z');
    expect(keys.lookup(key)).toMatchObject({ id: rec.id });
    now += 2;
    expect(await keys.lookup(key)).toBeUndefined();
    expect(state.asked).toBe(2);
    // The negative verdict is cached too.
    expect(keys.lookup(key)).toBeUndefined();
    expect(state.asked).toBe(2);
  });

  it('many requests of one key at once ask the store once', async () => {
    const { store, state } = countingStore(inner);
    const keys = new KeyStore(undefined, store);
    const key = generateKey();
    await inner.insertKey(record(key, 'pro'));
    const answers = await Promise.all(Array.from({ length: 20 }, () => keys.lookup(key)));
    expect(answers.every((a) => a && a !== UNAVAILABLE && a.tier === 'pro')).toBe(true);
    expect(state.asked).toBe(1);
  });

  it('while the store is down: a known verdict keeps working, an unseen key is unavailable', async () => {
    const { store, state } = countingStore(inner);
    let now = 0;
    const errors: string[] = [];
    const keys = new KeyStore(undefined, store, { ttlMs: 5_000, now: () => now, onError: (e) => errors.push(e.message) });
    const known = generateKey();
    await inner.insertKey(record(known, 'dev'));
    expect(await keys.lookup(known)).toMatchObject({ tier: 'dev' });

    state.down = true;
    now += 60_000;
    expect(await keys.lookup(known)).toMatchObject({ tier: 'dev' });
    // Retried at most once a second while it is down, answered from memory meanwhile.
    expect(keys.lookup(known)).toMatchObject({ tier: 'dev' });
    expect(await keys.lookup(generateKey())).toBe(UNAVAILABLE);
    expect(errors[0]).toContain('ECONNREFUSED');

    state.down = false;
    now += 1_001;
    expect(await keys.lookup(known)).toMatchObject({ tier: 'dev' });
  });
});

describe('KeyStore for the OAuth server: keys by id, and Dev keys made on the consent page', () => {
  let inner: Store;
  beforeAll(() => {
    inner = openStore({ databasePath: ':memory:' });
  });
  afterAll(() => inner.close());

  it('finds an active key by id through the verdict cache; revoked is undefined once the verdict is older than the TTL', async () => {
    const { store, state } = countingStore(inner);
    let now = 0;
    const keys = new KeyStore('pro-key-0000000000002:pro', store, { ttlMs: 5_000, now: () => now });
    expect(keys.findById(hashKey('pro-key-0000000000002').slice(0, 12))).toMatchObject({ tier: 'pro' });
    expect(state.asked).toBe(0);

    const key = generateKey();
    const rec = record(key, 'team');
    await inner.insertKey(rec);
    expect(await keys.findById(rec.id)).toMatchObject({ id: rec.id, tier: 'team' });
    expect(keys.findById(rec.id)).toMatchObject({ id: rec.id });
    expect(state.asked).toBe(1);
    await inner.revokeKey(rec.id, '2026-11-22T12:00:00.000Z');
    now += 5_001;
    expect(await keys.findById(rec.id)).toBeUndefined();
    expect(await keys.findById('000000000000')).toBeUndefined();
  });

  it('while the store is down: a key id seen before keeps its verdict, an unseen one is unavailable', async () => {
    const { store, state } = countingStore(inner);
    let now = 0;
    const keys = new KeyStore(undefined, store, { ttlMs: 5_000, now: () => now });
    const rec = record(generateKey(), 'dev');
    await inner.insertKey(rec);
    expect(await keys.findById(rec.id)).toMatchObject({ tier: 'dev' });
    state.down = true;
    now += 60_000;
    expect(await keys.findById(rec.id)).toMatchObject({ tier: 'dev' });
    expect(await keys.findById('ffffffffffff')).toBe(UNAVAILABLE);
  });

  it('issues a key into the store: the clear key once, only its hash stored, and it authenticates', async () => {
    const keys = new KeyStore(undefined, inner);
    const { key, record: issued } = await keys.issue('dev', 'OAuth consent page signup (test)');
    expect(key).toMatch(/^nod_/);
    const stored = await inner.keyById(issued.id);
    expect(stored).toMatchObject({ tier: 'dev', scopes: DEFAULT_SCOPES, label: 'OAuth consent page signup (test)', hash: hashKey(key) });
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(await keys.lookup(key)).toMatchObject({ id: issued.id });
  });

  it('refuses to issue without a store, and when the store is down', async () => {
    await expect(new KeyStore('k-0000000000000001:dev', undefined).issue('dev', 'x')).rejects.toThrow('no store');
    const { store, state } = countingStore(inner);
    store.insertKey = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    state.down = true;
    await expect(new KeyStore(undefined, store).issue('dev', 'x')).rejects.toThrow('ECONNREFUSED');
  });
});

describe('keys command (npm run keys) as a process, on a SQLite file', () => {
  const cli = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, ['--import', 'tsx', 'runtime/cli/keys.ts', ...args], { env: { ...process.env, ...env }, timeout: 15_000 }, (err, stdout, stderr) => {
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      });
    });

  it('creates, lists and revokes a key; the database holds only its hash', async () => {
    const env = { DATABASE_PATH: join(dir, 'cli.sqlite'), API_KEYS_FILE: join(dir, 'none.json') };
    const created = await cli(['create', '--tier', 'pro', '--label', 'ci runner'], env);
    expect(created.code, created.stderr).toBe(0);
    const lines = created.stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const key = lines[0];
    expect(key).toMatch(/^nod_[A-Za-z0-9_-]{32}$/);
    expect(created.stderr).not.toContain(key);
    const id = hashKey(key).slice(0, 12);
    expect(created.stderr).toContain(id);
    expect(readFileSync(env.DATABASE_PATH).includes(Buffer.from(key))).toBe(false);
    expect(readFileSync(env.DATABASE_PATH).includes(Buffer.from(hashKey(key)))).toBe(true);

    const listed = await cli(['list'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`${id}\\s+pro\\s+mcp:tools,api:read\\s+active`));
    expect(listed.stdout).toContain('ci runner');
    expect(listed.stdout).not.toContain(key);
    expect(listed.stdout).not.toContain(hashKey(key));

    const revoked = await cli(['revoke', id], env);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout.trim()).toBe(`revoked ${id}`);
    expect((await cli(['list'], env)).stdout).toMatch(new RegExp(`${id}\\s+pro\\s+\\S+\\s+revoked 20`));

    const [badTier, badScope, unknownId, unknownCommand, badUrl] = await Promise.all([
      cli(['create', '--tier', 'platinum'], env),
      cli(['create', '--tier', 'pro', '--scopes', 'admin:all'], env),
      cli(['revoke', 'deadbeef0000'], env),
      cli(['rotate'], env),
      cli(['list'], { ...env, DATABASE_URL: 'mysql://user:secret@db/x' }),
    ]);
    expect(badTier.code).not.toBe(0);
    expect(badTier.stderr).toContain('--tier must be one of dev, pro, team, enterprise');
    expect(badTier.stdout).toBe('');
    expect(badScope.stderr).toContain('unknown scope admin:all');
    expect(unknownId.code).not.toBe(0);
    expect(unknownId.stderr).toContain('no key with id deadbeef0000');
    expect(unknownCommand.stderr).toContain('usage');
    expect(badUrl.code).not.toBe(0);
    expect(badUrl.stderr).toContain('DATABASE_URL must be a postgres://');
    expect(badUrl.stderr).not.toContain('secret');
    expect((await cli(['list'], env)).stdout.split('\n').filter(Boolean)).toHaveLength(1);
  }, 90_000);

  it('--help prints the usage and touches no database', async () => {
    const path = join(dir, 'help.sqlite');
    const help = await cli(['--help'], { DATABASE_PATH: path });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('DATABASE_URL');
    expect(existsSync(path)).toBe(false);
  });
});
