// `npm run migrate`: applies the store's migrations (and imports the key file of earlier
// versions), then exits. Start-up does the same, so this is for deployments that migrate in a
// step of their own before starting replicas. Safe to run twice and from two places at once.
import { loadConfig } from '../config.js';
import { openStore } from '../store/open.js';
import { prepareStore } from '../store/prepare.js';

try {
  const config = loadConfig(process.env);
  const store = openStore(config);
  try {
    await prepareStore(store, config.apiKeysFile, (line) => process.stdout.write(`${line}\n`));
    process.stdout.write(`store ${store.kind} (${store.where}) is up to date\n`);
  } finally {
    await store.close();
  }
} catch (err) {
  process.stderr.write(`migrate: ${(err as Error).message}\n`);
  process.exitCode = 1;
}
