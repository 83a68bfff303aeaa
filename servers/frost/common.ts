// What the frost tools share: the credential, coverage, and Frost's answer envelope.
import { z } from 'zod';
import type { Coverage } from '../../runtime/define.js';
import { quoted } from '../../runtime/validation.js';

export const CREDENTIALS = ['FROST_CLIENT_ID'] as const;

export const coverage = (dataTypes: string[], updateFrequency: Coverage['updateFrequency']): Coverage => ({ geography: ['NO'], dataTypes, updateFrequency });

/** Frost's answer envelope (https://frost.met.no/api.html): `data` holds the items. */
export interface FrostAnswer<T> {
  '@type'?: string;
  totalItemCount?: number;
  currentItemCount?: number;
  data: T[];
}

/** Frost's source ids carry a sensor suffix in some answers (`SN18700:0`); the station is the part before it. */
export const stationOf = (sourceId: string) => sourceId.split(':')[0];

/**
 * A whole number without bounds (the spec gives none): published as `"type": "integer"` alone,
 * where zod's int() would publish the safe-integer range as minimum and maximum.
 */
export const wholeNumber = (description: string, max?: number) =>
  (max === undefined ? z.number() : z.number().max(max))
    .refine(Number.isInteger, { error: (iss) => `must be an integer (got ${quoted(iss.input)})` })
    .meta({ type: 'integer' })
    .describe(description);
