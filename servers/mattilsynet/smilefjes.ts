// Mattilsynet's smilefjes inspections: the open CSV file read once into an in-memory index (one
// FileIndex, runtime/file-index.ts), shared by every caller and refreshed in the background; no
// call downloads the file.
//
// The file (https://data.mattilsynet.no/smilefjes-tilsyn.csv, about 17 MB, updated daily, CC BY 4.0
// per its data.norge.no entry): UTF-8 with a byte-order mark, `;`-separated, one row per
// inspection since 2016, fields quoted with "" escapes where needed. Header:
//   tilsynsobjektid;orgnummer;navn;adrlinje1;adrlinje2;postnr;poststed;tilsynid;sakref;status;dato;
//   total_karakter;tilsynsbesoektype;tema1_no;tema1_nn;karakter1;…;tema4_no;tema4_nn;karakter4
// `dato` is ddmmyyyy; `total_karakter` is the smilefjes grade 0-3 (0 no breach, 1 minor breach,
// both a smile; 2 strekmunn; 3 surmunn); the themes' `karakterN` may also be 4 (not assessed) or
// 5 (not relevant). Sources: the dataset entry on data.norge.no (288aa74c-…), Mattilsynet's page
// "Dette ser vi etter på smilefjestilsyn" (four themes, the worst grade decides the face), and
// public parsers of the file that fix header, delimiter, BOM and date format (UPSTREAMS.md B17).
// UNCONFIRMED: the meaning of `tilsynsbesoektype` values (passed on as the file writes them).
import type { ToolContext } from '../../runtime/context.js';
import { fail } from '../../runtime/errors.js';
import { FileIndex, type Freshness } from '../../runtime/file-index.js';
import { DEFAULT_FILE_CAPS, type FileCaps } from '../../runtime/files/caps.js';
import { readCsv, recordsOf, type CsvFormat } from '../../runtime/files/csv.js';
import { csvFile } from '../../runtime/files/off-thread-decode.js';
import { MATTILSYNET_DATA } from './upstream.js';

export const TILSYN_PATH = '/smilefjes-tilsyn.csv';
export const REGISTER = 'Mattilsynet, smilefjestilsyn på serveringssteder';
export const DATASET_URL = 'https://data.norge.no/datasets/288aa74c-e3d3-492e-9ede-e71503b3bfd9';
/** The file changes once a day; six hours keeps an answer at most a few hours behind it. */
export const REFRESH_AFTER_MS = 6 * 3600_000;

const REQUIRED = ['tilsynsobjektid', 'orgnummer', 'navn', 'adrlinje1', 'adrlinje2', 'postnr', 'poststed', 'tilsynid', 'dato', 'total_karakter', 'tilsynsbesoektype'] as const;

/** The names of the grades 0-3 (0 is best), and `unknown` for an inspection without a total grade. */
export const RATINGS = ['excellent', 'good', 'fair', 'poor'] as const;
export type Rating = (typeof RATINGS)[number] | 'unknown';
/** The face on the door for each grade: 0 and 1 a smile, 2 a straight mouth, 3 a sad mouth. */
const FACES = ['smil', 'smil', 'strekmunn', 'surmunn'] as const;

export interface Inspection {
  tilsynid: string;
  tilsynsobjektid: string;
  navn: string;
  orgnummer: string | null;
  adresse: string | null;
  postnummer: string | null;
  poststed: string | null;
  dato: string | null;
  score: number | null;
  scoreRaw: string;
  karakter: Rating;
  smilefjes: (typeof FACES)[number] | null;
  tilsynsbesoektype: string | null;
  temaer: { tema: string; karakter: string }[];
}

type Row = Record<string, string | undefined>;

const TITLE = "Mattilsynet's smilefjes inspection file";
const TILSYN_FORMAT: CsvFormat = { delimiter: ';', bom: true, relax_quotes: true, skip_empty_lines: true };
/**
 * The file has 25 columns and about 60 000 rows of some 300 characters (1.5 million cells),
 * growing by some 10 000 rows a year: the caps leave room for decades of that, and refuse the
 * file of a million columns of issue 24 within 64 KiB of its 201st field.
 */
const TILSYN_CAPS: Partial<FileCaps> = { columns: 200, records: 500_000, recordChars: 100_000, cells: 5_000_000 };

