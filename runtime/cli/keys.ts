// `npm run keys -- create --tier pro [--scopes mcp:tools,api:read] [--label text]`
// `npm run keys -- list` · `npm run keys -- revoke <id>`
// Keys are stored as SHA-256 hashes in API_KEYS_FILE (default .keys.json); a new key is printed once.
import { parseArgs } from 'node:util';
import { DEFAULT_SCOPES, SCOPES, TIERS, generateKey, hashKey, readKeyFile, writeKeyFile, type KeyRecord, type Tier } from '../auth/keys.js';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    tier: { type: 'string', default: 'dev' },
    scopes: { type: 'string' },
    label: { type: 'string' },
    file: { type: 'string' },
  },
});
const file = values.file ?? process.env.API_KEYS_FILE ?? '.keys.json';
const [command, arg] = positionals;

function die(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

switch (command) {
  case 'create': {
    const tier = values.tier as Tier;
    if (!TIERS.includes(tier)) die(`--tier must be one of ${TIERS.join(', ')}`);
    const scopes = values.scopes ? values.scopes.split(',').map((s) => s.trim()) : DEFAULT_SCOPES;
    const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
    if (unknown.length) die(`unknown scope ${unknown.join(', ')}; scopes are ${SCOPES.join(', ')}`);
    const key = generateKey();
    const hash = hashKey(key);
    const record: KeyRecord = { id: hash.slice(0, 12), hash, tier, scopes, label: values.label, createdAt: new Date().toISOString() };
    writeKeyFile(file, [...readKeyFile(file), record]);
    process.stdout.write(`${key}\n`);
    process.stderr.write(`Created key ${record.id} (tier ${tier}, scopes ${scopes.join(' ')}) in ${file}. The key is shown only now.\n`);
    break;
  }
  case 'list': {
    const keys = readKeyFile(file);
    if (keys.length === 0) process.stdout.write(`no keys in ${file}\n`);
    for (const k of keys) {
      process.stdout.write(`${k.id}  ${k.tier.padEnd(10)} ${k.scopes.join(',').padEnd(20)} ${k.revokedAt ? `revoked ${k.revokedAt}` : 'active'}  ${k.createdAt}  ${k.label ?? ''}\n`);
    }
    break;
  }
  case 'revoke': {
    if (!arg) die('usage: npm run keys -- revoke <id>');
    const keys = readKeyFile(file);
    const target = keys.find((k) => k.id === arg);
    if (!target) die(`no key with id ${arg} in ${file}`);
    target.revokedAt = new Date().toISOString();
    writeKeyFile(file, keys);
    process.stdout.write(`revoked ${arg}\n`);
    break;
  }
  default:
    die('usage: npm run keys -- create --tier dev|pro|team|enterprise [--scopes mcp:tools,api:read] [--label text] | list | revoke <id>');
}
