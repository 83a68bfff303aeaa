// Digit-string identifiers sent as JSON numbers (the MCP Inspector's `--tool-arg orgnr=923609016`
// sends {"orgnr": 923609016}), for every digit-string field of every tool: a number whose decimal
// text the field accepts stands for that string; any other number is refused with a message that
// says to send a string. tools/list still publishes the field as a string.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isDigitStringField } from '../runtime/fields.js';
import { Registry, type CompiledTool } from '../runtime/registry.js';
import { SERVERS } from '../servers/index.js';
import { callTool, createTestApp } from './helpers/app.js';

const registry = new Registry(SERVERS, { get: () => undefined });
const allTools = registry.servers.flatMap((s) => s.tools);

interface DigitField {
  tool: CompiledTool;
  field: string;
  /** A string of digits the field accepts, not starting with 0. */
  digits: string;
}

const exampleOf = (tool: CompiledTool) => (tool.def.example ?? {}) as Record<string, unknown>;

// Values the examples of any tool give a field of that name, then strings of one repeated digit.
const examplesByName = new Map<string, string[]>();
for (const tool of allTools) {
  for (const [name, value] of Object.entries(exampleOf(tool))) {
    if (typeof value === 'string') examplesByName.set(name, [...(examplesByName.get(name) ?? []), value]);
  }
}
const repeated = Array.from({ length: 12 }, (_, i) => [...'123456789'].map((d) => d.repeat(i + 1))).flat();

function fieldIssues(tool: CompiledTool, input: Record<string, unknown>, field: string) {
  const r = tool.schema.safeParse(input);
  return { r, messages: r.success ? [] : r.error.issues.filter((i) => i.path[0] === field).map((i) => i.message) };
}

const digitFields: DigitField[] = [];
for (const tool of allTools) {
  for (const [field, schema] of Object.entries(tool.shape)) {
    if (!isDigitStringField(schema as z.core.$ZodType)) continue;
    const candidates = [exampleOf(tool)[field], ...(examplesByName.get(field) ?? []), ...repeated];
    const digits = candidates.find(
      (c): c is string => typeof c === 'string' && /^[1-9]\d*$/.test(c) && fieldIssues(tool, { ...exampleOf(tool), [field]: c }, field).messages.length === 0,
    );
    if (!digits) throw new Error(`${tool.name}.${field}: no digit string found that the field accepts`);
    digitFields.push({ tool, field, digits });
  }
}
const cases = digitFields.map((f) => [`${f.tool.name}.${f.field}`, f] as const);

describe('digit-string fields take JSON numbers', () => {
  it('finds the digit-string fields of the shared vocabulary and of server modules', () => {
    const names = new Set(digitFields.map((f) => f.field));
    for (const name of ['orgnr', 'kommunenummer', 'cvr', 'kennitala', 'naeringskode']) expect(names, name).toContain(name);
    expect(digitFields.length).toBeGreaterThanOrEqual(40);
    // Codes of letters or digits are not digit fields: a number is not taken for a tool name.
    for (const name of ['name', 'type', 'server', 'regime']) expect(names, name).not.toContain(name);
  });

  it.each(cases)('%s: a lossless number is the same as its string', (_name, { tool, field, digits }) => {
    const base = exampleOf(tool);
    const asString = fieldIssues(tool, { ...base, [field]: digits }, field);
    const asNumber = fieldIssues(tool, { ...base, [field]: Number(digits) }, field);
    expect(asNumber.messages).toEqual(asString.messages);
    expect(asNumber.r.success).toBe(asString.r.success);
    if (asNumber.r.success) expect((asNumber.r.data as Record<string, unknown>)[field]).toBe(digits);
  });

  it.each(cases)('%s: a number that cannot carry the string is refused with "send as a string"', (_name, { tool, field, digits }) => {
    const base = exampleOf(tool);
    const refused = (value: number, why: RegExp) => {
      const { r, messages } = fieldIssues(tool, { ...base, [field]: value }, field);
      expect(r.success, String(value)).toBe(false);
      expect(messages, String(value)).toHaveLength(1);
      expect(messages[0]).toMatch(/^send as a string/);
      expect(messages[0]).toMatch(why);
    };
    refused(-Number(digits), /negative/);
    refused(Number(digits) + 0.5, /not a whole number/);
    refused(2 ** 53 + 2, /too large/);
    // With a leading zero the field would accept it, as a number it would lose the zero.
    const padded = `0${digits.slice(1)}`;
    if (fieldIssues(tool, { ...base, [field]: padded }, field).messages.length === 0 && !/^0*$/.test(padded)) {
      const stripped = Number(padded);
      if (fieldIssues(tool, { ...base, [field]: String(stripped) }, field).messages.length > 0) refused(stripped, /would lose leading zeros/);
    }
  });

  it.each(cases)('%s: tools/list still publishes a string', (_name, { tool, field }) => {
    const property = (tool.jsonSchema.properties as Record<string, Record<string, unknown>>)[field];
    expect(property.type).toBe('string');
    expect(property.pattern).toEqual(expect.any(String));
    // Nothing else that could admit a number (anyOf, oneOf, a type list).
    const other = Object.keys(property).filter((k) => !['type', 'pattern', 'description', 'default', 'minLength', 'maxLength'].includes(k));
    expect(other).toEqual([]);
  });

  it('a kommunenummer of 0301 sent as 301 is refused, one of 4 digits such as 1103 is taken', () => {
    const tool = allTools.find((x) => 'kommunenummer' in x.shape)!;
    const { messages } = fieldIssues(tool, { ...exampleOf(tool), kommunenummer: 301 }, 'kommunenummer');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^send as a string(, e\.g\. "\d{4}")?; the number 301 would lose leading zeros$/);
    expect(fieldIssues(tool, { ...exampleOf(tool), kommunenummer: 1103 }, 'kommunenummer').messages).toEqual([]);
  });
});

describe('through MCP, every example with a digit-string identifier answers the same when it is sent as a number', () => {
  const t = createTestApp();
  const numbered = allTools
    .filter((tool) => tool.declaredStatus === 'active' && !tool.def.unavailable)
    .flatMap((tool) =>
      Object.entries(exampleOf(tool))
        .filter(([field, value]) => typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) && isDigitStringField(tool.shape[field] as z.core.$ZodType))
        .map(([field, value]) => [`${tool.name}.${field}`, tool, field, value as string] as const),
    );

  it('covers orgnr examples', () => {
    expect(numbered.some(([, , field]) => field === 'orgnr')).toBe(true);
  });

  it.each(numbered)('%s', async (_name, tool, field, value) => {
    const example = exampleOf(tool);
    const asString = await callTool(t, tool.server.slug, tool.name, example);
    const asNumber = await callTool(t, tool.server.slug, tool.name, { ...example, [field]: Number(value) });
    expect(asNumber).toEqual(asString);
  });

  it('a lossy number answers invalid_input naming the field and saying to send a string', async () => {
    const r = await callTool(t, 'brreg', 'brreg.enhet.lookup', { orgnr: 23609016.5 });
    expect(r.isError).toBe(true);
    expect(r.data.error).toMatchObject({ code: 'invalid_input', fields: ['orgnr'] });
    expect(r.data.error.message).toBe('orgnr: send as a string, e.g. "923609016"; the number 23609016.5 is not a whole number');
  });
});
