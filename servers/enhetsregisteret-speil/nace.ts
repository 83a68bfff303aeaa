// nace.list: Norwegian industry codes (Standard for næringsgruppering, the Norwegian NACE) from
// Statistics Norway's classification service KLASS, classification 6.
//
// Follows: the KLASS API guide (https://data.ssb.no/api/klass/v1/api-guide.html; the source's
// statisticsnorway/klass klass-api/src/main/asciidoc/api-guide.adoc and its CodeItem DTO):
// GET /classifications/6/codesAt?date=YYYY-MM-DD&language=nb answers, with Accept application/json
// (the default format is XML; the `.json` suffix is deprecated), {codes: [{code, parentCode, level,
// name, shortName, presentationName, validFrom, validTo, notes}]} with level "1" (section letter) to
// "5" (subclass such as 62.100).
// Version: codesAt serves the version valid on the date asked. Classification 6 has SN2007 (valid
// 2009-01-01 to 2025-01-01) and SN2025 (valid from 2025-01-01), per a peer's note on KLASS versions
// 30 and 3218; this tool asks for today's codes, so it serves SN2025, the codes Enhetsregisteret now
// assigns. UNCONFIRMED: the version dates beyond that note.
import { osloDate } from '../../runtime/dates.js';
import { defineTool } from '../../runtime/define.js';
import { int, text } from '../../runtime/fields.js';
import { z } from 'zod';
import { note, optStr, sourceRef } from '../../runtime/output.js';

const CODES_AT = '/classifications/6/codesAt';

interface KlassCode {
  code: string;
  parentCode?: string | null;
  level: string;
  name: string;
  shortName?: string | null;
  notes?: string | null;
}

/** Lower case without combining marks: "a" also finds "å" (æ and ø have none and stay as they are). */
const fold = (s: string) => s.toLocaleLowerCase('nb').normalize('NFKD').replace(/\p{M}/gu, '');

/** A code or prefix as KLASS writes it: 62100 → 62.100, 621 → 62.1, 62.1 stays. */
function codePrefix(q: string): string {
  const digits = q.replace(/\./g, '');
  return digits.length > 2 ? `${digits.slice(0, 2)}.${digits.slice(2)}` : digits;
}

type Match = (code: KlassCode) => boolean;

function matcher(q: string | undefined, codes: readonly KlassCode[]): { kind: 'all' | 'section' | 'code' | 'words'; match: Match } {
  if (q === undefined) return { kind: 'all', match: () => true };
  const trimmed = q.trim();
  if (/^[A-Za-z]$/.test(trimmed)) {
    // A section letter: the section and every code below it.
    const section = trimmed.toUpperCase();
    const parent = new Map(codes.map((c) => [c.code, c.parentCode ?? null]));
    const inSection = (code: string): boolean => {
      for (let c: string | null = code; c !== null; c = parent.get(c) ?? null) if (c === section) return true;
      return false;
    };
    return { kind: 'section', match: (c) => inSection(c.code) };
  }
  if (/^\d[\d.]*$/.test(trimmed)) {
    const prefix = codePrefix(trimmed);
    return { kind: 'code', match: (c) => c.code.startsWith(prefix) };
  }
  const words = fold(trimmed).split(/\s+/).filter(Boolean);
  return { kind: 'words', match: (c) => words.every((w) => fold(`${c.name} ${c.shortName ?? ''}`).includes(w)) };
}

/** Section, then the codes below it in code order (A, 01, 01.1, 01.11, 01.110, ..., B, 05, ...). */
function hierarchicalOrder(codes: readonly KlassCode[]): KlassCode[] {
  const byCode = new Map(codes.map((c) => [c.code, c]));
  const sectionOf = (c: KlassCode): string => {
    let cur: KlassCode | undefined = c;
    while (cur?.parentCode && byCode.has(cur.parentCode)) cur = byCode.get(cur.parentCode);
    return cur?.code ?? c.code;
  };
  const keyed = codes.map((c) => ({ c, key: `${sectionOf(c)}\u0000${c.level === '1' ? '' : c.code}` }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((k) => k.c);
}

export const naceList = defineTool({
  name: 'nace.list',
  title: 'Norwegian industry codes (NACE / SN)',
  description:
    "Industry codes of the Norwegian standard for industry classification (SN, Norway's NACE) from Statistics Norway's classification service KLASS, as valid today (SN2025, the codes Enhetsregisteret assigns): section letters, divisions (62), groups (62.1), classes (62.10) and subclasses (62.100), each with its name, level and parent. " +
    'q filters: a section letter (K: the section and everything in it), a code or code prefix (62, 62.1, 62100), or words that must all occur in the name (e.g. "regnskap"). Without q the codes are listed from the first section. limit 1 to 100, default 20; total says how many matched, truncated whether more did. An empty list means nothing matched.',
  input: {
    q: text('Section letter, code or code prefix (62, 62.1, 62.100), or words of the name.', 1, 100).optional(),
    limit: int({ min: 1, max: 100, default: 20, description: 'Number of codes, 1 to 100. Default 20.' }),
  },
  output: z.object({
    standard: z.enum(['SN2025', 'SN2007']),
    klassifikasjon: z.object({ id: z.number().int(), navn: z.string(), gyldigDato: z.string() }),
    q: optStr(),
    treffType: z.enum(['all', 'section', 'code', 'words']),
    total: z.number().int(),
    count: z.number().int(),
    truncated: z.boolean(),
    koder: z.array(
      z.object({ kode: z.string(), navn: z.string(), kortnavn: optStr(), nivaa: z.number().int().describe('1 section to 5 subclass.'), overordnetKode: optStr(), merknad: optStr() }),
    ),
    note,
    kilde: sourceRef,
  }),
  coverage: { geography: ['NO'], dataTypes: ['classification', 'industry-code'], updateFrequency: 'annual' },
  cacheTtlSeconds: 86_400,
  route: '/nace',
  example: { q: '62', limit: 10 },
  run: async ({ q, limit }, ctx) => {
    const date = osloDate(ctx.now());
    const answer = await ctx.get<{ codes?: KlassCode[] }>('ssb-klass', CODES_AT, { query: { date, language: 'nb' } });
    const codes = answer.codes ?? [];
    const { kind, match } = matcher(q, codes);
    const matched = hierarchicalOrder(codes.filter(match));
    const page = matched.slice(0, limit).map((c) => ({
      kode: c.code,
      navn: c.name,
      kortnavn: c.shortName || null,
      nivaa: Number(c.level),
      overordnetKode: c.parentCode || null,
      merknad: c.notes || null,
    }));
    return {
      standard: date >= '2025-01-01' ? 'SN2025' : 'SN2007',
      klassifikasjon: { id: 6, navn: 'Standard for næringsgruppering (SN)', gyldigDato: date },
      q: q ?? null,
      treffType: kind,
      total: matched.length,
      count: page.length,
      truncated: matched.length > page.length,
      koder: page,
      ...(matched.length === 0 && { note: `No industry code matches ${JSON.stringify(q)}.` }),
      kilde: { register: 'SSB KLASS, klassifikasjon 6', url: 'https://www.ssb.no/klass/klassifikasjoner/6' },
    };
  },
});