/** The file's rows keyed by its header, after the header is checked (a failure is Mattilsynet's). */
export function tilsynRows(table: string[][]): Row[] {
  const { header, records } = recordsOf(table, (name) => name.trim());
  const missing = REQUIRED.filter((name) => !header.includes(name));
  if (missing.length > 0) {
    throw fail.upstream(`Mattilsynet's smilefjes file lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: its format may have changed`);
  }
  return records;
}

/** The file's rows, read here on the calling thread under the same caps as the index reads it (tests). */
export function parseTilsynCsv(body: Buffer): Row[] {
  return tilsynRows(readCsv(body, TILSYN_FORMAT, { ...DEFAULT_FILE_CAPS, ...TILSYN_CAPS }, TITLE));
}

const clean = (value: string | undefined) => {
  const v = value?.trim();
  return v ? v : null;
};

/** ddmmyyyy → YYYY-MM-DD; anything else → null. */
export function isoDate(ddmmyyyy: string | undefined): string | null {
  const v = ddmmyyyy?.trim() ?? '';
  return /^\d{8}$/.test(v) ? `${v.slice(4)}-${v.slice(2, 4)}-${v.slice(0, 2)}` : null;
}

export function toInspection(r: Row): Inspection {
  const raw = r.total_karakter?.trim() ?? '';
  const score = /^[0-3]$/.test(raw) ? Number(raw) : null;
  const temaer: Inspection['temaer'] = [];
  for (let i = 1; i <= 4; i += 1) {
    const tema = clean(r[`tema${i}_no`]);
    if (tema) temaer.push({ tema, karakter: r[`karakter${i}`]?.trim() ?? '' });
  }
  const adresse = [clean(r.adrlinje1), clean(r.adrlinje2)].filter((x) => x !== null).join(', ');
  return {
    tilsynid: r.tilsynid?.trim() ?? '',
    tilsynsobjektid: r.tilsynsobjektid?.trim() ?? '',
    navn: r.navn?.trim() ?? '',
    orgnummer: clean(r.orgnummer),
    adresse: adresse || null,
    postnummer: clean(r.postnr),
    poststed: clean(r.poststed),
    dato: isoDate(r.dato),
    score,
    scoreRaw: raw,
    karakter: score === null ? 'unknown' : RATINGS[score],
    smilefjes: score === null ? null : FACES[score],
    tilsynsbesoektype: clean(r.tilsynsbesoektype),
    temaer,
  };
}

/** Lower case, single spaces: what names and places are compared in. */
export const fold = (text: string) => text.toLocaleLowerCase('nb').normalize('NFC').replace(/\s+/g, ' ').trim();

export class TilsynIndex {
  /** Newest inspection first; inspections of one day by name. */
  readonly rows: Inspection[];
  readonly names: string[];
  readonly places: string[];

  constructor(rows: Inspection[]) {
    this.rows = [...rows].sort((a, b) => (b.dato ?? '').localeCompare(a.dato ?? '') || a.navn.localeCompare(b.navn, 'nb') || a.tilsynid.localeCompare(b.tilsynid));
    this.names = this.rows.map((r) => fold(r.navn));
    this.places = this.rows.map((r) => fold(r.poststed ?? ''));
  }

  static build(rows: Row[]): TilsynIndex {
    return new TilsynIndex(rows.map(toInspection).filter((r) => r.tilsynid !== '' && r.navn !== ''));
  }
}

const TILSYN = new FileIndex<string[][], TilsynIndex>({
  title: TITLE,
  register: REGISTER,
  withoutIt: 'no inspection can be searched',
  upstream: MATTILSYNET_DATA.id,
  path: TILSYN_PATH,
  decodeOffThread: csvFile(TILSYN_FORMAT, TILSYN_CAPS),
  build: (table) => TilsynIndex.build(tilsynRows(table)),
  refreshAfterMs: REFRESH_AFTER_MS,
  describe: (index) => ({ inspeksjoner: index.rows.length, nyesteTilsyn: index.rows[0]?.dato ?? null }),
});

export interface LoadedTilsyn {
  index: TilsynIndex;
  freshness: Freshness & { inspeksjoner: number; nyesteTilsyn: string | null };
}

/** The current index, loaded on first use and refreshed in the background when it is old. */
export async function loadTilsyn(ctx: ToolContext): Promise<LoadedTilsyn> {
  return (await TILSYN.load(ctx)) as LoadedTilsyn;
}

/** Tests: forgets the loaded index. */
export function resetTilsyn(): void {
  TILSYN.reset();
}
