// Ranking tools of the registry against a task: each query word (and its synonyms) is looked for
// in the tool's name, title, data types, server and description, each field with its weight; the
// reasons are kept so an agent sees why a tool was chosen.
import type { ServerRecord, ToolRecord } from '../../runtime/catalogue.js';
import type { Country, ToolStatus } from '../../runtime/define.js';
import { alternatives, countryWord, display, fold, rawWords, stem, words } from './vocabulary.js';

export interface SearchQuery {
  q?: string;
  country?: Country;
  dataType?: string;
  status?: ToolStatus;
}

export interface Hit {
  server: ServerRecord;
  tool: ToolRecord;
  score: number;
  why: string[];
  /** Other servers that serve the same tool (a shared declaration), best first. */
  alsoIn: ServerRecord[];
}

interface Field {
  label: string;
  weight: number;
  words: Set<string>;
}

interface Indexed {
  server: ServerRecord;
  tool: ToolRecord;
  fields: Field[];
}

/** Indexes, built once per list of server records (the registry does not change while running). */
const indexes = new WeakMap<ServerRecord[], Indexed[]>();

function index(servers: ServerRecord[]): Indexed[] {
  let out = indexes.get(servers);
  if (out) return out;
  out = servers.flatMap((server) =>
    server.tools.map((tool) => ({
      server,
      tool,
      fields: [
        { label: 'tool name', weight: 4, words: new Set(words(tool.name)) },
        { label: 'title', weight: 3, words: new Set(words(tool.annotations.title)) },
        { label: 'data types', weight: 3, words: new Set(tool.coverage.dataTypes.flatMap(words)) },
        { label: 'server', weight: 2, words: new Set(words(`${server.slug} ${server.name} ${server.owner} ${server.sourceKey}`)) },
        { label: 'description', weight: 1, words: new Set(words(tool.description)) },
      ],
    })),
  );
  indexes.set(servers, out);
  return out;
}

/** How well a word matches a field: 1 for the same stem, 0.6 when one is a prefix (4+ letters) of the other. */
function matchIn(field: Set<string>, word: string): number {
  if (field.has(word)) return 1;
  if (word.length < 4) return 0;
  for (const w of field) if (w.length >= 4 && (w.startsWith(word) || word.startsWith(w))) return 0.6;
  return 0;
}

/**
 * A query word against one tool: the best field counts in full, every other field that also
 * matches adds a quarter of its own score (a tool about the word throughout beats a passing
 * mention). A synonym counts 0.8 of the word itself.
 */
function termMatch(entry: Indexed, word: string, said: string): { score: number; reason: string } | undefined {
  const perField: { score: number; label: string; via?: string }[] = [];
  for (const field of entry.fields) {
    let best: { score: number; label: string; via?: string } | undefined;
    for (const [i, alt] of alternatives(word).entries()) {
      const m = matchIn(field.words, alt);
      if (m === 0) continue;
      const score = field.weight * m * (i > 0 ? 0.8 : 1);
      if (!best || score > best.score) best = { score, label: field.label, ...(i > 0 && { via: display(alt) }) };
    }
    if (best) perField.push(best);
  }
  if (perField.length === 0) return undefined;
  perField.sort((a, b) => b.score - a.score);
  const [top, ...rest] = perField;
  const score = top.score + 0.25 * rest.reduce((sum, f) => sum + f.score, 0);
  const where = [top.label, ...rest.map((f) => f.label)].join(', ');
  return { score, reason: top.via ? `"${said}" ≈ "${top.via}" in ${where}` : `"${said}" in ${where}` };
}

const STATUS_ORDER: Record<ToolStatus, number> = { active: 0, not_configured: 1, planned: 2, deprecated: 3 };

export function search(servers: ServerRecord[], query: SearchQuery): Hit[] {
  const said = new Map<string, string>();
  for (const w of rawWords(query.q ?? '')) if (!said.has(stem(w))) said.set(stem(w), w);
  const all = [...said.keys()];
  // Country words in the text ("danish", "norsk") count as a country wish, not as words to find.
  const wishedCountries = new Set(all.map(countryWord).filter((c): c is Country => c !== undefined));
  const terms = all.filter((w) => countryWord(w) === undefined);
  const dataType = query.dataType ? fold(query.dataType).trim() : undefined;
  const hits: Hit[] = [];
  for (const entry of index(servers)) {
    const { tool } = entry;
    const why: string[] = [];
    if (query.country) {
      if (!tool.coverage.geography.includes(query.country)) continue;
      why.push(`covers ${query.country}`);
    }
    if (query.status) {
      if (tool.status !== query.status) continue;
      why.push(`status ${query.status}`);
    }
    if (dataType) {
      const found = tool.coverage.dataTypes.find((d) => fold(d).includes(dataType) || dataType.includes(fold(d)));
      if (!found) continue;
      why.push(`data type "${found}"`);
    }
    let score = 0;
    let matched = 0;
    for (const term of terms) {
      const m = termMatch(entry, term, said.get(term) ?? term);
      if (!m) continue;
      matched += 1;
      score += m.score;
      why.push(m.reason);
    }
    if (terms.length > 0 && matched === 0) continue;
    // A tool that matches every word beats one that matches a single word strongly.
    if (terms.length > 0) score *= 0.5 + (0.5 * matched) / terms.length;
    for (const c of wishedCountries) {
      if (tool.coverage.geography.includes(c)) {
        score += 2;
        why.push(`covers ${c} (asked for in the words)`);
      } else if (terms.length === 0) {
        score -= 1;
      }
    }
    if (terms.length === 0 && wishedCountries.size > 0 && ![...wishedCountries].some((c) => tool.coverage.geography.includes(c))) continue;
    hits.push({ server: entry.server, tool, score: Math.round(score * 100) / 100, why, alsoIn: [] });
  }
  hits.sort((a, b) => b.score - a.score || STATUS_ORDER[a.tool.status] - STATUS_ORDER[b.tool.status] || (a.tool.name < b.tool.name ? -1 : a.tool.name > b.tool.name ? 1 : 0));
  // One result per tool: a tool shared by several servers is listed under its best-matching one.
  const byName = new Map<string, Hit>();
  for (const hit of hits) {
    const first = byName.get(hit.tool.name);
    if (first) first.alsoIn.push(hit.server);
    else byName.set(hit.tool.name, hit);
  }
  return [...byName.values()];
}

/** Tool names close to a name that was not found (shared prefix), for the not_found message. */
export function nearNames(servers: ServerRecord[], name: string, max = 3): string[] {
  const target = fold(name);
  const scored = new Map<string, number>();
  for (const s of servers) {
    for (const t of s.tools) {
      const n = fold(t.name);
      let common = 0;
      while (common < n.length && common < target.length && n[common] === target[common]) common += 1;
      const shared = words(name).filter((w) => words(t.name).includes(w)).length;
      const score = common + shared * 3;
      if (score > 2) scored.set(t.name, Math.max(scored.get(t.name) ?? 0, score));
    }
  }
  return [...scored.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, max).map(([n]) => n);
}
