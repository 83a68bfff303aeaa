// `npm run catalogue` writes catalogue.json, the README's server table and registry/<slug>.json
// (each server's server.json for the MCP Registry) from the registry; `--check` fails when any of
// them is stale, or when registry/ holds a file no server makes.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SERVERS } from '../../servers/index.js';
import { renderCommittedCatalogue } from '../catalogue.js';
import { withServerTable } from '../readme-tables.js';
import { Registry } from '../registry.js';
import { REGISTRY_DIR, renderCommittedRegistry } from '../server-card.js';

const root = new URL('../../', import.meta.url);
const version = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string }).version;
// No credentials: the committed file describes an instance where none is set (and says so).
const registry = new Registry(SERVERS, { get: () => undefined });
const entries = renderCommittedRegistry(registry, version);
const registryDir = new URL(`${REGISTRY_DIR}/`, root);
const outputs = [
  { path: new URL('catalogue.json', root), name: 'catalogue.json', render: () => renderCommittedCatalogue(registry) },
  { path: new URL('README.md', root), name: 'README.md', render: () => withServerTable(readFileSync(new URL('README.md', root), 'utf8'), registry) },
  ...[...entries].map(([file, text]) => ({ path: new URL(file, registryDir), name: `${REGISTRY_DIR}/${file}`, render: () => text })),
];
const read = (path: URL) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};
const listed = () => {
  try {
    return readdirSync(registryDir);
  } catch {
    return [];
  }
};
const strays = () => listed().filter((file) => !entries.has(file));
if (process.argv.includes('--check')) {
  const stale = [...outputs.filter((o) => read(o.path) !== o.render()).map((o) => o.name), ...strays().map((f) => `${REGISTRY_DIR}/${f} (no server makes it)`)];
  if (stale.length) {
    process.stderr.write(`stale: ${stale.join(', ')}. Run \`npm run catalogue\` and commit.\n`);
    process.exit(1);
  }
  process.stdout.write(`catalogue.json, the README server table and ${REGISTRY_DIR}/ are fresh\n`);
} else {
  mkdirSync(registryDir, { recursive: true });
  for (const file of strays()) rmSync(new URL(file, registryDir));
  for (const o of outputs) writeFileSync(o.path, o.render());
  process.stdout.write(`wrote catalogue.json, the README server table and ${REGISTRY_DIR}/ (${registry.servers.length} servers)\n`);
}
