// ssb.microdata.preset_query: aggregate queries on microdata.no (SSB and Sikt's platform for
// register microdata), which the spec says need a token.
//
// What could be confirmed: microdata.no publishes no API for programmatic queries. Analyses run as
// scripts in its web application, for users logged in through Feide or ID-porten under an
// institutional agreement. Behind it, the platform's data service (statisticsnorway/
// microdata-data-service, doc/openapi.yaml: POST /data/event/stream, /data/status/stream,
// /data/fixed/stream) takes `Authorization: Bearer <JWT>` (RS256, audience "datastore", checked
// against the platform's JWKS; data_service/api/auth.py) and answers unit-level data as Parquet,
// never aggregates; its documentation is internal (gitlab.sikt.no). There is therefore no upstream
// this tool may call, and no token would unlock one: the spec's "needs a token" names a credential
// that opens nothing, so the tool declares none (issue 25 item 3: an operator would chase it in
// vain). It answers 503 source_migrated (the runtime's `unavailable`, availability
// no_readable_source), saying why, and calls nothing.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { int } from '../../runtime/fields.js';

export const PRESETS = ['income_distribution_by_municipality', 'employment_rate_by_education_level', 'wage_growth_by_sector'] as const;

const year = (description: string) => z.number().int().optional().describe(description);

export const microdataPresetQuery = defineTool({
  name: 'microdata.preset_query',
  title: 'Preset aggregate queries on microdata.no',
  description:
    'Aggregates (never person-level data) from register microdata on microdata.no: preset income_distribution_by_municipality, employment_rate_by_education_level or wage_growth_by_sector; one year (aar) or fraAar to tilAar; persons aged minAlder (default 18) and up. ' +
    'microdata.no documents no public API for programmatic queries (analyses run in its web application, for logged-in users), so this tool answers no data and no credential of this server changes that; for published aggregates use ssb.tables.list.',
  input: {
    preset: z.enum(PRESETS).optional().describe('Which preset aggregate.'),
    aar: year('One year, e.g. 2023.'),
    fraAar: year('First year of a range.'),
    tilAar: year('Last year of a range.'),
    minAlder: int({ default: 18, description: 'Youngest age counted. Default 18.' }),
  },
  refine: (input, issues) => {
    if (input.aar !== undefined && (input.fraAar !== undefined || input.tilAar !== undefined)) issues.add('give aar (one year) or fraAar/tilAar (a range), not both', ['aar']);
    if (input.fraAar !== undefined && input.tilAar !== undefined && input.fraAar > input.tilAar) issues.add(`fraAar (${input.fraAar}) must not be after tilAar (${input.tilAar})`, ['fraAar']);
  },
  coverage: { geography: ['NO'], dataTypes: ['register-microdata-aggregate'], updateFrequency: 'annual' },
  cacheTtlSeconds: 24 * 3600,
  route: '/microdata/preset-query',
  example: { preset: 'income_distribution_by_municipality', aar: 2023 },
  unavailable: {
    code: 'source_migrated',
    message:
      'ssb.microdata.preset_query cannot run: microdata.no documents no public API for programmatic queries (analyses run in its web application, for users logged in with Feide or ID-porten), so there is nothing this service could send a query to. Retrying does not help. No data is returned; published aggregates on these subjects are in the Statbank (ssb.tables.list).',
    alternative: 'ssb.tables.list, ssb.tables.data',
  },
});
