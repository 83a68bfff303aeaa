// A CSV file read under caps (caps.ts): csv-parse's parser is fed the body a chunk at a time, each
// completed record is checked (columns, records, cells in all) and, between chunks, the record
// still being read (its columns so far); csv-parse's own max_record_size bounds the characters of
// a record as they arrive. So reading stops at most one chunk past a cap, before memory grows.
// (A per-field `cast` hook would stop at the exact field, but csv-parse builds a context object
// for every field it casts: ten times slower on the 17 MB Mattilsynet file.) Records come back as
// arrays of strings: the compact shape to hand from a worker to the main thread (objects would
// repeat every column name in every row). Imported by workers: no app state.
import { Parser, type Options } from 'csv-parse';
import { FileCapExceeded, type FileCaps } from './caps.js';

/** Bytes fed to the parser at a time: how far past a cap on columns or cells reading may go. */
export const CSV_CHUNK_BYTES = 64 * 1024;

/** How a file is written: csv-parse's options that are data (no functions), and where the delimiter comes from. */
export interface CsvFormat {
  delimiter?: string;
  /** Take `;` or `,`, whichever the header row holds more of (a publisher that has used both). */
  delimiterFromHeader?: boolean;
  bom?: boolean;
  trim?: boolean;
  relax_quotes?: boolean;
  skip_empty_lines?: boolean;
}

/**
 * csv-parse's synchronous core, as its stream Parser holds it (`api`): what its sync `parse` runs
 * on the whole body at once, run here a chunk at a time.
 */
interface ParserCore {
  info: { lines: number };
  state: { record: unknown[] };
  parse(chunk: Buffer | undefined, end: boolean, push: (record: string[]) => void, close: () => void): Error | undefined;
}

/** The records of a CSV body, header included, each an array of strings; throws FileCapExceeded past a cap. */
export function readCsv(body: Uint8Array, format: CsvFormat, caps: FileCaps, title: string): string[][] {
  const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const { delimiterFromHeader, ...options } = format;
  const settings: Options = {
    skip_empty_lines: true,
    ...options,
    ...(delimiterFromHeader && { delimiter: headerDelimiter(buffer) }),
    // Records of any length are read (a short or long row is the mapping's business), up to the cap.
    relax_column_count: true,
    max_record_size: caps.recordChars,
  };
  const core = (new Parser(settings) as unknown as { api: ParserCore }).api;
  const rows: string[][] = [];
  // Records and fields read so far, the one that broke a cap included: the proof that reading stopped.
  let records = 0;
  let cells = 0;
  let refusal: FileCapExceeded | undefined;
  const stop = (cap: keyof FileCaps, what: string, open = 0) =>
    new FileCapExceeded(`${title} ${what}; at most ${caps[cap]} are read`, cap, caps[cap], { records, cells: cells + open });
  const check = (columns: number, open: number) => {
    if (columns > caps.columns) return stop('columns', `has a record of more than ${caps.columns} columns (line ${core.info.lines})`, open);
    if (cells + open > caps.cells) return stop('cells', `has more than ${caps.cells} cells`, open);
    if (records > caps.records) return stop('records', `has more than ${caps.records} records`, open);
    return undefined;
  };
  const push = (record: string[]) => {
    if (refusal) return;
    records++;
    cells += record.length;
    refusal = check(record.length, 0);
    if (!refusal) rows.push(record);
  };
  for (let at = 0; !refusal; at += CSV_CHUNK_BYTES) {
    const end = at + CSV_CHUNK_BYTES >= buffer.length;
    const err = core.parse(buffer.subarray(at, at + CSV_CHUNK_BYTES), end, push, () => {});
    if ((err as { code?: string } | undefined)?.code === 'CSV_MAX_RECORD_SIZE') {
      const line = (err as { lines?: number }).lines;
      throw stop('recordChars', `has a record of more than ${caps.recordChars} characters${line ? ` (line ${line})` : ''}`);
    }
    if (err) throw err;
    // The record still being read: its fields so far count against the caps too.
    const open = core.state.record.length;
    refusal ??= check(open, open);
    if (end) break;
  }
  if (refusal) throw refusal;
  return rows;
}

/** `;` when the first line holds more semicolons than commas, else `,`. */
function headerDelimiter(body: Buffer): string {
  const head = body.subarray(0, 2000).toString('utf8').split(/\r?\n/)[0] ?? '';
  return (head.match(/;/g)?.length ?? 0) > (head.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/**
 * Records as objects keyed by the header row, as csv-parse's `columns` option makes them: a short
 * record lacks the keys it has no field for, a long one's extra fields are left out, a repeated
 * name keeps its last field. For the main thread, after the arrays came back from the worker.
 */
export function recordsOf(rows: string[][], name: (column: string) => string = (c) => c): { header: string[]; records: Record<string, string>[] } {
  const header = (rows[0] ?? []).map(name);
  const records: Record<string, string>[] = [];
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r];
    const record: Record<string, string> = {};
    for (let i = 0; i < row.length && i < header.length; i++) record[header[i]] = row[i];
    records.push(record);
  }
  return { header, records };
}
