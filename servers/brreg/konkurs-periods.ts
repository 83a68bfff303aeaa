// Calendar periods of the bankruptcy statistics (konkurs-stats.ts): today's date in Norway, the
// months, quarters and years of a range, and the year parameters (year, fraAar, tilAar) with their
// defaults and cross-field rules. Pure functions of a date; no upstream.
import type { ToolContext } from '../../runtime/context.js';
import { fail } from '../../runtime/errors.js';
import { osloDate } from '../../runtime/dates.js';

export type Granularity = 'month' | 'quarter' | 'year';

/** Today's date in Norway (registration dates are Norwegian calendar dates), YYYY-MM-DD. */
export function today(ctx: Pick<ToolContext, 'now'>): string {
  return osloDate(ctx.now());
}

const pad = (n: number) => String(n).padStart(2, '0');
const monthEnd = (y: number, m: number) => `${y}-${pad(m)}-${pad(new Date(Date.UTC(y, m, 0)).getUTCDate())}`;

function periodLabel(y: number, m: number, granularity: Granularity): string {
  if (granularity === 'year') return String(y);
  if (granularity === 'quarter') return `${y}-Q${Math.ceil(m / 3)}`;
  return `${y}-${pad(m)}`;
}

/** The period a registration date (YYYY-MM-DD) falls in. */
export function labelOf(date: string, granularity: Granularity): string {
  return periodLabel(Number(date.slice(0, 4)), Number(date.slice(5, 7)), granularity);
}

export interface Bucket {
  period: string;
  from: string;
  to: string;
  /** The period contains today: it is not over yet. */
  partial: boolean;
}

function bucket(y: number, m: number, granularity: Granularity, now: string): Bucket {
  const months = granularity === 'month' ? 1 : granularity === 'quarter' ? 3 : 12;
  const to = monthEnd(y, m + months - 1);
  return { period: periodLabel(y, m, granularity), from: `${y}-${pad(m)}-01`, to, partial: to >= now };
}

/** Every period from fraAar-01-01 through tilAar-12-31 that has begun by today, in order. */
export function periods(fraAar: number, tilAar: number, granularity: Granularity, now: string): Bucket[] {
  const step = granularity === 'month' ? 1 : granularity === 'quarter' ? 3 : 12;
  const out: Bucket[] = [];
  for (let y = fraAar; y <= tilAar; y += 1) {
    for (let m = 1; m <= 12; m += step) {
      const b = bucket(y, m, granularity, now);
      if (b.from > now) return out;
      out.push(b);
    }
  }
  return out;
}

/** The last n calendar months, ending with the current (partial) month. */
export function lastMonths(n: number, now: string): Bucket[] {
  let y = Number(now.slice(0, 4));
  let m = Number(now.slice(5, 7));
  const out: Bucket[] = [];
  for (let i = 0; i < n; i += 1) {
    out.unshift(bucket(y, m, 'month', now));
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
  return out;
}

// ---- periods of years ---------------------------------------------------------------------------

export interface YearInput {
  year?: number;
  fraAar?: number;
  tilAar?: number;
}

export interface YearRange {
  fraAar: number;
  tilAar: number;
  from: string;
  to: string;
}

/** Cross-field rules the schema can check without a clock. */
export function yearRules(input: YearInput, issues: { add(message: string, path?: string[]): void }, maxSpan?: number): void {
  const { year: y, fraAar, tilAar } = input;
  // year = fraAar = tilAar (spec 4.1): fraAar or tilAar sent along must agree with year.
  const disagreeing = y === undefined ? [] : (['fraAar', 'tilAar'] as const).filter((k) => input[k] !== undefined && input[k] !== y);
  if (disagreeing.length > 0) {
    const got = disagreeing.map((k) => `${k} ${input[k]}`).join(', ');
    issues.add(
      `year ${y} means fraAar = tilAar = ${y}, so ${disagreeing.join(' and ')} must equal it when sent along (got ${got}); give year alone for one calendar year, or fraAar and tilAar without year for a range`,
      ['year'],
    );
  }
  if (fraAar !== undefined && tilAar !== undefined) {
    if (fraAar > tilAar) issues.add(`must not be before fraAar (got fraAar ${fraAar}, tilAar ${tilAar})`, ['tilAar']);
    else if (maxSpan !== undefined && tilAar - fraAar + 1 > maxSpan) issues.add(spanMessage(fraAar, tilAar, maxSpan), ['tilAar']);
  }
}

const spanMessage = (fraAar: number, tilAar: number, maxSpan: number) =>
  `fraAar and tilAar may span at most ${maxSpan} calendar years (got ${fraAar} to ${tilAar}: ${tilAar - fraAar + 1} years)`;

/**
 * The years asked for, with defaults applied: `year` alone means fraAar = tilAar = year; otherwise
 * tilAar defaults to `dflt.tilAar` and fraAar to `dflt.fraAar(tilAar)`. Rules that involve a default
 * (so a clock) are checked here, with messages that name the fields.
 */
export function resolveYears(input: YearInput, dflt: { tilAar: number; fraAar: (tilAar: number) => number; label: string }, maxSpan?: number): YearRange {
  const tilAar = input.year ?? input.tilAar ?? dflt.tilAar;
  const fraAar = input.year ?? input.fraAar ?? dflt.fraAar(tilAar);
  if (fraAar > tilAar) {
    throw fail.invalidInput(`fraAar, tilAar: fraAar ${fraAar} is after tilAar ${tilAar} (${dflt.label}); give both fraAar and tilAar`, {
      extra: { fields: ['fraAar', 'tilAar'] },
    });
  }
  if (maxSpan !== undefined && tilAar - fraAar + 1 > maxSpan) {
    throw fail.invalidInput(`tilAar: ${spanMessage(fraAar, tilAar, maxSpan)} (${dflt.label})`, { extra: { fields: ['fraAar', 'tilAar'] } });
  }
  return { fraAar, tilAar, from: `${fraAar}-01-01`, to: `${tilAar}-12-31` };
}

/** Defaults of by_county, industry_breakdown and statistikk.konkurser: the current year. */
export const currentYearDefaults = (now: string) => {
  const current = Number(now.slice(0, 4));
  return { tilAar: current, fraAar: (tilAar: number) => tilAar, label: `tilAar defaults to the current year ${current}, fraAar to tilAar` };
};
