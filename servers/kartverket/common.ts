// Shared by the kartverket tools: coverage, cache lifetime and the query field.
import { z } from 'zod';
import type { Coverage } from '../../runtime/define.js';

export const DAY = 86_400;

export const coverage = (dataTypes: string[]): Coverage => ({ geography: ['NO'], dataTypes, updateFrequency: 'daily' });

/** A search text; the spec bounds it only by being required. */
export const query = (description: string) => z.string().min(1).describe(description);

/** A number the register may leave out, kept as a number or null. */
export const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** A text the register may leave out or leave empty, kept as a string or null. */
export const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
