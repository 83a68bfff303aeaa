// What start-up, `npm run migrate` and `npm run keys` do first: apply the migrations, then import
// the key file of earlier versions. Each step says what it did in one line.
import { importKeyFile, importLine } from './import-keys.js';
import type { Store } from './types.js';

export async function prepareStore(store: Store, keyFile: string | undefined, say: (line: string) => void): Promise<void> {
  const applied = await store.migrate();
  if (applied > 0) say(`store ${store.kind} (${store.where}): applied ${applied} migration${applied === 1 ? '' : 's'}`);
  const result = keyFile ? await importKeyFile(store, keyFile) : undefined;
  if (result) say(importLine(result));
}
