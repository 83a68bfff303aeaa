// Validation messages: every rejected field is named, with the bound it broke and what was sent.
// zod's own messages omit the field; one error map here makes them uniform for MCP and REST.
import { z } from 'zod';
import { fail, type ToolError } from './errors.js';

/**
 * A sent value as JSON, for a message: a value too deep (or circular) to serialise is shown as
 * `[...]` or `{...}` instead of throwing (String() would recurse as deep and throw as well). Field
 * messages that quote the input use this, never JSON.stringify: a value nested some thousand
 * levels deep made one of them throw, and the call answered 500 (tests/hostile-tools.test.ts).
 */
export function quoted(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Array.isArray(value) ? '[...]' : value !== null && typeof value === 'object' ? '{...}' : String(value);
  }
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = quoted(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isFinite(value)) return 'non-finite number';
  return typeof value;
}

const unit = (origin: string) =>
  origin === 'string' ? ' characters' : origin === 'array' || origin === 'set' ? ' items' : '';

// zod 4 issue objects carry these fields; the error map reads them by name.
interface RawIssue {
  code?: string;
  input?: unknown;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  exact?: boolean;
  format?: string;
  pattern?: string;
  keys?: string[];
  values?: unknown[];
  divisor?: number;
}

function message(issue: RawIssue): string | undefined {
  const got = ` (got ${show(issue.input)})`;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${issue.expected === 'int' ? 'an integer' : `of type ${issue.expected}`}, not ${typeName(issue.input)}${got}`;
    case 'too_small': {
      const u = unit(issue.origin ?? '');
      if (issue.exact) return `must be exactly ${issue.minimum}${u}${got}`;
      return issue.inclusive === false
        ? `must be greater than ${issue.minimum}${u}${got}`
        : `must be at least ${issue.minimum}${u}${got}`;
    }
    case 'too_big': {
      const u = unit(issue.origin ?? '');
      if (issue.exact) return `must be exactly ${issue.maximum}${u}${got}`;
      return issue.inclusive === false
        ? `must be less than ${issue.maximum}${u}${got}`
        : `must be at most ${issue.maximum}${u}${got}`;
    }
    case 'invalid_format':
      return issue.format === 'regex' ? `must match ${issue.pattern}${got}` : `must be a valid ${issue.format}${got}`;
    case 'invalid_value':
      return `must be one of ${(issue.values ?? []).map((v) => JSON.stringify(v)).join(', ')}${got}`;
    case 'unrecognized_keys':
      return `unknown field${(issue.keys ?? []).length > 1 ? 's' : ''} ${(issue.keys ?? []).map((k) => `"${k}"`).join(', ')}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}${got}`;
    default:
      return undefined;
  }
}

let installed = false;
/** Installs the error map once per process; every schema built afterwards uses it. */
export function installErrorMap(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: (issue) => message(issue as RawIssue) });
}
installErrorMap();

/** "size: must be at most 100 (got 500)"; several issues are joined with "; ". */
export function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      const text = issue.code === 'unrecognized_keys' || !path ? issue.message : `${path}: ${issue.message}`;
      return text;
    })
    .join('; ');
}

export function validationError(error: z.ZodError): ToolError {
  return fail.invalidInput(formatIssues(error.issues), {
    extra: { fields: [...new Set(error.issues.map((i) => i.path.map(String).join('.') || '(input)'))] },
  });
}
