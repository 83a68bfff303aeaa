// Calendar dates in Norway: the registers keep Norwegian calendar dates, so "today" and "this year"
// are read in Europe/Oslo, whatever the server's time zone.
const osloDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date (YYYY-MM-DD) of an instant in Norway. */
export function osloDate(d: Date): string {
  const part = Object.fromEntries(osloDay.formatToParts(d).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}`;
}

/** The calendar year of an instant in Norway. */
export function osloYear(d: Date): number {
  return Number(osloDate(d).slice(0, 4));
}

/** A YYYY-MM-DD date `days` days earlier. */
export function minusDays(date: string, days: number): string {
  const t = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) - days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}
