// GraphQL over the upstream layer (Entur's Journey Planner, Statens vegvesen's Trafikkdata): one
// POST of `{ query, variables }`, idempotent (a read, so cached, coalesced and retried like a GET).
// GraphQL answers errors with HTTP 200 (https://spec.graphql.org/October2021/#sec-Errors): an
// answer with `errors` is an error of the upstream, never data, and is not cached.
import type { ToolContext } from './context.js';
import { fail } from './errors.js';

export interface GraphQLRequest {
  upstream: string;
  /** Path of the endpoint under the upstream's base URL. */
  path: string;
  query: string;
  variables?: Record<string, unknown>;
  headers?: Record<string, string>;
  ttlSeconds?: number;
}

interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: { message?: string; path?: unknown[]; extensions?: Record<string, unknown> }[];
}

/** Reads a GraphQL answer; its `errors` are thrown as the upstream's error (detailCode graphql_errors). */
export function readGraphQL<T>(upstreamName: string) {
  return (body: Buffer): T => {
    let answer: GraphQLAnswer<T>;
    try {
      answer = JSON.parse(body.toString('utf8')) as GraphQLAnswer<T>;
    } catch {
      throw fail.upstream(`${upstreamName} answered malformed JSON`);
    }
    if (answer.errors?.length) {
      const messages = answer.errors.map((e) => e.message ?? 'unnamed error').slice(0, 3).join('; ');
      throw fail.upstream(`${upstreamName} answered the query with errors: ${messages.slice(0, 400)}`, { detailCode: 'graphql_errors' });
    }
    if (answer.data === undefined || answer.data === null) throw fail.upstream(`${upstreamName} answered no data`);
    return answer.data;
  };
}

export async function graphql<T>(ctx: ToolContext, request: GraphQLRequest, upstreamName: string): Promise<T> {
  const res = await ctx.request<T>({
    upstream: request.upstream,
    method: 'POST',
    path: request.path,
    body: { query: request.query, ...(request.variables && { variables: request.variables }) },
    idempotent: true,
    headers: request.headers,
    ttlSeconds: request.ttlSeconds,
    decode: readGraphQL<T>(upstreamName),
  });
  return res.data as T;
}
