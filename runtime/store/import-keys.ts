// The key file of earlier versions (.keys.json, or API_KEYS_FILE) is imported into the store: each
// key by its id, once (a key already there is left as it is, revoked or not), so the import can
// run at every start-up and from every replica.
import { existsSync } from 'node:fs';
import { readKeyFile } from '../auth/keys.js';
import type { Store } from './types.js';

export interface KeyImport {
  file: string;
  found: number;
  imported: number;
}

/** Undefined when there is no such file; throws naming the file when it cannot be read. */
export async function importKeyFile(store: Store, file: string): Promise<KeyImport | undefined> {
  if (!existsSync(file)) return undefined;
  let keys;
  try {
    keys = readKeyFile(file);
  } catch (err) {
    throw new Error(`the key file ${file} could not be read for import (${(err as Error).message})`);
  }
  let imported = 0;
  for (const k of keys) {
    if (typeof k?.id !== 'string' || typeof k.hash !== 'string') continue;
    if (await store.insertKey({ ...k, scopes: Array.isArray(k.scopes) ? k.scopes : [] })) imported += 1;
  }
  return { file, found: keys.length, imported };
}

/** The line that says what an import did. */
export function importLine(result: KeyImport): string {
  return `key file ${result.file}: imported ${result.imported} of ${result.found} keys into the store (${result.found - result.imported} were there already)`;
}
