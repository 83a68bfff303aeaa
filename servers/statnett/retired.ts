// kapasitet.status, kraftflyt.live and prisomrader.status: deprecated in the tool-server spec
// (4.4, grid operator), so each always answers HTTP 410 api_sunset with an expiry message and no
// data, and calls no upstream. Their parameters are declared as the spec gives them.
import { defineTool } from '../../runtime/define.js';
import { isoDate } from '../../runtime/fields.js';

const coverage = (dataTypes: string[]) => ({ geography: ['NO' as const], dataTypes, updateFrequency: 'realtime' as const });

const ALTERNATIVE =
  "Statnett publishes power system data on its own pages (https://www.statnett.no/for-aktorer-i-kraftbransjen/tall-og-data-fra-kraftsystemet/); day-ahead prices per bidding zone are published by Nord Pool and the ENTSO-E Transparency Platform (https://transparency.entsoe.eu).";

export const kapasitetStatus = defineTool({
  name: 'kapasitet.status',
  title: 'Grid capacity status (retired)',
  description:
    "Retired: gave the available capacity of Statnett's transmission grid. It answers HTTP 410 api_sunset with no data; this service has no Statnett data source any more. " +
    'For grid and capacity figures use Statnett\'s own "tall og data" pages or the ENTSO-E Transparency Platform.',
  status: 'deprecated',
  retired: {
    code: 'api_sunset',
    message: 'statnett.kapasitet.status is retired: this service no longer has a Statnett data source. No data is returned.',
    alternative: ALTERNATIVE,
  },
  input: {},
  coverage: coverage(['grid-capacity']),
  cacheTtlSeconds: 3600,
  route: '/kapasitet',
});

export const kraftflytLive = defineTool({
  name: 'kraftflyt.live',
  title: 'Live power flow (retired)',
  description:
    'Retired: gave the live power flow between Norway and neighbouring countries and between bidding zones. It answers HTTP 410 api_sunset with no data. ' +
    'Physical flows are published on the ENTSO-E Transparency Platform and on Statnett\'s "tall og data" pages.',
  status: 'deprecated',
  retired: {
    code: 'api_sunset',
    message: 'statnett.kraftflyt.live is retired: this service no longer has a Statnett data source. No data is returned.',
    alternative: ALTERNATIVE,
  },
  input: {},
  coverage: coverage(['power-flow']),
  cacheTtlSeconds: 3600,
  route: '/kraftflyt',
});

export const prisomraderStatus = defineTool({
  name: 'prisomrader.status',
  title: 'Bidding zones on a date (retired)',
  description:
    'Retired: gave the status of the Norwegian bidding zones (NO1-NO5) on a date (dato, YYYY-MM-DD). It answers HTTP 410 api_sunset with no data, whatever the date. ' +
    'Day-ahead prices per bidding zone are published by Nord Pool and the ENTSO-E Transparency Platform.',
  status: 'deprecated',
  retired: {
    code: 'api_sunset',
    message: 'statnett.prisomrader.status is retired: this service no longer has a Statnett data source. No data is returned.',
    alternative: ALTERNATIVE,
  },
  input: { dato: isoDate('Date, YYYY-MM-DD.').optional() },
  coverage: coverage(['bidding-zone', 'power-price']),
  cacheTtlSeconds: 3600,
  route: '/prisomrader',
});
