// The script of the /api/docs reference page, served from the installed @scalar/api-reference
// package (its standalone browser bundle) instead of a CDN, so that the page works without
// internet and runs the version the lock file pins. The URL names the version: it can be cached
// for good, and an upgrade changes it.
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Context } from 'hono';
import type { AppEnv } from '../http/request.js';

export const SCALAR_PACKAGE = '@scalar/api-reference';

export interface ScriptAsset {
  /** The path the page loads it from (under /api). */
  path: string;
  /** The file in node_modules, or undefined when the package is not installed. */
  file?: string;
}

/** Where the installed bundle is; the package exports no path to it, so it is found beside its entry point. */
export function locateReferenceScript(): ScriptAsset {
  try {
    const entry = createRequire(import.meta.url).resolve(SCALAR_PACKAGE);
    const root = join(dirname(entry), '..');
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    return { path: `/docs/assets/api-reference-${version}.js`, file: join(root, 'dist/browser/standalone.js') };
  } catch {
    return { path: '/docs/assets/api-reference.js' };
  }
}

/** The installed bundle, found once. */
export const REFERENCE_SCRIPT = locateReferenceScript();

interface Loaded {
  plain: Buffer;
  gzipped: Buffer;
  etag: string;
}

/** A view of a Buffer's bytes, without a copy. */
const bytes = (b: Buffer) => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.length);

/** A handler that answers the script (gzip when accepted, ETag, cached for a year); read on first use. */
export function referenceScriptHandler(asset: ScriptAsset, notInstalled: (c: Context<AppEnv>) => Response) {
  let loading: Promise<Loaded> | undefined;
  const load = async (file: string): Promise<Loaded> => {
    const plain = await readFile(file);
    const gzipped = await promisify(gzip)(plain);
    return { plain, gzipped, etag: `"${asset.path.replace(/\W+/g, '-')}-${plain.length}"` };
  };
  return async (c: Context<AppEnv>) => {
    if (!asset.file) return notInstalled(c);
    loading ??= load(asset.file);
    let loaded: Loaded;
    try {
      loaded = await loading;
    } catch {
      loading = undefined;
      return notInstalled(c);
    }
    const headers: Record<string, string> = {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: loaded.etag,
      vary: 'accept-encoding',
    };
    if (c.req.header('if-none-match') === loaded.etag) return c.body(null, 304, headers);
    if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
      return c.body(bytes(loaded.gzipped), 200, { ...headers, 'content-encoding': 'gzip' });
    }
    return c.body(bytes(loaded.plain), 200, headers);
  };
}
