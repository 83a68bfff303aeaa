// The keys command against the store (SQLite file or PostgreSQL, as the service would use):
// create prints a new key once and stores only its hash; list never shows a key or a hash; revoke
// marks a key revoked, which every replica refuses within KEY_CACHE_SECONDS. Mistakes are one
// line on stderr and exit code 1. The key file of earlier versions is imported first.
import { parseArgs } from 'node:util';
import { DEFAULT_SCOPES, SCOPES, TIERS, generateKey, hashKey, type Tier } from '../auth/keys.js';
import { loadConfig } from '../config.js';
import { openStore } from '../store/open.js';
import { prepareStore } from '../store/prepare.js';
import type { Store } from '../store/types.js';

export const USAGE = `usage: npm run keys -- <command>
  create [--tier ${TIERS.join('|')}] [--scopes ${SCOPES.join(',')}] [--label text]
                  creates a key (tier dev unless given) and prints it once
  list            lists the keys (ids, never the keys)
  revoke <id>     revokes the key with that id
Keys live in the store the service uses: PostgreSQL when DATABASE_URL is set, else the SQLite
file DATABASE_PATH (default .data/opendata.sqlite in the working directory). A running service
sees new and revoked keys within KEY_CACHE_SECONDS (default 5).`;

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

class Refusal extends Error {}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        tier: { type: 'string', default: 'dev' },
        scopes: { type: 'string' },
        label: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    // Node's message goes on about positional arguments after its first sentence.
    throw new Refusal(`${(err as Error).message.split('. ')[0]}; see npm run keys -- --help`);
  }
}

async function create(store: Store, io: Io, tierName: string, scopeList: string | undefined, label: string | undefined, now: Date): Promise<void> {
  const tier = tierName as Tier;
  if (!TIERS.includes(tier)) throw new Refusal(`--tier must be one of ${TIERS.join(', ')}`);
  const scopes = scopeList ? scopeList.split(',').map((s) => s.trim()) : DEFAULT_SCOPES;
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length) throw new Refusal(`unknown scope ${unknown.join(', ')}; scopes are ${SCOPES.join(', ')}`);
  if (label !== undefined && label.length > 200) throw new Refusal('--label must be at most 200 characters');
  const key = generateKey();
  const hash = hashKey(key);
  const id = hash.slice(0, 12);
  await store.insertKey({ id, hash, tier, scopes, label, createdAt: now.toISOString() });
  io.out(`${key}\n`);
  io.err(`Created key ${id} (tier ${tier}, scopes ${scopes.join(' ')}) in ${store.kind} ${store.where}. The key is shown only now.\n`);
}

async function list(store: Store, io: Io): Promise<void> {
  const keys = await store.listKeys();
  if (keys.length === 0) io.out(`no keys in ${store.kind} ${store.where}\n`);
  for (const k of keys) {
    const state = k.revokedAt ? `revoked ${k.revokedAt}` : 'active';
    io.out(`${k.id}  ${k.tier.padEnd(10)} ${k.scopes.join(',').padEnd(20)} ${state}  ${k.createdAt}  last used ${k.lastUsedAt ?? 'never'}  ${k.label ?? ''}\n`);
  }
}

async function revoke(store: Store, io: Io, id: string | undefined, now: Date): Promise<void> {
  if (!id) throw new Refusal('usage: npm run keys -- revoke <id>');
  if (await store.revokeKey(id, now.toISOString())) {
    io.out(`revoked ${id}\n`);
    return;
  }
  const known = (await store.listKeys()).find((k) => k.id === id);
  throw new Refusal(known ? `key ${id} was already revoked (${known.revokedAt})` : `no key with id ${id} in ${store.kind} ${store.where}`);
}

export interface KeysCommandOptions {
  env?: NodeJS.ProcessEnv;
  /** A store made by the caller (tests); otherwise the one the environment names, closed at the end. */
  store?: Store;
  now?: () => Date;
}

/** Runs `npm run keys -- <argv>`; answers the exit code. */
export async function runKeysCommand(argv: string[], io: Io, options: KeysCommandOptions = {}): Promise<number> {
  const now = options.now ?? (() => new Date());
  let store = options.store;
  try {
    const { positionals, values } = parse(argv);
    const [command, arg] = positionals;
    if (values.help) {
      io.out(`${USAGE}\n`);
      return 0;
    }
    if (!['create', 'list', 'revoke'].includes(command ?? '')) throw new Refusal(command ? `unknown command ${command}\n${USAGE}` : USAGE);
    const config = loadConfig(options.env ?? process.env);
    store ??= openStore(config);
    await prepareStore(store, config.apiKeysFile, (line) => io.err(`${line}\n`));
    if (command === 'create') await create(store, io, values.tier, values.scopes, values.label, now());
    else if (command === 'list') await list(store, io);
    else await revoke(store, io, arg, now());
    return 0;
  } catch (err) {
    // A bad setting, an unreachable database, a directory without write access: the cause, not a trace.
    io.err(`${err instanceof Refusal ? '' : 'keys: '}${(err as Error).message}\n`);
    return 1;
  } finally {
    if (store && store !== options.store) await store.close().catch(() => undefined);
  }
}
