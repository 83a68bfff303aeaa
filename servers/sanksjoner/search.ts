// sanctions.eu.search: filters the in-memory index of the EU consolidated list by name words,
// identifier, type and sanctions regime (programme), with an opaque cursor.
//
// Matching (deliberately literal; fuzzy matching with scores is screening.screen's job):
// - q is folded (diacritics, Cyrillic and Greek letters, case; see _shared/sanctions-index/names.ts)
//   and split into words; a name matches when every word of q is, in any order, a word of one of
//   the entity's names (same canonical spelling or phonetic key) or the start of one;
// - q is also compared with identification numbers (passport, registration, IMO, SWIFT/BIC…),
//   the EU reference number and the UN id, ignoring spaces and punctuation;
// - results are ranked identifier > exact name > all words > word starts, then by name.
// Cursor: "s2." + a cursor of runtime/cursor.ts (signed with CURSOR_SECRET, with its creation time)
// holding {v: index version, o: offset, f: hash of q/type/regime}. It is valid 24 hours from its
// creation (REST spec 3 and 6); a cursor of another search, or of a list version that a refresh
// has replaced, is refused with invalid_input (problem type invalid-cursor), because offsets into
// a changed list would skip or repeat entities.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { cursorCodec, type CursorCodec } from '../../runtime/cursor.js';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { int } from '../../runtime/fields.js';
import {
  fold,
  loadSanctionsIndex,
  normaliseIdentifier,
  token,
  type IndexedEntity,
  type SanctionsIndex,
} from '../_shared/sanctions-index/index.js';
import { note, optStr } from '../../runtime/output.js';
import { freshnessOutput } from '../_shared/sanctions-index/output.js';
import { ENTITY_TYPES, coverage, entitySummary, summaryFields } from './common.js';

type Tier = 'identifier' | 'exact_name' | 'all_words' | 'word_start';
const TIER_RANK: Record<Tier, number> = { identifier: 4, exact_name: 3, all_words: 2, word_start: 1 };

interface Hit {
  entity: number;
  tier: Tier;
  matchedName: string | null;
}

function matchNames(index: SanctionsIndex, q: string): Map<number, Hit> {
  const hits = new Map<number, Hit>();
  const words = fold(q).split(' ').filter(Boolean).map(token);
  if (words.length === 0) return hits;
  // Per word: alias → best kind of match (2 exact, 1 prefix).
  let candidates: Map<number, number> | undefined;
  for (const w of words) {
    const found = new Map<number, number>();
    const exact = new Set([w.canon, ...(index.tokensByKey.get(w.key) ?? [])]);
    for (const canon of exact) for (const a of index.tokens.get(canon)?.aliases ?? []) found.set(a, 2);
    for (const canon of index.tokensWithPrefix(w.canon)) {
      for (const a of index.tokens.get(canon)!.aliases) if (!found.has(a)) found.set(a, 1);
    }
    if (!candidates) candidates = found;
    else {
      const next = new Map<number, number>();
      for (const [a, kind] of candidates) {
        const k = found.get(a);
        if (k !== undefined) next.set(a, Math.min(kind, k));
      }
      candidates = next;
    }
    if (candidates.size === 0) return hits;
  }
  const wanted = [...new Set(words.map((w) => w.canon))].sort().join(' ');
  for (const [a, kind] of candidates!) {
    const alias = index.aliases[a];
    const own = [...new Set(alias.tokens.map((t) => t.canon))].sort().join(' ');
    const tier: Tier = own === wanted ? 'exact_name' : kind === 2 ? 'all_words' : 'word_start';
    const prev = hits.get(alias.entity);
    if (!prev || TIER_RANK[tier] > TIER_RANK[prev.tier]) hits.set(alias.entity, { entity: alias.entity, tier, matchedName: alias.name });
  }
  return hits;
}

