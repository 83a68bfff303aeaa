// Shared OpenAPI schemas of the REST tier (REST spec 2.1 Problem) and the bearer scheme.
import { z } from '@hono/zod-openapi';

export const ProblemSchema = z
  .object({
    type: z.string().openapi({ description: 'Stable identifier of the error kind (URI reference).', example: 'https://api.example.no/errors/invalid-input' }),
    title: z.string().openapi({ description: 'Short summary; never changes for a type.' }),
    status: z.number().int().min(100).max(599),
    detail: z.string().nullable().optional().openapi({ description: 'Description of this occurrence.' }),
    instance: z.string().nullable().optional().openapi({ description: 'URI of this occurrence (urn:uuid:<request id>).' }),
    svcRequestId: z.string().nullable().optional().openapi({ description: 'Correlation id to quote to support.' }),
    svcRetryAfterMs: z.number().int().min(0).nullable().optional().openapi({ description: 'Milliseconds to wait before retrying (429, 503).' }),
    code: z.string().optional().openapi({ description: 'Machine-readable error code of this service.' }),
  })
  .passthrough()
  .openapi('Problem');

/** A response entry for an error status, as a Problem body. */
export const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

export const BEARER = [{ bearerAuth: [] as string[] }];
