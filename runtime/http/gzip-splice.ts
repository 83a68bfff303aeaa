// Gzip for an answer that is large and fixed but for a few bytes at its end (a tools/list answer
// and its request id). The fixed part is compressed once, at start-up, ending in a sync flush; an
// answer is that, one stored (uncompressed) final deflate block holding the tail, and the gzip
// trailer, whose CRC-32 continues from the fixed part's (RFC 1951 §3.2.4, RFC 1952 §2.3). No
// compression runs per request.
import { constants, crc32, deflateRawSync } from 'node:zlib';
import Negotiator from 'negotiator';
import { rememberByText } from '../text-memo.js';

export interface GzipPrefix {
  /** Gzip header and the deflate blocks of the fixed part, byte-aligned, not final. */
  bytes: Buffer;
  crc: number;
  length: number;
}

/** Gzip header: magic, deflate, no flags, no time, no extra flags, OS unknown (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
const MAX_STORED = 0xffff;

export function gzipPrefix(fixed: Buffer): GzipPrefix {
  const deflated = deflateRawSync(fixed, { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_SYNC_FLUSH });
  return { bytes: Buffer.concat([GZIP_HEADER, deflated]), crc: crc32(fixed), length: fixed.length };
}

/** The whole gzip member: prefix, `tail` as a final stored block, trailer. */
export function gzipWithTail(prefix: GzipPrefix, tail: Buffer): Buffer[] {
  if (tail.length > MAX_STORED) throw new RangeError('the tail of a spliced gzip answer is at most 65535 bytes');
  const block = Buffer.allocUnsafe(5 + tail.length + 8);
  block[0] = 1; // BFINAL = 1, BTYPE = 00 (stored)
  block.writeUInt16LE(tail.length, 1);
  block.writeUInt16LE(~tail.length & 0xffff, 3);
  tail.copy(block, 5);
  block.writeUInt32LE(crc32(tail, prefix.crc), 5 + tail.length);
  block.writeUInt32LE((prefix.length + tail.length) >>> 0, 9 + tail.length);
  return [prefix.bytes, block];
}

const gzipVerdict = rememberByText((acceptEncoding) => new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding(['gzip', 'identity']) === 'gzip');

/** Whether an Accept-Encoding header prefers gzip to no encoding (q-values honoured). */
export function prefersGzip(acceptEncoding: string | undefined): boolean {
  return acceptEncoding ? gzipVerdict(acceptEncoding) : false;
}