function matchIdentifiers(index: SanctionsIndex, q: string, hits: Map<number, Hit>): void {
  const key = normaliseIdentifier(q);
  if (key.length < 4 || !/\d/.test(key)) return;
  const byId = index.byIdentifier.get(key) ?? [];
  const direct = index.find(q);
  const all = new Set(byId);
  if (direct) all.add(index.entities.indexOf(direct));
  index.entities.forEach((e, i) => {
    if (e.record.unitedNationId && normaliseIdentifier(e.record.unitedNationId) === key) all.add(i);
  });
  for (const i of all) hits.set(i, { entity: i, tier: 'identifier', matchedName: null });
}

const filterHash = (q: string | undefined, type: string | undefined, regime: string | undefined) =>
  createHash('sha256')
    .update(JSON.stringify([q ? fold(q) : null, type ?? null, regime ?? null]))
    .digest('base64url')
    .slice(0, 10);

const CURSOR_PREFIX = 's2.';
const CURSOR_KIND = 'sanctions.eu.search';

export function encodeCursor(codec: CursorCodec, version: string, offset: number, filters: string, now: Date): string {
  return CURSOR_PREFIX + codec.encode(CURSOR_KIND, { v: version, o: offset, f: filters }, now);
}

const cursorError = (message: string, detailCode: string) =>
  fail.invalidInput(`cursor: ${message}`, { problemType: 'invalid-cursor', detailCode, extra: { fields: ['cursor'] } });

function decodeCursor(codec: CursorCodec, cursor: string, version: string, filters: string, now: Date): number {
  if (!cursor.startsWith(CURSOR_PREFIX)) {
    throw cursorError('is not a cursor of sanctions.eu.search; pass the nextCursor of the previous answer unchanged', 'invalid_cursor');
  }
  // Signature, kind and age (24 hours) are checked here; a failure is already an invalid-cursor error.
  const b = codec.decode(CURSOR_KIND, cursor.slice(CURSOR_PREFIX.length), now);
  if (typeof b.v !== 'string' || typeof b.f !== 'string' || typeof b.o !== 'number' || !Number.isSafeInteger(b.o) || b.o < 0) {
    throw cursorError('is not a cursor of sanctions.eu.search; pass the nextCursor of the previous answer unchanged', 'invalid_cursor');
  }
  if (b.f !== filters) {
    throw cursorError('belongs to a search with other q, type or regime; page with the same filters, or start again without cursor', 'cursor_mismatch');
  }
  if (b.v !== version) {
    throw cursorError(
      `was made on list version ${b.v}, and the list has since been refreshed to version ${version}, so positions changed; run the search again without cursor`,
      'cursor_expired',
    );
  }
  return b.o;
}

