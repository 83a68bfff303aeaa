// HTTP caching as the upstream states it (RFC 9111): how long an answer is fresh, from
// Cache-Control (s-maxage, max-age, less Age) or Expires (against the answer's Date), and the
// validators (ETag, Last-Modified) that let a stale copy be revalidated with a conditional request.
//
// A positive stated lifetime is the upstream's word on how long its answer holds: the cache keeps
// it exactly that long (MET Norway asks clients not to ask again before Expires, and not to serve
// past it unchecked). No stated lifetime, or one of zero (`no-cache`, `max-age=0`, an Expires in
// the past), leaves the calling tool's own lifetime in force: many APIs send such headers by
// framework default, and a register asked afresh for every call is served worse, not better.

export interface Validators {
  etag?: string;
  lastModified?: string;
}

function directives(cacheControl: string): Map<string, string | true> {
  const out = new Map<string, string | true>();
  for (const part of cacheControl.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name) out.set(name.toLowerCase(), value === undefined ? true : value.replace(/^"|"$/g, ''));
  }
  return out;
}

function seconds(value: string | true | undefined): number | undefined {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}

/** The answer's stated freshness lifetime in milliseconds from now, or undefined when it states none above zero. */
export function freshnessMs(headers: Record<string, string>, now: number): number | undefined {
  const age = (seconds(headers.age) ?? 0) * 1000;
  const cc = headers['cache-control'];
  if (cc) {
    const d = directives(cc);
    if (d.has('no-store') || d.has('no-cache')) return undefined;
    const maxAge = seconds(d.get('s-maxage')) ?? seconds(d.get('max-age'));
    if (maxAge !== undefined) return maxAge * 1000 - age > 0 ? maxAge * 1000 - age : undefined;
  }
  const expires = headers.expires ? Date.parse(headers.expires) : NaN;
  if (Number.isNaN(expires)) return undefined;
  const date = headers.date ? Date.parse(headers.date) : NaN;
  const lifetime = expires - (Number.isNaN(date) ? now : date) - age;
  return lifetime > 0 ? lifetime : undefined;
}

/** ETag and Last-Modified of an answer, or undefined when it has neither. */
export function validatorsOf(headers: Record<string, string>): Validators | undefined {
  const etag = headers.etag;
  const lastModified = headers['last-modified'];
  if (!etag && !lastModified) return undefined;
  return { ...(etag && { etag }), ...(lastModified && { lastModified }) };
}
