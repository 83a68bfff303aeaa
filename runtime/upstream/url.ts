// Builds an upstream URL from a base, a path template and values, never by concatenating user
// input: every `{name}` is percent-encoded as one segment, and the result must stay under the base.
import { fail } from '../errors.js';

export type QueryValue = string | number | boolean | undefined | null | readonly (string | number)[];

export function buildUrl(
  base: string,
  template: string,
  params: Record<string, string | number> = {},
  query: Record<string, QueryValue> = {},
): string {
  const path = template.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`path parameter ${name} missing for ${template}`);
    const text = String(value);
    if (text === '' || text === '.' || text === '..') throw fail.invalidInput(`${name}: is not a usable identifier`);
    return encodeURIComponent(text);
  });
  const baseUrl = new URL(base.endsWith('/') ? base : `${base}/`);
  const url = new URL(path.replace(/^\//, ''), baseUrl);
  if (url.origin !== baseUrl.origin || !url.pathname.startsWith(baseUrl.pathname)) {
    throw fail.invalidInput('the request would leave the upstream it was meant for');
  }
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) url.searchParams.append(key, String(v));
    else url.searchParams.append(key, String(value));
  }
  return url.toString();
}
