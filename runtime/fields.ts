// The shared vocabulary of input fields. A bound fixed here is right in every tool that uses it,
// and each field carries the description an agent reads in tools/list.
import { z } from 'zod';
import './validation.js';
import { quoted } from './validation.js';

/** Modulus-11 check of a Norwegian organisation number (weights 3 2 7 6 5 4 3 2). */
export function isValidOrgnr(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(value[i]), 0);
  const rest = 11 - (sum % 11);
  const check = rest === 11 ? 0 : rest;
  return check !== 10 && check === Number(value[8]);
}

export const orgnr = (description = 'Norwegian organisation number (modulus-11 check digit).') =>
  z
    .string()
    .regex(/^\d{9}$/, { error: (iss) => `must be exactly 9 digits (got ${quoted(iss.input)})`, abort: true })
    .refine(isValidOrgnr, {
      error: (iss) => `fails the modulus-11 check digit of a Norwegian organisation number (got ${quoted(iss.input)})`,
      abort: true,
    })
    .describe(description);

export const kommunenummer = (description = 'Municipality number: 4 digits, for example 0301 (Oslo).') =>
  z.string().regex(/^\d{4}$/, { error: (iss) => `must be exactly 4 digits (got ${quoted(iss.input)})` }).describe(description);

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
export const page = (description = 'Page number, 0-based.') => int({ min: 0, default: 0, description });

/** Page size with the spec's bounds. */
export const size = (max: number, dflt: number, min = 1) =>
  int({ min, max, default: dflt, description: 'Page size.' });

export const year = (description: string) => int({ min: 1900, max: 9999, description });

export const isoDate = (description: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: (iss) => `must be a date YYYY-MM-DD (got ${quoted(iss.input)})` })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      error: (iss) => `is not a calendar date (got ${quoted(iss.input)})`,
    })
    .describe(description);

