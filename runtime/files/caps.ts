// Caps on what a published file may hold, checked while it is read (in a worker thread), so that
// a file of a million columns or a billion cells is refused before memory grows rather than
// after (DESIGN.md "Bounded work"; issue 24 item 5). Imported by workers: no app state here.

export interface FileCaps {
  /** Fields in one record of a CSV file (its header included). */
  columns: number;
  /** Records of a CSV file (its header included). */
  records: number;
  /** Characters in one record of a CSV file (so also in any one field), counted as it is read. */
  recordChars: number;
  /** Fields of a CSV file in all: what the decoded file costs in memory and to hand back. */
  cells: number;
  /** Elements of an XML or HTML file (counted as `<` before a name), checked before it is parsed. */
  elements: number;
}

export type CapName = keyof FileCaps;

/**
 * The caps of a file that declares none: far above any file read today (the largest, Mattilsynet's,
 * has 25 columns, about 60 000 records and 1.5 million cells), far below what stalls the process
 * (a parsed cell costs some tens of bytes besides its text).
 */
export const DEFAULT_FILE_CAPS: FileCaps = {
  columns: 500,
  records: 1_000_000,
  recordChars: 1_000_000,
  cells: 5_000_000,
  elements: 2_000_000,
};

/** How far reading got when it stopped: the proof that the work was bounded. */
export interface ReadSoFar {
  records: number;
  cells: number;
}

/** A file that breaks a cap; the message names the file, the cap and the bound. */
export class FileCapExceeded extends Error {
  constructor(
    message: string,
    readonly cap: CapName,
    readonly limit: number,
    readonly read: ReadSoFar,
  ) {
    super(message);
    this.name = 'FileCapExceeded';
  }
}

/** Counts the elements of a markup file without parsing it: every `<` followed by a letter, `_` or `:`. */
export function countElements(body: Uint8Array, atMost: number): number {
  let count = 0;
  for (let at = body.indexOf(0x3c); at >= 0 && count <= atMost; at = body.indexOf(0x3c, at + 1)) {
    const next = body[at + 1];
    // A-Z, a-z, `_`, `:` or any non-ASCII byte (a name in another script); not `/`, `!` or `?`.
    if ((next >= 0x41 && next <= 0x5a) || (next >= 0x61 && next <= 0x7a) || next === 0x5f || next === 0x3a || next >= 0x80) count++;
  }
  return count;
}
