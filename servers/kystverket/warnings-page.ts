// The navigational warnings page of Kystverket (warnings.ts) read into warnings: fast-xml-parser in
// its HTML-tolerant mode, script and style blocks left out first. Run in a worker
// (warnings.worker.ts), so it imports only what the parse needs.
import { XMLParser } from 'fast-xml-parser';
import { fail } from '../../runtime/errors.js';

export interface Warning {
  nummer: string | null;
  dato: string | null;
  omrade: string | null;
  tekst: string;
}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  unpairedTags: ['br', 'hr', 'img', 'input', 'meta', 'link', 'col', 'area', 'base', 'wbr'],
  htmlEntities: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
});

const tagOf = (n: Node) => Object.keys(n).find((k) => k !== ':@');
const attrs = (n: Node) => (n[':@'] ?? {}) as Record<string, string>;
const children = (n: Node) => {
  const tag = tagOf(n);
  const c = tag ? n[tag] : undefined;
  return Array.isArray(c) ? (c as Node[]) : [];
};

function* walk(nodes: Node[], tag: string): Generator<Node> {
  for (const n of nodes) {
    if (tagOf(n) === tag) yield n;
    yield* walk(children(n), tag);
  }
}

/** The text of a node, a <br> as a line break. */
function textOf(nodes: Node[]): string {
  let out = '';
  for (const n of nodes) {
    const tag = tagOf(n);
    if (tag === '#text') out += String(n['#text']);
    else if (tag === 'br') out += '\n';
    else if (tag) out += textOf(children(n));
  }
  return out;
}

const clean = (s: string) =>
  s
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l !== '')
    .join('\n');

const LABELS: Record<string, keyof Warning> = {
  number: 'nummer',
  nummer: 'nummer',
  nr: 'nummer',
  date: 'dato',
  dato: 'dato',
  area: 'omrade',
  område: 'omrade',
  omrade: 'omrade',
  region: 'omrade',
  warning: 'tekst',
  varsel: 'tekst',
  tekst: 'tekst',
  text: 'tekst',
};

/** The warnings of the report page, in the page's order. */
export function parseWarnings(body: Buffer): Warning[] {
  // Scripts and styles carry no warning, and a script's `<` or `&&` is not markup: left out before parsing.
  const html = body.toString('utf8').replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '');
  const tree = parser.parse(html) as Node[];
  const grid = [...walk(tree, 'table')].find((t) => attrs(t).id === 'GridView1');
  if (!grid) throw fail.upstream("Kystverket's navigational warnings page has no warnings table (GridView1): its layout has changed");
  const out: Warning[] = [];
  for (const row of walk(children(grid), 'tr')) {
    if (!/\b(Item|AlternatingItem)\b/.test(attrs(row).class ?? '')) continue;
    const warning: Warning = { nummer: null, dato: null, omrade: null, tekst: '' };
    for (const pair of walk(children(row), 'tr')) {
      const cells = children(pair).filter((c) => tagOf(c) === 'td');
      if (cells.length < 2) continue;
      const label = clean(textOf(children(cells[0]))).replace(/:$/, '').toLowerCase();
      const key = LABELS[label];
      if (!key) continue;
      const value = clean(textOf(children(cells[1])));
      if (key === 'tekst') warning.tekst = value;
      else warning[key] = value || null;
    }
    if (warning.nummer || warning.tekst) out.push(warning);
  }
  return out;
}