/** NACE industry code or prefix as Brønnøysund writes it: 2 digits, optionally . and up to 3 more. */
export const naceCode = (description = 'NACE industry code or prefix, for example 62 or 62.010.') =>
  z
    .string()
    .regex(/^\d{2}(\.\d{1,3})?$/, { error: (iss) => `must be a NACE code such as 62 or 62.010 (got ${quoted(iss.input)})` })
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
    .regex(/^\d{8}$/, { error: (iss) => `must be exactly 8 digits (got ${quoted(iss.input)})`, abort: true })
    .refine(isValidCvr, {
      error: (iss) => `fails the modulus-11 check of a Danish CVR number (got ${quoted(iss.input)})`,
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
    .regex(/^\d{10}$/, { error: (iss) => `must be exactly 10 digits, without a hyphen (got ${quoted(iss.input)})`, abort: true })
    .refine(isValidKennitala, {
      error: (iss) => `fails the check digit of an Icelandic kennitala (got ${quoted(iss.input)})`,
      abort: true,
    })
    .describe(description);

// Digit strings sent as JSON numbers. Clients that build arguments from command lines (the MCP
// Inspector's `--tool-arg orgnr=923609016`) send identifiers as numbers. A number is taken where
// its decimal text is what the field asks for; where the number cannot carry the identifier
// (leading zeros, a sign, a fraction, more digits than a double keeps exact) the answer says to
// send a string. tools/list still publishes the field as a string: agents should send strings.

type AnySchema = z.core.$ZodType;

/** The field's own type under optional, nullable, default and readonly. */
function ownType(schema: AnySchema): AnySchema {
  const def = schema._zod.def as { type: string; innerType?: AnySchema };
  return def.innerType && ['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional'].includes(def.type)
    ? ownType(def.innerType)
    : schema;
}

/**
 * The field's format as a string (its pattern and length bounds, without refinements such as check
 * digits), or undefined when it is not a string with a pattern.
 */
function stringFormat(schema: AnySchema): z.ZodString | undefined {
  const own = ownType(schema);
  if (!(own instanceof z.ZodString)) return undefined;
  const checks = (own._zod.def.checks ?? []).filter((check) => check._zod.def.check !== 'custom');
  const isPattern = (check: (typeof checks)[number]) => (check._zod.def as { format?: string }).format === 'regex';
  if (!checks.some(isPattern)) return undefined;
  return own.clone({ ...own._zod.def, checks });
}

const MAX_DIGITS = 20;

/**
 * The format's checks as one plain test, when they are all patterns and lengths: the probe below
 * tries up to 400 strings per field, and through zod that was a tenth of start-up (profiled).
 * Undefined for any other check (a transform such as trim must run first): zod decides then.
 */
function directTest(format: z.ZodString): ((text: string) => boolean) | undefined {
  const tests: ((text: string) => boolean)[] = [];
  for (const check of format._zod.def.checks ?? []) {
    const def = check._zod.def as { check: string; format?: string; pattern?: RegExp; minimum?: number; maximum?: number; length?: number };
    if (def.check === 'string_format' && def.format === 'regex' && def.pattern) {
      const pattern = new RegExp(def.pattern.source, def.pattern.flags.replace(/[gy]/g, ''));
      tests.push((t) => pattern.test(t));
    } else if (def.check === 'min_length' && def.minimum !== undefined) tests.push((t) => t.length >= def.minimum!);
    else if (def.check === 'max_length' && def.maximum !== undefined) tests.push((t) => t.length <= def.maximum!);
    else if (def.check === 'length_equals' && def.length !== undefined) tests.push((t) => t.length === def.length);
    else return undefined;
  }
  return (text) => tests.every((test) => test(text));
}

/**
 * A field of digits (orgnr, kommunenummer, numeric ids): its pattern takes a string of digits and
 * refuses it with a letter in any digit's place (so tool names and codes of letters or digits,
 * which a number could also spell, are not taken as numbers).
 */
export function isDigitStringField(schema: AnySchema): boolean {
  const format = stringFormat(schema);
  if (!format) return false;
  const accepts = directTest(format) ?? ((text: string) => format.safeParse(text).success);
  for (let length = 1; length <= MAX_DIGITS; length++) {
    const digits = [...'0123456789'].map((d) => d.repeat(length)).find(accepts);
    if (digits === undefined) continue;
    return [...digits].every((_, i) => ['a', 'A'].every((letter) => !accepts(digits.slice(0, i) + letter + digits.slice(i + 1))));
  }
  return false;
}

/** Why the number cannot stand for the field's string, or undefined when its decimal text fits. */
function numberProblem(value: number, format: z.ZodString): string | undefined {
  if (!Number.isInteger(value)) return `the number ${value} is not a whole number`;
  if (!Number.isSafeInteger(value)) return `the number ${value} is too large for a JSON number to keep every digit`;
  if (value < 0) return `the number ${value} is negative`;
  const text = String(value);
  const checked = format.safeParse(text);
  if (checked.success) return undefined;
  for (let zeros = 1; text.length + zeros <= MAX_DIGITS; zeros++) {
    if (format.safeParse('0'.repeat(zeros) + text).success) return `the number ${value} would lose leading zeros`;
  }
  return `the number ${value} as a string ${checked.error.issues[0]?.message}`;
}

/** A string to suggest: one the field's description gives ("for example 0301"), else the tool's. */
function suggestion(field: z.ZodType, format: z.ZodString, example: unknown): string | undefined {
  const description = field.description ?? (ownType(field) as z.ZodType).description ?? '';
  const words = description.split(/\s+/).map((w) => w.replace(/[.,;:)]+$/, ''));
  return [...words, example].find((w): w is string => typeof w === 'string' && /^\d/.test(w) && format.safeParse(w).success);
}

function acceptDigitNumber(field: z.ZodType, example: unknown): z.ZodType {
  const format = stringFormat(field)!;
  const suggested = suggestion(field, format, example);
  const eg = suggested === undefined ? '' : `, e.g. ${JSON.stringify(suggested)}`;
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'number') return value;
    const problem = numberProblem(value, format);
    if (problem === undefined) return String(value);
    ctx.addIssue({ code: 'custom', message: `send as a string${eg}; ${problem}`, input: value });
    return value;
  }, field);
}

/**
 * The tool's input fields for validation, each digit-string field also taking a JSON number whose
 * decimal text it accepts. `example` (the tool's example input) names a string to suggest.
 */
export function acceptingDigitNumbers(shape: z.ZodRawShape, example?: unknown): z.ZodRawShape {
  const examples = (example ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(shape).map(([name, field]) => [name, isDigitStringField(field) ? acceptDigitNumber(field as z.ZodType, examples[name]) : field]),
  );
}
