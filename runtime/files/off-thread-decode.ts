// The main-thread side of reading a published file (runtime/file-index.ts): the body is handed to a
// worker thread (worker.ts) with the file's caps, read there within a time budget, and the decoded
// file comes back by structured clone. A file that breaks a cap or the budget fails with a
// ToolError naming it, which fails the refresh and keeps the last good index (DESIGN.md "Bounded
// work"). One pool of one thread per worker module: files are read one at a time, never on the
// cores that answer requests.
import { Piscina } from 'piscina';
import { fail } from '../errors.js';
import { OffThread, OffThreadBusy, OffThreadTimeout } from '../off-thread.js';
import type { FileCaps } from './caps.js';
import type { CsvFormat } from './csv.js';
import type { DecodeOutcome, DecodeTask } from './worker.js';

/** A file's reading budget unless its spec gives one: ten times what the largest file read today takes. */
export const DEFAULT_DECODE_BUDGET_MS = 60_000;
/** Files waiting to be read by one worker module at most; past it a refresh fails at once (and is retried later). */
const MAX_WAITING = 16;

/** How a file is decoded off the main thread: `D` is what the worker answers. */
export interface OffThreadDecode<D = unknown, I = unknown> {
  /** The worker module by its path in the repository (runtime/off-thread.ts). */
  worker: string;
  /** The decode's options, as data (they cross to the worker by structured clone). */
  input?: I;
  /** Caps over DEFAULT_FILE_CAPS (caps.ts); `elements` is counted only when given. */
  caps?: Partial<FileCaps>;
  budgetMs?: number;
  /** Type only: what the worker answers. */
  readonly decoded?: D;
}

export const CSV_WORKER = 'runtime/files/csv.worker.ts';

/** A CSV file read by the shared CSV worker (csv.worker.ts): its records as arrays of strings, header first. */
export function csvFile(format: CsvFormat, caps: Partial<FileCaps> = {}, budgetMs?: number): OffThreadDecode<string[][], CsvFormat> {
  return { worker: CSV_WORKER, input: format, caps, ...(budgetMs !== undefined && { budgetMs }) };
}

const pools = new Map<string, OffThread<unknown, DecodeOutcome<unknown>>>();

/** Decodes `body` in the spec's worker; rejects with a ToolError naming a broken cap or budget. */
export async function decodeOffThread<D>(spec: OffThreadDecode<D>, body: Buffer, title: string): Promise<D> {
  let pool = pools.get(spec.worker);
  if (!pool) pools.set(spec.worker, (pool = new OffThread(spec.worker, { maxThreads: 1, maxQueue: MAX_WAITING })));
  const budgetMs = spec.budgetMs ?? DEFAULT_DECODE_BUDGET_MS;
  const bytes = ownCopy(body);
  const task: DecodeTask = { body: bytes, title, caps: spec.caps ?? {}, input: spec.input };
  let outcome: DecodeOutcome<unknown>;
  try {
    // Moved, not cloned: the bytes' memory changes thread instead of being serialised and copied.
    outcome = await pool.run(Piscina.move({ [Piscina.transferableSymbol]: bytes.buffer, [Piscina.valueSymbol]: task } as never), budgetMs);
  } catch (err) {
    if (err instanceof OffThreadTimeout) {
      throw fail.upstream(`${title} took longer than ${budgetMs / 1000} s to read (its budget); it is not read`, { extra: { cap: 'budgetMs', limit: budgetMs } });
    }
    if (err instanceof OffThreadBusy) throw fail.upstream(`${title} was not read: ${MAX_WAITING} files are already waiting to be read`);
    throw err;
  }
  if (outcome.ok) return outcome.value as D;
  // A decoder's own account of the file is shown as it stands; anything else the upstream layer names generically.
  if (outcome.stated) throw fail.upstream(outcome.message, outcome.cap && { extra: outcome.cap });
  throw new Error(outcome.message);
}

/**
 * The body in memory of its own, to move to the worker. The body itself is not moved: the upstream
 * layer may still hold it (a recording replayed again, a small body inside Node's shared buffer
 * pool), and moving detaches it there. One copy here instead of the two of a structured clone.
 */
function ownCopy(body: Buffer): Uint8Array {
  return new Uint8Array(body);
}

/** Stops the decode workers (tests, shutdown). */
export async function closeDecodeWorkers(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((p) => p.close()));
}
