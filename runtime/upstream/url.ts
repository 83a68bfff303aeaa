// Builds an upstream URL from a base, a path template and values, never by concatenating user
// input: every `{name}` is percent-encoded as one path segment (so it cannot contain `/`, `?` or
// `#`), `.` and `..` are refused, and the template itself is code. A wildcard `{name*}` takes a
// path of several segments (the data proxy's endpoint): the value is split on `/` and each
// segment is encoded on its own, with empty, `.` and `..` segments refused. A list `{name+}` takes
// several values joined by a literal `+` (SDMX REST's OR operator in a series key): the value is
// split on `+` and each part is encoded on its own, with empty parts refused. The result therefore
// always stays under the base; a final check asserts it anyway.
import { fail } from '../errors.js';

export type QueryValue = string | number | boolean | undefined | null | readonly (string | number)[];

/** A UTF-16 surrogate without its pair: not text, and encodeURIComponent throws on it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const PARAM = /\{([A-Za-z0-9_]+)([*+]?)\}/g;
const normalisedBases = new Map<string, string>();
const checkedTemplates = new Set<string>();

/** A template must be an absolute path under the base: no scheme, no `//`, no `.` or `..` segment. */
function checkTemplate(template: string): void {
  if (checkedTemplates.has(template)) return;
  const segments = template.split('?')[0].split('/');
  if (template.startsWith('//') || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(template) || segments.some((s, i) => (i > 0 || s !== '') && (s === '' || s === '.' || s === '..'))) {
    throw fail.invalidInput('the request would leave the upstream it was meant for');
  }
  checkedTemplates.add(template);
}

/** The base without a trailing slash, validated once per distinct base. */
function normaliseBase(base: string): string {
  let out = normalisedBases.get(base);
  if (out === undefined) {
    const u = new URL(base);
    if (u.search || u.hash) throw new Error(`upstream base URL ${base} must not have a query or fragment`);
    out = u.href.replace(/\/+$/, '');
    normalisedBases.set(base, out);
  }
  return out;
}

function encodeSegment(name: string, text: string, refusal: string): string {
  if (text === '' || text === '.' || text === '..') throw fail.invalidInput(`${name}: ${refusal}`);
  // encodeURIComponent throws on a lone UTF-16 surrogate: that is the caller's input, not our fault.
  if (LONE_SURROGATE.test(text)) throw fail.invalidInput(`${name}: must be well-formed Unicode text (it has a lone surrogate)`);
  return encodeURIComponent(text);
}

export function buildUrl(
  base: string,
  template: string,
  params: Record<string, string | number> = {},
  query: Record<string, QueryValue> = {},
): string {
  const root = normaliseBase(base);
  checkTemplate(template);
  const path = template.replace(PARAM, (_, name: string, wildcard: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`path parameter ${name} missing for ${template}`);
    const text = String(value);
    if (wildcard === '+') return text.split('+').map((part) => encodeSegment(name, part, 'has an empty value in its list')).join('+');
    if (wildcard) return text.split('/').map((segment) => encodeSegment(name, segment, 'has an empty, "." or ".." path segment')).join('/');
    return encodeSegment(name, text, 'is not a usable identifier');
  });
  let url = `${root}${path.startsWith('/') ? '' : '/'}${path}`;
  let search: URLSearchParams | undefined;
  // Sorted, so that one request has one URL (and one cache entry) whatever order the tool wrote.
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value === undefined || value === null) continue;
    search ??= new URLSearchParams();
    if (Array.isArray(value)) for (const v of value) search.append(key, String(v));
    else search.append(key, String(value));
  }
  if (search) url += `?${search.toString()}`;
  if (!url.startsWith(`${root}/`)) throw fail.invalidInput('the request would leave the upstream it was meant for');
  return url;
}
