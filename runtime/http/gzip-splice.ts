// Gzip for an answer that is large and fixed but for a few bytes at its end (a tools/list answer
// and its request id). The fixed part is compressed once, at start-up, ending in a sync flush; an
// answer is that, one stored (uncompressed) final deflate block holding the tail, and the gzip
// trailer, whose CRC-32 continues from the fixed part's (RFC 1951 §3.2.4, RFC 1952 §2.3). No
// compression runs per request. A batch answer holds several such parts among other bytes: the
// parts' compressed blocks are spliced between stored blocks of the rest (gzipSpliced); each part
// was compressed from an empty window, so its back-references stay inside itself.
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

/** Stored (uncompressed) deflate blocks holding `data`, the last one final if `final`. */
function storedBlocks(data: Buffer, final: boolean): Buffer[] {
  const blocks: Buffer[] = [];
  let at = 0;
  do {
    const size = Math.min(MAX_STORED, data.length - at);
    const head = Buffer.allocUnsafe(5);
    head[0] = final && at + size === data.length ? 1 : 0;
    head.writeUInt16LE(size, 1);
    head.writeUInt16LE(~size & 0xffff, 3);
    blocks.push(head, data.subarray(at, at + size));
    at += size;
  } while (at < data.length);
  return blocks;
}

/**
 * One gzip member of `pieces` in order: a piece that `compressed` knows is spliced in compressed,
 * the others are stored. CRC-32 runs over every byte; nothing is compressed here.
 */
export function gzipSpliced(pieces: readonly Buffer[], compressed: (piece: Buffer) => GzipPrefix | undefined): Buffer[] {
  const out: Buffer[] = [GZIP_HEADER];
  let plain: Buffer[] = [];
  let crc = 0;
  let length = 0;
  const storePlain = (final: boolean) => {
    out.push(...storedBlocks(Buffer.concat(plain), final));
    plain = [];
  };
  for (const piece of pieces) {
    crc = crc32(piece, crc);
    length += piece.length;
    const known = compressed(piece);
    if (!known) {
      plain.push(piece);
      continue;
    }
    if (plain.length) storePlain(false);
    out.push(known.bytes.subarray(GZIP_HEADER.length));
  }
  storePlain(true);
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  out.push(trailer);
  return out;
}

const gzipVerdict = rememberByText((acceptEncoding) => new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding(['gzip', 'identity']) === 'gzip');

/** Whether an Accept-Encoding header prefers gzip to no encoding (q-values honoured). */
export function prefersGzip(acceptEncoding: string | undefined): boolean {
  return acceptEncoding ? gzipVerdict(acceptEncoding) : false;
}
