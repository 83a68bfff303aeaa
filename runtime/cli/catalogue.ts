// `npm run catalogue` writes catalogue.json and the README's server table from the registry;
// `--check` fails when either is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { SERVERS } from '../../servers/index.js';
import { renderCommittedCatalogue } from '../catalogue.js';
import { withServerTable } from '../readme-tables.js';
import { Registry } from '../registry.js';

// No credentials: the committed file describes an instance where none is set (and says so).
const registry = new Registry(SERVERS, { get: () => undefined });
const outputs = [
  { path: new URL('../../catalogue.json', import.meta.url), name: 'catalogue.json', render: () => renderCommittedCatalogue(registry) },
  { path: new URL('../../README.md', import.meta.url), name: 'README.md', render: () => withServerTable(readFileSync(new URL('../../README.md', import.meta.url), 'utf8'), registry) },
];
const read = (path: URL) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};
if (process.argv.includes('--check')) {
  const stale = outputs.filter((o) => read(o.path) !== o.render()).map((o) => o.name);
  if (stale.length) {
    process.stderr.write(`${stale.join(' and ')} ${stale.length > 1 ? 'are' : 'is'} stale: run \`npm run catalogue\` and commit.\n`);
    process.exit(1);
  }
  process.stdout.write('catalogue.json and the README server table are fresh\n');
} else {
  for (const o of outputs) writeFileSync(o.path, o.render());
  process.stdout.write(`wrote catalogue.json and the README server table (${registry.servers.length} servers)\n`);
}
