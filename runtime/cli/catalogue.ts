// `npm run catalogue` writes catalogue.json from the registry; `--check` fails when it is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { SERVERS } from '../../servers/index.js';
import { renderCommittedCatalogue } from '../catalogue.js';
import { Registry } from '../registry.js';

// No credentials: the committed file describes an instance where none is set (and says so).
const registry = new Registry(SERVERS, { get: () => undefined });
const text = renderCommittedCatalogue(registry);
const path = new URL('../../catalogue.json', import.meta.url);
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    current = '';
  }
  if (current !== text) {
    process.stderr.write('catalogue.json is stale: run `npm run catalogue` and commit it.\n');
    process.exit(1);
  }
  process.stdout.write('catalogue.json is fresh\n');
} else {
  writeFileSync(path, text);
  process.stdout.write(`wrote catalogue.json (${registry.servers.length} servers)\n`);
}
