// `npm run keys -- create --tier pro [--scopes mcp:tools,api:read] [--label text]`
// `npm run keys -- list` · `npm run keys -- revoke <id>` · `npm run keys -- --help`
// Keys are stored as SHA-256 hashes in the key file that the service reads (API_KEYS_FILE, default
// .keys.json in the working directory); a new key is printed once. Mistakes are one line on stderr.
import { parseArgs } from 'node:util';
import { DEFAULT_KEYS_FILE, DEFAULT_SCOPES, SCOPES, TIERS, generateKey, hashKey, readKeyFile, writeKeyFile, type KeyRecord, type Tier } from '../auth/keys.js';

const USAGE = `usage: npm run keys -- <command> [--file path]
  create [--tier ${TIERS.join('|')}] [--scopes ${SCOPES.join(',')}] [--label text]
                  creates a key (tier dev unless given) and prints it once
  list            lists the keys of the file (ids, never the keys)
  revoke <id>     revokes the key with that id
The key file is --file, else API_KEYS_FILE, else ${DEFAULT_KEYS_FILE} in the working directory:
the one \`npm start\` reads, which picks up changes without a restart.`;

function die(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        tier: { type: 'string', default: 'dev' },
        scopes: { type: 'string' },
        label: { type: 'string' },
        file: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    // Node's message goes on about positional arguments after its first sentence.
    die(`${(err as Error).message.split('. ')[0]}; see npm run keys -- --help`);
  }
}

function create(file: string, tierName: string, scopeList: string | undefined, label: string | undefined): void {
  const tier = tierName as Tier;
  if (!TIERS.includes(tier)) die(`--tier must be one of ${TIERS.join(', ')}`);
  const scopes = scopeList ? scopeList.split(',').map((s) => s.trim()) : DEFAULT_SCOPES;
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length) die(`unknown scope ${unknown.join(', ')}; scopes are ${SCOPES.join(', ')}`);
  const key = generateKey();
  const hash = hashKey(key);
  const record: KeyRecord = { id: hash.slice(0, 12), hash, tier, scopes, label, createdAt: new Date().toISOString() };
  writeKeyFile(file, [...readKeyFile(file), record]);
  process.stdout.write(`${key}\n`);
  process.stderr.write(`Created key ${record.id} (tier ${tier}, scopes ${scopes.join(' ')}) in ${file}. The key is shown only now.\n`);
}

function list(file: string): void {
  const keys = readKeyFile(file);
  if (keys.length === 0) process.stdout.write(`no keys in ${file}\n`);
  for (const k of keys) {
    process.stdout.write(`${k.id}  ${k.tier.padEnd(10)} ${k.scopes.join(',').padEnd(20)} ${k.revokedAt ? `revoked ${k.revokedAt}` : 'active'}  ${k.createdAt}  ${k.label ?? ''}\n`);
  }
}

function revoke(file: string, id: string | undefined): void {
  if (!id) die('usage: npm run keys -- revoke <id>');
  const keys = readKeyFile(file);
  const target = keys.find((k) => k.id === id);
  if (!target) die(`no key with id ${id} in ${file}`);
  target.revokedAt = new Date().toISOString();
  writeKeyFile(file, keys);
  process.stdout.write(`revoked ${id}\n`);
}

const { positionals, values } = parse();
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const file = values.file ?? (process.env.API_KEYS_FILE || DEFAULT_KEYS_FILE);
const [command, arg] = positionals;
try {
  if (command === 'create') create(file, values.tier, values.scopes, values.label);
  else if (command === 'list') list(file);
  else if (command === 'revoke') revoke(file, arg);
  else die(command ? `unknown command ${command}\n${USAGE}` : USAGE);
} catch (err) {
  // An unreadable or malformed key file, a directory without write access: the cause, not a trace.
  die(`${file}: ${(err as Error).message}`);
}