function count(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

const NO_MATCH =
  'No entity of the EU consolidated list matches these filters literally. This is not a screening verdict: screening.screen scores spelling variants, transliterations and initials.';

/** Why a search found nothing; names the programme codes in use when `regime` is none of them. */
function emptyNote(index: SanctionsIndex, regime: string | undefined): string {
  if (regime === undefined) return NO_MATCH;
  const codes = [...new Set(index.entities.flatMap((e) => e.programmes.map((p) => p.toUpperCase())))].sort();
  if (codes.includes(regime)) return NO_MATCH;
  return `No entity of the list has the programme code ${JSON.stringify(regime)}; the codes in use are ${codes.join(', ')}. ${NO_MATCH}`;
}

export const euSearch = defineTool({
  name: 'eu.search',
  title: 'Search the EU consolidated sanctions list',
  description:
    'Searches the EU consolidated list of persons, groups, entities and vessels under EU financial sanctions (all regimes) by name words (any order; accents, Cyrillic and Greek folded; a word may be the start of a name word) or an identifier (passport, registration, IMO or SWIFT number, EU reference number, UN id), by type and by regime; at least one of q, type, regime. Ranked identifier > exact name > all words > word starts, with facets by type and regime; page with nextCursor (null on the last page). An empty list means nothing matches literally; it is not a screening verdict: screening.screen scores fuzzy matches. Full record: sanctions.eu.lookup.',
  input: {
    q: z.string().trim().min(2).max(200).optional().describe('Name words (any order) or an identifier.'),
    type: z.enum(ENTITY_TYPES).optional().describe('Kind of entity: person, organisation or vessel (an enterprise listed with an IMO number).'),
    // The spec bounds regime by nothing: any text is compared with the programme codes, and one
    // that no entity carries answers an empty list naming the codes that exist.
    regime: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe('Sanctions regime as the list\'s programme code, case-insensitive: UKR (Russia/Ukraine territorial integrity), RUS, BLR, SYR, IRN, IRQ, PRK, MMR, VEN, TAQA (ISIL/Al-Qaida), TERR (terrorist list) and others. A value that is no programme code of the list matches nothing; the answer then names the codes in use.'),
    limit: int({ min: 1, max: 100, default: 50, description: 'Entities per page.' }),
    cursor: z.string().min(1).max(512).optional().describe('Opaque: the nextCursor of the previous answer, with the same q, type and regime.'),
  },
  output: z.object({
    query: z.object({ q: optStr(), type: z.enum(ENTITY_TYPES).nullable(), regime: optStr() }),
    total: z.number().int(),
    offset: z.number().int(),
    count: z.number().int(),
    limit: z.number().int(),
    nextCursor: optStr(),
    entities: z.array(
      z.object({ ...summaryFields, match: z.object({ kind: z.enum(['identifier', 'exact_name', 'all_words', 'word_start']), name: optStr() }).nullable() }),
    ),
    facets: z.object({ types: z.record(z.string(), z.number().int()), regimes: z.record(z.string(), z.number().int()) }),
    note,
    list: freshnessOutput,
  }),
  refine: (input, issues) => {
    if (input.q === undefined && input.type === undefined && input.regime === undefined) {
      issues.add('give at least one of q, type, regime (got none)', ['q']);
    }
  },
  coverage,
  cacheTtlSeconds: 0,
  route: '/eu/search',
  example: { q: 'Putin' },
  run: async ({ q, type, regime, limit, cursor }, ctx) => {
    const { index, freshness } = await loadSanctionsIndex(ctx);
    const filters = filterHash(q, type, regime?.toUpperCase());
    const codec = cursorCodec((name) => ctx.env(name));
    const offset = cursor === undefined ? 0 : decodeCursor(codec, cursor, index.version, filters, ctx.now());
    let hits: Hit[];
    if (q !== undefined) {
      const found = matchNames(index, q);
      matchIdentifiers(index, q, found);
      hits = [...found.values()];
    } else {
      hits = index.entities.map((_, i) => ({ entity: i, tier: 'all_words' as Tier, matchedName: null }));
    }
    const wantRegime = regime?.toUpperCase();
    const keep = (e: IndexedEntity) => (!type || e.type === type) && (!wantRegime || e.programmes.some((p) => p.toUpperCase() === wantRegime));
    const ranked = hits
      .filter((h) => keep(index.entities[h.entity]))
      .sort((a, b) => {
        const byTier = TIER_RANK[b.tier] - TIER_RANK[a.tier];
        if (byTier) return byTier;
        const ea = index.entities[a.entity];
        const eb = index.entities[b.entity];
        if (ea.sortName !== eb.sortName) return ea.sortName < eb.sortName ? -1 : 1;
        return a.entity - b.entity;
      });
    const page = ranked.slice(offset, offset + limit);
    const next = offset + limit < ranked.length ? encodeCursor(codec, index.version, offset + limit, filters, ctx.now()) : null;
    return {
      query: { q: q ?? null, type: type ?? null, regime: wantRegime ?? null },
      total: ranked.length,
      offset,
      count: page.length,
      limit,
      nextCursor: next,
      entities: page.map((h) => ({
        ...entitySummary(index.entities[h.entity]),
        match: q === undefined ? null : { kind: h.tier, name: h.matchedName },
      })),
      facets: {
        types: count(ranked.map((h) => index.entities[h.entity].type)),
        regimes: count(ranked.flatMap((h) => index.entities[h.entity].programmes)),
      },
      ...(ranked.length === 0 && { note: emptyNote(index, wantRegime) }),
      list: freshness,
    };
  },
});
