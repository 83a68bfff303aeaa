// ssb.tables.list, ssb.tables.metadata and ssb.tables.data: SSB's Statbank tables through PxWebApi 2
// (requests and selection rules: pxweb.ts).
import { z } from 'zod';
import { defineTool, type Coverage } from '../../runtime/define.js';
import { int, text } from '../../runtime/fields.js';
import { note, sourceRef } from '../../runtime/output.js';
import { datasetOutput, decodeDataset } from '../_shared/jsonstat.js';
import { DATA_TTL, METADATA_TTL, SOURCE, UPSTREAM, data, metadata, plan, tableUrl } from './pxweb.js';
import { quoted } from '../../runtime/validation.js';

export const coverage = (dataTypes: string[]): Coverage => ({ geography: ['NO'], dataTypes, updateFrequency: 'daily' });

export const lang = z.enum(['no', 'en']).optional().describe('Language of labels: no (Norwegian, SSB default) or en.');

export const tableId = z
  .string()
  .regex(/^\d{2,8}$/, { error: (iss) => `must be an SSB table number of 2 to 8 digits, such as 07459 (got ${quoted(iss.input)})` })
  .describe('SSB table number, 2 to 8 digits with its leading zeros, for example 07459.');

interface TablesPage {
  language?: string;
  tables: {
    id: string;
    label: string;
    updated?: string | null;
    firstPeriod?: string | null;
    lastPeriod?: string | null;
    timeUnit?: string | null;
    variableNames?: string[];
    discontinued?: boolean | null;
    subjectCode?: string | null;
  }[];
  page: { pageNumber: number; pageSize: number; totalElements: number; totalPages: number };
}

const tableEntry = z.object({
  id: z.string(),
  label: z.string(),
  updated: z.string().nullable(),
  firstPeriod: z.string().nullable(),
  lastPeriod: z.string().nullable(),
  timeUnit: z.string().nullable(),
  variables: z.array(z.string()),
  url: z.string(),
});

export const tablesList = defineTool({
  name: 'tables.list',
  title: 'Search SSB Statbank tables',
  description:
    "Finds current tables in Statistics Norway's Statbank by words in titles, variables and values (SSB's Norwegian terms match best, e.g. konsumprisindeks) or a table number: id, title, first and last period, time unit, variables. " +
    'page from 1, pageSize 1 to 200 (default 50). Discontinued tables are left out. Next: ssb.tables.metadata, ssb.tables.data. Empty: no current table matches.',
  input: {
    query: text('Words or a table number; title:, AND/OR and * work.', 1, 500).optional(),
    lang,
    page: int({ min: 1, default: 1, description: 'Page number, from 1. Default 1.' }),
    pageSize: int({ min: 1, max: 200, default: 50, description: 'Tables per page, 1 to 200. Default 50.' }),
  },
  output: z.object({
    query: z.string().nullable(),
    page: z.number().int(),
    pageSize: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    hasMore: z.boolean(),
    tables: z.array(tableEntry),
    note,
    kilde: sourceRef,
  }),
  coverage: coverage(['statistics-catalogue']),
  cacheTtlSeconds: METADATA_TTL,
  route: '/tables',
  example: { query: '03013 OR 14710', lang: 'en', pageSize: 1 },
  run: async ({ query, lang, page, pageSize }, ctx) => {
    const res = await ctx.get<TablesPage>(UPSTREAM, '/tables', { query: { query, lang, pageNumber: page, pageSize } });
    const tables = res.tables.map((t) => ({
      id: t.id,
      label: t.label,
      updated: t.updated ?? null,
      firstPeriod: t.firstPeriod ?? null,
      lastPeriod: t.lastPeriod ?? null,
      timeUnit: t.timeUnit ?? null,
      variables: t.variableNames ?? [],
      url: tableUrl(t.id),
    }));
    return {
      query: query ?? null,
      page: res.page.pageNumber,
      pageSize: res.page.pageSize,
      totalElements: res.page.totalElements,
      totalPages: res.page.totalPages,
      hasMore: res.page.pageNumber < res.page.totalPages,
      tables,
      ...(tables.length === 0 && {
        note: res.page.totalElements > 0 ? `Page ${page} is past the last page (${res.page.totalPages}).` : 'No current SSB table matches; try other words (SSB terms in Norwegian often match best) or a table number.',
      }),
      kilde: SOURCE,
    };
  },
});

