// The one reader of the export's JSON dates. Stortinget's data service is a .NET service whose JSON
// writes every date as `/Date(<ms>±hhmm)/` (or `/Date(<ms>)/`): <ms> is the instant in milliseconds
// since 1970-01-01T00:00:00Z, and ±hhmm is the offset of the local time the value was written in
// (Microsoft's "DateTime Wire Format"; the offset does not change the instant). So
// /Date(1700000000000+0100)/ is 2023-11-14T22:13:20Z, written here as the local time it was:
// 2023-11-14T23:13:20+01:00. A birth date, stored as local midnight, keeps its calendar day that way
// (/Date(-147488400000+0100)/ is 1965-04-30T00:00:00+01:00, not the 29th).
// .NET's DateTime.MinValue (0001-01-01) is the export's "no date" (a living person's doedsdato): null.

const WIRE = /^\/Date\((-?\d+)(?:([+-])(\d{2})(\d{2}))?\)\/$/;

/** DateTime.MinValue, 0001-01-01T00:00:00Z, in milliseconds since 1970. */
const MIN_VALUE_MS = -62_135_596_800_000;
/** Anything before 0001-01-03 is DateTime.MinValue, whatever offset it was shifted by. */
const NO_DATE_BEFORE = MIN_VALUE_MS + 2 * 86_400_000;

/**
 * `/Date(ms±hhmm)/` as ISO 8601 in the offset it carries (`Z` without one); null for null, absent
 * or the export's "no date". Anything else is not the export's date: a TypeError or RangeError, so
 * that the runtime reports the upstream's unexpected answer (502).
 */
export function isoFromExport(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new TypeError(`expected a /Date(…)/ string, got ${typeof value}`);
  const m = WIRE.exec(value);
  if (!m) throw new RangeError(`not a /Date(ms±hhmm)/ value: ${JSON.stringify(value.slice(0, 40))}`);
  const ms = Number(m[1]);
  if (!Number.isSafeInteger(ms)) throw new RangeError(`date out of range: ${value.slice(0, 40)}`);
  if (ms < NO_DATE_BEFORE) return null;
  if (!m[2]) return trimMs(new Date(ms).toISOString());
  const [sign, hh, mm] = [m[2], Number(m[3]), Number(m[4])];
  if (hh > 14 || mm > 59) throw new RangeError(`not a UTC offset: ${sign}${m[3]}${m[4]}`);
  const offsetMs = (sign === '-' ? -1 : 1) * (hh * 60 + mm) * 60_000;
  const local = trimMs(new Date(ms + offsetMs).toISOString()).slice(0, -1);
  return `${local}${sign}${m[3]}:${m[4]}`;
}

/** `2023-11-14T22:13:20.000Z` → `2023-11-14T22:13:20Z`; milliseconds stay when they are not zero. */
function trimMs(iso: string): string {
  return iso.replace(/\.000Z$/, 'Z');
}
