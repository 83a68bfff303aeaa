// dst.tables.list, dst.tables.metadata and dst.tables.data: Statistics Denmark's StatBank (requests
// and the cell check: statbank.ts).
import { z } from 'zod';
import { defineTool, type Coverage } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { note, sourceRef } from '../../runtime/output.js';
import { datasetOutput, decodeDataset, fromVersion1 } from '../_shared/jsonstat.js';
import { DATA_TTL, METADATA_TTL, SOURCE, plan, post, tableInfo, tableUrl } from './statbank.js';
import { quoted } from '../../runtime/validation.js';

const coverage = (dataTypes: string[]): Coverage => ({ geography: ['DK'], dataTypes, updateFrequency: 'daily' });

const lang = z.enum(['da', 'en']).default('en').describe('Language of texts: da or en. Default en.');

const tableId = z
  .string()
  .regex(/^[A-Za-z0-9]+$/, { error: (iss) => `must be a StatBank table id of letters and digits, such as FOLK1A (got ${quoted(iss.input)})` })
  .describe('StatBank table id, e.g. FOLK1A (dst.tables.list lists them).');

interface TableEntry {
  id: string;
  text: string;
  unit?: string;
  updated?: string;
  firstPeriod?: string;
  latestPeriod?: string;
  active?: boolean;
}

export const tablesList = defineTool({
  name: 'tables.list',
  title: "List Statistics Denmark's StatBank tables",
  description:
    "Every active table of Statistics Denmark's StatBank (api.statbank.dk): id (such as FOLK1A), title, unit, last update and first and latest period. " +
    'It is the whole catalogue, some thousand tables: search the answer for a subject, then read a table with dst.tables.metadata and dst.tables.data. lang da or en (default en).',
  input: { lang },
  output: z.object({
    lang: z.string(),
    count: z.number().int(),
    tables: z.array(
      z.object({
        id: z.string(),
        text: z.string(),
        unit: z.string().nullable(),
        updated: z.string().nullable(),
        firstPeriod: z.string().nullable(),
        latestPeriod: z.string().nullable(),
      }),
    ),
    note,
    kilde: sourceRef,
  }),
  coverage: coverage(['statistics-catalogue']),
  cacheTtlSeconds: METADATA_TTL,
  route: '/tables',
  example: {},
  run: async ({ lang }, ctx) => {
    const tables = await post<TableEntry[]>(ctx, '/tables', { lang, format: 'JSON' });
    const active = tables.filter((t) => t.active !== false);
    return {
      lang,
      count: active.length,
      tables: active.map((t) => ({
        id: t.id,
        text: t.text,
        unit: t.unit ?? null,
        updated: t.updated ?? null,
        firstPeriod: t.firstPeriod ?? null,
        latestPeriod: t.latestPeriod ?? null,
      })),
      ...(active.length === 0 && { note: 'StatBank listed no active table.' }),
      kilde: SOURCE,
    };
  },
});

export const tablesMetadata = defineTool({
  name: 'tables.metadata',
  title: 'Variables and values of a StatBank table',
  description:
    'The structure of one StatBank table: title, description, unit, last update, and every variable with its code, text, whether it may be left out (elimination: its total is then used), whether it is time, and all its value codes and texts. ' +
    'Read it before dst.tables.data to choose variables. lang da or en (default en). StatBank refuses an unknown tableId as an invalid request (400).',
  input: { tableId, lang },
  output: z.object({
    tableId: z.string(),
    text: z.string().nullable(),
    description: z.string().nullable(),
    unit: z.string().nullable(),
    updated: z.string().nullable(),
    active: z.boolean().nullable(),
    variables: z.array(
      z.object({
        code: z.string(),
        text: z.string().nullable(),
        elimination: z.boolean(),
        time: z.boolean(),
        valueCount: z.number().int(),
        values: z.array(z.object({ code: z.string(), text: z.string().nullable() })),
      }),
    ),
    kilde: sourceRef,
  }),
  coverage: coverage(['statistics-metadata']),
  cacheTtlSeconds: METADATA_TTL,
  route: '/tables/:tableId',
  example: { tableId: 'FOLK1A' },
  run: async ({ tableId, lang }, ctx) => {
    const info = await tableInfo(ctx, tableId.toUpperCase(), lang);
    return {
      tableId: info.id,
      text: info.text ?? null,
      description: info.description ?? null,
      unit: info.unit ?? null,
      updated: info.updated ?? null,
      active: info.active ?? null,
      variables: info.variables.map((v) => ({
        code: v.id,
        text: v.text ?? null,
        elimination: v.elimination === true,
        time: v.time === true,
        valueCount: v.values.length,
        values: v.values.map((x) => ({ code: x.id, text: x.text ?? null })),
      })),
      kilde: { register: SOURCE.register, url: tableUrl(info.id) },
    };
  },
});

const variable = z.object({
  code: z.string().min(1).describe('Variable code from dst.tables.metadata, e.g. OMRÅDE, Tid.'),
  values: z.array(z.string().min(1)).describe('Value codes; * for all values.'),
});

export const tablesData = defineTool({
  name: 'tables.data',
  title: 'Data from a StatBank table',
  description:
    "Figures from one StatBank table for the variables given as [{code, values[]}] (`*` selects all values); a variable left out is eliminated (its total) or, for time, StatBank's default period. " +
    "The query's cells are counted from the table's metadata before any data is asked for: above StatBank's ceiling (1 000 000 cells) it is refused with its count and what to narrow. " +
    'Answers the dimensions with codes and labels and the values in row-major order (last dimension fastest); a figure StatBank does not publish (..) is null with status "..". lang da or en (default en).',
  input: {
    tableId,
    lang,
    variables: z.array(variable).optional().describe('Which values of which variables.'),
  },
  output: z.object({
    tableId: z.string(),
    variables: z.array(z.object({ code: z.string(), values: z.array(z.string()) })).describe('The variables sent to StatBank.'),
    ...datasetOutput,
    kilde: sourceRef,
  }),
  coverage: coverage(['statistics']),
  cacheTtlSeconds: DATA_TTL,
  route: '/tables/:tableId/data',
  example: { tableId: 'FOLK1A', variables: [{ code: 'OMRÅDE', values: ['000', '101'] }, { code: 'Tid', values: ['*'] }] },
  run: async ({ tableId, lang, variables }, ctx) => {
    const table = tableId.toUpperCase();
    const info = await tableInfo(ctx, table, lang);
    const planned = plan(info, variables);
    const doc = await post<{ dataset?: Record<string, unknown> }>(ctx, '/data', { table, lang, format: 'JSONSTAT', variables: planned.variables });
    if (!doc?.dataset) throw fail.upstream('Statistics Denmark StatBank answered data without a JSON-stat dataset');
    return { tableId: table, variables: planned.variables, ...decodeDataset(fromVersion1(doc as { dataset: Record<string, unknown> })), kilde: { register: SOURCE.register, url: tableUrl(table) } };
  },
});