export const tablesMetadata = defineTool({
  name: 'tables.metadata',
  title: 'Variables and values of an SSB table',
  description:
    'The structure of one Statbank table: its title, when it was updated, whether SSB has discontinued it, its notes, and every variable with its code, label, whether it may be left out of a query (elimination), whether it is the time variable, and all its value codes and labels. ' +
    'Read it before ssb.tables.data to choose variableCode and valueCodes. tableId is 2 to 8 digits; an unknown table answers 404.',
  input: { tableId, lang },
  output: z.object({
    tableId: z.string(),
    label: z.string().nullable(),
    updated: z.string().nullable(),
    discontinued: z.boolean(),
    notes: z.array(z.string()),
    variables: z.array(
      z.object({
        code: z.string(),
        label: z.string(),
        elimination: z.boolean().describe('May be left out of ssb.tables.data? (it is then all values there)'),
        time: z.boolean(),
        valueCount: z.number().int(),
        values: z.array(z.object({ code: z.string(), label: z.string() })),
      }),
    ),
    kilde: sourceRef,
  }),
  coverage: coverage(['statistics-metadata']),
  cacheTtlSeconds: METADATA_TTL,
  route: '/tables/:tableId',
  example: { tableId: '05300', lang: 'no' },
  run: async ({ tableId, lang }, ctx) => {
    const meta = await metadata(ctx, tableId, lang);
    return {
      ...meta,
      variables: meta.variables.map((v) => ({ ...v, valueCount: v.values.length })),
      kilde: { register: SOURCE.register, url: tableUrl(tableId) },
    };
  },
});

const selectionItem = z.object({
  variableCode: z.string().min(1).describe('Variable code from ssb.tables.metadata, e.g. Region, ContentsCode, Tid.'),
  valueCodes: z.array(z.string().min(1)).describe('Value codes, or expressions: * and ? wildcards, top(n), bottom(n), from(code), to(code), range(a,b).'),
});

export const tablesData = defineTool({
  name: 'tables.data',
  title: 'Data from an SSB table',
  description:
    'Figures from one Statbank table for a selection: an array of {variableCode, valueCodes[]}; a variable left out selects all its values (elimination does not apply). ' +
    "SSB's ceiling of 800 000 cells per extract is checked from the table's metadata before any data is asked for: a larger selection is refused with its cell count and which variables to narrow (top(n) on time helps). " +
    'Answers the dimensions with codes and labels and the values in row-major order (last dimension fastest); a missing figure is null with its symbol in status (.. not available, : confidential). ' +
    'Long selections can be POSTed to /api/data/ssb/tables/{tableId}/data as a JSON body.',
  input: {
    tableId,
    lang,
    selection: z.array(selectionItem).optional().describe('Which values of which variables; omitted or left-out variables mean all values.'),
  },
  output: z.object({
    tableId: z.string(),
    selection: z.array(z.object({ variableCode: z.string(), valueCodes: z.array(z.string()) })).describe('The selection sent to SSB, every variable included.'),
    ...datasetOutput,
    kilde: sourceRef,
  }),
  coverage: coverage(['statistics']),
  cacheTtlSeconds: DATA_TTL,
  route: '/tables/:tableId/data',
  example: {
    tableId: '05300',
    lang: 'no',
    selection: [
      { variableCode: 'Kulturtilbud', valueCodes: ['01', '07'] },
      { variableCode: 'Tid', valueCodes: ['top(2)'] },
    ],
  },
  run: async ({ tableId, lang, selection }, ctx) => {
    const meta = await metadata(ctx, tableId, lang);
    const planned = plan(meta, selection);
    const ds = await data(ctx, tableId, lang, planned.selection);
    return { tableId, selection: planned.selection, ...decodeDataset(ds), kilde: { register: SOURCE.register, url: tableUrl(tableId) } };
  },
});
