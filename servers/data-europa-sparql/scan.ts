// The cheap look at a SPARQL query before anything parses it (DESIGN.md "Bounded work"): one pass
// over the text, skipping strings, IRIs and comments as the SPARQL 1.1 grammar's terminals do, that
// finds how deep `{`, `(` and `[` nest and which prefixes the query names.
//
// Why these bounds: sparqljs's parse time grows with about the cube of the nesting depth (3 000
// levels, 12 KB: 8 s) and from about 1 500 levels it overflows the stack; 64 levels parse in a few
// milliseconds and are far beyond any query written by hand or by an agent. Flat queries still cost
// about 10-20 ms per KB to parse (measured: a 64 KB list took 1.2 s on a busy 2-core machine), so a
// query is at most 32 768 characters: its worst parse stays well inside the 2 s parse budget
// (parse.ts), and it is over four times the longest query the tests send (7 KB).
// Grammar: https://www.w3.org/TR/sparql11-query/#grammar (IRIREF, STRING_LITERAL*, comments, PNAME_NS).

export const MAX_QUERY_CHARS = 32_768;
export const MAX_NESTING = 64;

export const NESTING_MESSAGE = `nesting deeper than ${MAX_NESTING} levels ({, ( or [)`;

export type Scan = { ok: true; prefixes: string[] } | { ok: false; message: string };

const OPEN = new Set(['{', '(', '[']);
const CLOSE = new Set(['}', ')', ']']);
// Characters an IRIREF may not hold (besides controls and space): a `<` followed by any of them is
// the less-than operator, not an IRI.
const NOT_IN_IRI = new Set(['<', '>', '"', '{', '}', '|', '^', '`', '\\']);
const NAME_CHAR = /[A-Za-z0-9_.\-\u00B7\u00C0-\uFFFF]/;

/** Index after the IRI that starts at `<` at i, or -1 when that `<` is an operator. */
function iriEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j];
    if (c === '>') return j + 1;
    if (NOT_IN_IRI.has(c) || c <= ' ') return -1;
  }
  return -1;
}

/** Index of the end of the line (a comment's end). */
function lineEnd(text: string, i: number): number {
  let j = i;
  while (j < text.length && text[j] !== '\n' && text[j] !== '\r') j++;
  return j;
}

/** Index after the string literal that starts with the quote at i (the rest of the text if unclosed). */
function stringEnd(text: string, i: number): number {
  const quote = text[i];
  const long = text.startsWith(quote.repeat(3), i);
  const closing = long ? quote.repeat(3) : quote;
  for (let j = i + closing.length; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text.startsWith(closing, j)) return j + closing.length;
    else if (!long && (text[j] === '\n' || text[j] === '\r')) return j;
  }
  return text.length;
}

/**
 * Refuses a query nested deeper than MAX_NESTING; otherwise answers the prefixes it names (each
 * `name:` outside strings, IRIs and comments, in order of first use), so that the parser can be
 * given exactly the undeclared ones Virtuoso predeclares, and parse once. The length is checked by
 * the input schema; this pass is linear in any case (each character is looked at a bounded number
 * of times: an IRI look-ahead stops at the next `<`).
 */
export function scanQuery(text: string): Scan {
  const prefixes = new Set<string>();
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '#') {
      i = lineEnd(text, i);
    } else if (c === '\\') {
      // Only valid in a prefixed name's local part (`ex:a\(`): the escaped character is no bracket or quote.
      i += 2;
    } else if (c === '"' || c === "'") {
      i = stringEnd(text, i);
    } else if (c === '<') {
      const end = iriEnd(text, i);
      i = end < 0 ? i + 1 : end;
    } else if (OPEN.has(c)) {
      if (++depth > MAX_NESTING) return { ok: false, message: NESTING_MESSAGE };
      i++;
    } else if (CLOSE.has(c)) {
      depth = Math.max(0, depth - 1);
      i++;
    } else if (NAME_CHAR.test(c)) {
      let end = i + 1;
      while (end < text.length && NAME_CHAR.test(text[end])) end++;
      if (text[end] === ':' && /^[A-Za-z]/.test(c) && text[i - 1] !== '?' && text[i - 1] !== '$') prefixes.add(text.slice(i, end));
      i = end;
    } else {
      i++;
    }
  }
  return { ok: true, prefixes: [...prefixes] };
}
