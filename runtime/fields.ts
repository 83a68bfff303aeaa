// The shared vocabulary of input fields. A bound fixed here is right in every tool that uses it,
// and each field carries the description an agent reads in tools/list.
import { z } from 'zod';
import './validation.js';

/** Modulus-11 check of a Norwegian organisation number (weights 3 2 7 6 5 4 3 2). */
export function isValidOrgnr(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(value[i]), 0);
  const rest = 11 - (sum % 11);
  const check = rest === 11 ? 0 : rest;
  return check !== 10 && check === Number(value[8]);
}

export const orgnr = (description = 'Norwegian organisation number: 9 digits, the last a modulus-11 check digit.') =>
  z
    .string()
    .regex(/^\d{9}$/, { error: (iss) => `must be exactly 9 digits (got ${JSON.stringify(iss.input)})`, abort: true })
    .refine(isValidOrgnr, {
      error: (iss) => `fails the modulus-11 check digit of a Norwegian organisation number (got ${JSON.stringify(iss.input)})`,
      abort: true,
    })
    .describe(description);

export const kommunenummer = (description = 'Municipality number: 4 digits, for example 0301 (Oslo).') =>
  z.string().regex(/^\d{4}$/, { error: (iss) => `must be exactly 4 digits (got ${JSON.stringify(iss.input)})` }).describe(description);

export interface IntOptions {
  min?: number;
  max?: number;
  description: string;
}

function boundedInt(options: IntOptions) {
  let schema = z.number().int();
  if (options.min !== undefined) schema = schema.min(options.min);
  if (options.max !== undefined) schema = schema.max(options.max);
  return schema.describe(options.description);
}

/** An integer with inclusive bounds and a default. */
export function int(options: IntOptions & { default: number }): z.ZodDefault<z.ZodNumber>;
/** An optional integer with inclusive bounds. */
export function int(options: IntOptions & { default?: undefined }): z.ZodOptional<z.ZodNumber>;
export function int(options: IntOptions & { default?: number }) {
  const schema = boundedInt(options);
  return options.default === undefined ? schema.optional() : schema.default(options.default);
}

/** 0-based page number, default 0. */
export const page = (description = 'Page number, 0-based. Default 0.') => int({ min: 0, default: 0, description });

/** Page size with the spec's bounds. */
export const size = (max: number, dflt: number, min = 1) =>
  int({ min, max, default: dflt, description: `Page size, ${min} to ${max}. Default ${dflt}.` });

export const year = (description: string) => int({ min: 1900, max: 9999, description });

export const isoDate = (description: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: (iss) => `must be a date YYYY-MM-DD (got ${JSON.stringify(iss.input)})` })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      error: (iss) => `is not a calendar date (got ${JSON.stringify(iss.input)})`,
    })
    .describe(description);

/** NACE industry code or prefix as Brønnøysund writes it: 2 digits, optionally . and up to 3 more. */
export const naceCode = (description = 'NACE industry code or prefix, for example 62 or 62.010.') =>
  z
    .string()
    .regex(/^\d{2}(\.\d{1,3})?$/, { error: (iss) => `must be a NACE code such as 62 or 62.010 (got ${JSON.stringify(iss.input)})` })
    .describe(description);

export const bool = (description: string, dflt = false) => z.boolean().default(dflt).describe(description);

export const text = (description: string, min = 1, max = 200) => z.string().min(min).max(max).describe(description);

/** Modulus-11 check of a Danish CVR number: weights 2 7 6 5 4 3 2 1, the weighted sum divisible by 11. */
export function isValidCvr(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const weights = [2, 7, 6, 5, 4, 3, 2, 1];
  return weights.reduce((acc, w, i) => acc + w * Number(value[i]), 0) % 11 === 0;
}

export const cvrNumber = (description = 'Danish CVR number: 8 digits, passing the modulus-11 check (weights 2 7 6 5 4 3 2 1).') =>
  z
    .string()
    .regex(/^\d{8}$/, { error: (iss) => `must be exactly 8 digits (got ${JSON.stringify(iss.input)})`, abort: true })
    .refine(isValidCvr, {
      error: (iss) => `fails the modulus-11 check of a Danish CVR number (got ${JSON.stringify(iss.input)})`,
      abort: true,
    })
    .describe(description);

/**
 * Check digit of an Icelandic kennitala: the 9th digit is 11 - (sum of the first 8 digits weighted
 * 3 2 7 6 5 4 3 2, mod 11), 0 when that is 11; a remainder giving 10 is never issued.
 */
export function isValidKennitala(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const rest = 11 - (weights.reduce((acc, w, i) => acc + w * Number(value[i]), 0) % 11);
  const check = rest === 11 ? 0 : rest;
  return check !== 10 && check === Number(value[8]);
}

export const kennitala = (description = 'Icelandic kennitala: 10 digits without the hyphen, the 9th a check digit.') =>
  z
    .string()
    .regex(/^\d{10}$/, { error: (iss) => `must be exactly 10 digits, without a hyphen (got ${JSON.stringify(iss.input)})`, abort: true })
    .refine(isValidKennitala, {
      error: (iss) => `fails the check digit of an Icelandic kennitala (got ${JSON.stringify(iss.input)})`,
      abort: true,
    })
    .describe(description);
