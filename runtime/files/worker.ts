// The task side of an off-thread decode (off-thread-decode.ts): a worker module's default export is
// `decodeWorker(decode)`. It receives the body (handed over, not copied), counts a markup file's
// elements against its cap before any parse, runs the decode and answers a result that survives
// the thread boundary: a refusal comes back as its message and cap, since an error's class and
// fields do not cross it. Imported by workers: no app state.
import { countElements, DEFAULT_FILE_CAPS, FileCapExceeded, type CapName, type FileCaps, type ReadSoFar } from './caps.js';

export interface DecodeTask<I = unknown> {
  body: Uint8Array;
  /** What the file is, in messages: "Mattilsynet's smilefjes inspection file". */
  title: string;
  /** Caps given by the file's spec; count elements only when `elements` was given. */
  caps: Partial<FileCaps>;
  /** The decode's own options (data only: a CSV format). */
  input: I;
}

export type DecodeOutcome<D> =
  | { ok: true; value: D }
  | {
      ok: false;
      message: string;
      /** True when the message is the decoder's own account of the file (a ToolError or a cap), fit to show. */
      stated: boolean;
      cap?: { cap: CapName; limit: number; read: ReadSoFar };
    };

export type Decode<I, D> = (body: Buffer, input: I, caps: FileCaps, title: string) => D | Promise<D>;

export function decodeWorker<I, D>(decode: Decode<I, D>): (task: DecodeTask<I>) => Promise<DecodeOutcome<D>> {
  return async ({ body, title, caps: given, input }) => {
    const caps = { ...DEFAULT_FILE_CAPS, ...given };
    try {
      const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
      if (given.elements !== undefined && countElements(bytes, caps.elements) > caps.elements) {
        throw new FileCapExceeded(`${title} has more than ${caps.elements} elements; at most ${caps.elements} are read`, 'elements', caps.elements, { records: 0, cells: 0 });
      }
      return { ok: true, value: await decode(bytes, input, caps, title) };
    } catch (err) {
      if (err instanceof FileCapExceeded) return { ok: false, message: err.message, stated: true, cap: { cap: err.cap, limit: err.limit, read: err.read } };
      const message = err instanceof Error ? err.message : String(err);
      return { ok: false, message, stated: err instanceof Error && err.name === 'ToolError' };
    }
  };
}
