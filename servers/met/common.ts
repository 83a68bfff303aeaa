// What the met tools share: coordinates with MET's truncation rule, coverage and the register name.
import { z } from 'zod';
import type { Coverage } from '../../runtime/define.js';
import { quoted } from '../../runtime/validation.js';

export const lat = () => z.number().min(-90).max(90).describe('Latitude, decimal degrees.');
export const lon = () => z.number().min(-180).max(180).describe('Longitude, decimal degrees.');

/**
 * MET's terms: coordinates with at most 4 decimals (more is refused or throttled, and defeats
 * caching). Truncated, not rounded; the epsilon keeps 59.9138 from becoming 59.9137 in binary.
 */
export function truncate4(value: number): number {
  const scaled = Math.trunc(value * 10_000 + (value >= 0 ? 1e-6 : -1e-6));
  return scaled / 10_000 || 0;
}

export const coverage = (dataTypes: string[], updateFrequency: Coverage['updateFrequency']): Coverage => ({
  geography: ['NO', 'SE', 'DK', 'FI', 'IS', 'EU'],
  dataTypes,
  updateFrequency,
});

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
