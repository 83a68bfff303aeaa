// What the vegvesen tools share.
import { z } from 'zod';
import type { Coverage } from '../../runtime/define.js';
import { quoted } from '../../runtime/validation.js';

export const coverage = (dataTypes: string[], updateFrequency: Coverage['updateFrequency']): Coverage => ({ geography: ['NO'], dataTypes, updateFrequency });

/**
 * A whole number without bounds (the spec gives none): published as `"type": "integer"` alone,
 * where zod's int() would publish the safe-integer range as minimum and maximum.
 */
export const wholeNumber = (description: string) =>
  z
    .number()
    .refine(Number.isInteger, { error: (iss) => `must be an integer (got ${quoted(iss.input)})` })
    .meta({ type: 'integer' })
    .describe(description);
