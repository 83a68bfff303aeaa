// The data proxy's path rules (REST spec 4.1 and 8): `endepunkt` is 1 to 200 characters once
// decoded, and nothing in it may lead out of `/v1/connectors/{kilde}/` on the backend: no `.` or
// `..` segment (also as full-width or other compatibility forms), no empty segment, no
// backslash, no control character (NUL included), and no `%` left after the one decoding (double
// encoding such as %252e). The forwarded URL is built segment by segment and checked again.
import { fail } from '../errors.js';
import { buildUrl, type QueryValue } from '../upstream/url.js';

export const ENDPOINT_MAX = 200;
export const BACKEND_TEMPLATE = '/v1/connectors/{kilde}/{endepunkt*}';

const refuse = (why: string) => fail.invalidInput(`endepunkt: ${why}`, { extra: { fields: ['endepunkt'] } });

/** The decoded endpoint's segments, or a 400 that says which rule it broke. */
export function endpointSegments(endepunkt: string): string[] {
  const length = [...endepunkt].length;
  if (length < 1) throw refuse('must be at least 1 characters (got "")');
  if (length > ENDPOINT_MAX) throw refuse(`must be at most ${ENDPOINT_MAX} characters (got ${length})`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(endepunkt)) throw refuse('must not contain control characters (NUL, line breaks, ...)');
  if (endepunkt.includes('\\')) throw refuse('must not contain a backslash');
  if (endepunkt.includes('%')) throw refuse('is still percent-encoded after decoding (double encoding is refused)');
  const segments = endepunkt.split('/');
  for (const segment of segments) {
    if (segment === '') throw refuse('must not have an empty path segment (leading, trailing or double slash)');
    const compatible = segment.normalize('NFKC');
    if (compatible === '.' || compatible === '..' || /^[.\s]+$/.test(compatible)) throw refuse('must not have a "." or ".." path segment');
    if (compatible.includes('/') || compatible.includes('\\')) throw refuse('must not contain a slash or backslash look-alike');
  }
  return segments;
}

/**
 * The backend URL for a source key and a checked endpoint, asserted to start with
 * `{base}/v1/connectors/{kilde}/` both as built and as a URL parser reads it.
 */
export function backendUrl(base: string, kilde: string, endepunkt: string, query: Record<string, QueryValue> = {}): string {
  endpointSegments(endepunkt);
  const url = buildUrl(base, BACKEND_TEMPLATE, { kilde, endepunkt }, query);
  const marker = buildUrl(base, '/v1/connectors/{kilde}/{x}', { kilde, x: 'x' });
  const prefix = marker.slice(0, -1);
  if (!url.startsWith(prefix) || !new URL(url).href.startsWith(prefix)) throw refuse(`would leave /v1/connectors/${kilde}/ on the backend`);
  return url;
}
