// Bounds that the specs do not set but an upstream does: a request past them is refused by the
// upstream itself, so the tool refuses it first, with a message that says whose limit it is.
// Every limit here is listed in README.md ("Upstream limits") with its source; a bound that no
// upstream enforces does not belong here, nor in any tool.

export interface UpstreamLimit {
  /** The upstream as a reader knows it, e.g. "Enhetsregisteret". */
  upstream: string;
  /** How far a search can be paged: the last hit a page may reach. */
  window: number;
  /** What the upstream answers past it, and where that is documented. */
  refusal: string;
}

/**
 * Enhetsregisteret (data.brreg.no) pages only the first 10 000 hits of a search: the OpenAPI text
 * says "Max dypde (page*size) er 10 000" (brreg/openAPI specs/enhetsregisteret.yml, parameters
 * `page` and `size`), and the API answers HTTP 400 for a page ending past it (UPSTREAMS.md A1).
 */
export const ENHETSREGISTERET_WINDOW: UpstreamLimit = {
  upstream: 'Enhetsregisteret',
  window: 10_000,
  refusal: 'answers HTTP 400 for a page that ends past its first 10000 hits',
};

/**
 * The CVR distribution's Elasticsearch index has a result window of 3000: from + size above it is
 * refused with "Result window is too large, from + size must be less than or equal to: [3000]"
 * (an HTTP 500 of the upstream). Source: the CVR API documentation published at
 * brokk-sindre.github.io/cvr-documentation (api-reference/overview, "Result Window: Maximum 3000
 * documents (from + size <= 3000)", with the upstream's error body captured live).
 */
export const CVR_WINDOW: UpstreamLimit = {
  upstream: 'the CVR search index (Erhvervsstyrelsen)',
  window: 3_000,
  refusal: 'refuses from+size above 3000 ("Result window is too large")',
};

/**
 * The message for a page window past an upstream's limit, naming both paging fields, the values
 * sent and the upstream: `(page+1)*size must be at most 10000: upstream limit of Enhetsregisteret, ...`.
 */
export function pageWindowMessage(limit: UpstreamLimit, fields: { page: string; size: string }, page: number, size: number, hint: string): string {
  const end = (page + 1) * size;
  return (
    `(${fields.page}+1)*${fields.size} must be at most ${limit.window}: this is the upstream limit of ${limit.upstream}, which ${limit.refusal} ` +
    `(got ${fields.page} ${page}, ${fields.size} ${size}: (${page}+1)*${size} = ${end}); ${hint}`
  );
}

/** Whether a page of `size` rows starting at page `page` ends past the upstream's window. */
export const pastWindow = (limit: UpstreamLimit, page: number, size: number) => (page + 1) * size > limit.window;
