// The three BBR tools of the dawa server, all deprecated in tool-server spec 4.6 ("Danish buildings":
// always HTTP 410 api_sunset): DAWA (Danmarks Adressers Web API), whose BBR API
// (api.dataforsyningen.dk/bbrlight/bygninger and /bbrlight/grunde, documented at
// dawadocs.dataforsyningen.dk/dok/api/BBR%20bygning) these tools read, was shut down by
// Klimadatastyrelsen: "DAWA lukker d. 1. oktober 2026"
// (https://www.klimadatastyrelsen.dk/om-klimadatastyrelsen/nyheder/nyhedsarkiv/2026/jul/dawa-lukker-d-1-oktober-2026).
// BBR data are now served by Datafordeleren, which needs a user and an agreement.
// Their parameters are declared with the spec's bounds so that clients see what they once took;
// any input, valid or not, answers the same 410.
import { z } from 'zod';
import type { Coverage } from '../../runtime/define.js';
import { defineTool } from '../../runtime/define.js';
import { int } from '../../runtime/fields.js';
import { quoted } from '../../runtime/validation.js';

export const SHUTDOWN_NOTICE = 'https://www.klimadatastyrelsen.dk/om-klimadatastyrelsen/nyheder/nyhedsarkiv/2026/jul/dawa-lukker-d-1-oktober-2026';
export const BBR_GRAPHQL = 'https://datafordeler.dk/dataoversigt/bygnings-og-boligregistret-bbr/bbr-graphql/';

const coverage = (dataTypes: string[]): Coverage => ({ geography: ['DK'], dataTypes, updateFrequency: 'static' });
const DAY = 86_400;

const shutDown = (tool: string) =>
  `bbr.${tool} is retired: DAWA (Danmarks Adressers Web API), which served these BBR data, was shut down by Klimadatastyrelsen on 1 October 2026 (${SHUTDOWN_NOTICE}). No data is returned.`;

const ALTERNATIVE = `Datafordeleren's BBR services (Bygnings- og Boligregistret): BBR GraphQL, ${BBR_GRAPHQL} (needs a Datafordeler user).`;

export const bbrBuilding = defineTool({
  name: 'bbr_building',
  title: 'Danish BBR building by id (retired)',
  description:
    "Retired: looked up one building in Denmark's building register (BBR) by its id through DAWA. DAWA was shut down by Klimadatastyrelsen on 1 October 2026, so this tool always answers HTTP 410 api_sunset with no data, whatever the input. BBR buildings are now served by Datafordeleren's BBR services (the alternative in the error names them).",
  status: 'deprecated',
  retired: { code: 'api_sunset', message: shutDown('bbr_building'), alternative: ALTERNATIVE },
  input: { id: z.string().describe('BBR building id (UUID), as DAWA gave it.').optional() },
  coverage: coverage(['building']),
  cacheTtlSeconds: DAY,
  route: '/bygning',
});

export const bbrBuildings = defineTool({
  name: 'bbr_buildings',
  title: 'Danish BBR buildings by address or municipality (retired)',
  description:
    "Retired: listed buildings in Denmark's building register (BBR) by access address (adgangsadresseid) or municipality code (kommunekode, 4 digits), limit 1-100 (default 20), through DAWA. DAWA was shut down by Klimadatastyrelsen on 1 October 2026, so this tool always answers HTTP 410 api_sunset with no data, whatever the input. Use Datafordeleren's BBR services instead (named in the error's alternative).",
  status: 'deprecated',
  retired: { code: 'api_sunset', message: shutDown('bbr_buildings'), alternative: ALTERNATIVE },
  input: {
    adgangsadresseid: z.string().describe('Access address id (UUID) of the buildings.').optional(),
    kommunekode: z
      .string()
      .regex(/^\d{4}$/, { error: (iss) => `must be exactly 4 digits (got ${quoted(iss.input)})` })
      .describe('Danish municipality code, 4 digits, for example 0101 (København).')
      .optional(),
    limit: int({ min: 1, max: 100, default: 20, description: 'Buildings per answer, 1-100.' }),
  },
  coverage: coverage(['building']),
  cacheTtlSeconds: DAY,
  route: '/bygninger',
});

export const bbrGround = defineTool({
  name: 'bbr_ground',
  title: 'Danish BBR plots (retired)',
  description:
    "Retired: read plots (grunde) of Denmark's building register (BBR) through DAWA. DAWA was shut down by Klimadatastyrelsen on 1 October 2026, so this tool always answers HTTP 410 api_sunset with no data, whatever the input. BBR plots are now served by Datafordeleren's BBR services (named in the error's alternative).",
  status: 'deprecated',
  retired: { code: 'api_sunset', message: shutDown('bbr_ground'), alternative: ALTERNATIVE },
  input: {},
  coverage: coverage(['building-plot']),
  cacheTtlSeconds: DAY,
  route: '/grunde',
});
