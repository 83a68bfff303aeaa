// Static files of the /api/docs reference page, served by this service (no CDN) so that the page
// works without internet. Each asset is a fixed entry of a list: its URL names the version of the
// package it comes from (or the hash of its content), so it is cached for good and an upgrade
// changes it; no part of a request's path ever reaches the file system.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Context } from 'hono';
import type { AppEnv } from '../http/request.js';

export const JAVASCRIPT = 'text/javascript; charset=utf-8';
export const CSS = 'text/css; charset=utf-8';

export interface Asset {
  /** The path the page loads it from (under /api). */
  path: string;
  contentType: string;
  /** Headers of its own kind (an SVG's Content-Security-Policy), beside the ones every asset gets. */
  headers?: Record<string, string>;
  /** Reads its bytes; undefined when the package that holds it is not installed. */
  read?: () => Promise<Buffer>;
}

/** An asset that is a file (of an installed package), or none when `file` is undefined. */
export const fileAsset = (path: string, contentType: string, file: string | undefined): Asset => ({
  path,
  contentType,
  ...(file !== undefined && { read: () => readFile(file) }),
});

/** An asset held in memory, named by the hash of its content. */
export function textAsset(name: string, extension: string, contentType: string, text: string): Asset {
  const plain = Buffer.from(text);
  const hash = createHash('sha256').update(plain).digest('hex').slice(0, 12);
  return { path: `${name}-${hash}.${extension}`, contentType, read: async () => plain };
}

interface Loaded {
  plain: Buffer;
  gzipped: Buffer;
  etag: string;
}

/** A view of a Buffer's bytes, without a copy. */
const bytes = (b: Buffer) => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.length);

async function load(asset: Asset & { read: () => Promise<Buffer> }): Promise<Loaded> {
  const plain = await asset.read();
  const gzipped = await promisify(gzip)(plain);
  return { plain, gzipped, etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 22)}"` };
}

/** Whether an If-None-Match list names the tag (weak or strong: the content is the same either way). */
const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*') ?? false;

/** A handler that answers the asset (gzip when accepted, ETag, cached for a year); read on first use. */
export function assetHandler(asset: Asset, notInstalled: (c: Context<AppEnv>) => Response) {
  let loading: Promise<Loaded> | undefined;
  return async (c: Context<AppEnv>) => {
    const { read } = asset;
    if (!read) return notInstalled(c);
    loading ??= load({ ...asset, read });
    let loaded: Loaded;
    try {
      loaded = await loading;
    } catch {
      loading = undefined;
      return notInstalled(c);
    }
    const headers: Record<string, string> = {
      'content-type': asset.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      etag: loaded.etag,
      vary: 'accept-encoding',
      ...asset.headers,
    };
    if (matches(c.req.header('if-none-match'), loaded.etag)) return c.body(null, 304, headers);
    if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
      return c.body(bytes(loaded.gzipped), 200, { ...headers, 'content-encoding': 'gzip' });
    }
    return c.body(bytes(loaded.plain), 200, headers);
  };
}
