// Paths, limits and small helpers shared by the companies tools.
import type { Coverage } from '../../runtime/define.js';
import type { ToolContext } from '../../runtime/context.js';
import { fail } from '../../runtime/errors.js';
import { ENHETSREGISTERET_WINDOW } from '../_shared/upstream-limits.js';

export const DAY = 86_400;

export const coverage = (dataTypes: string[], geography: Coverage['geography'] = ['NO', 'DK', 'FI', 'SE', 'IS']): Coverage => ({
  geography,
  dataTypes,
  updateFrequency: 'daily',
});

// Enhetsregisteret (UPSTREAMS.md A1), upstream `brreg`.
export const BRREG_ENHET_PATH = '/enhetsregisteret/api/enheter/{orgnr}';
export const BRREG_ENHETER_PATH = '/enhetsregisteret/api/enheter';
export const BRREG_UPDATES_PATH = '/enhetsregisteret/api/oppdateringer/enheter';
/** brreg pages only the first 10 000 hits of a search, and answers HTTP 400 when (page+1)*size > 10000. */
export const BRREG_WINDOW = ENHETSREGISTERET_WINDOW.window;

// CVR distribution Elasticsearch (A6), upstream `cvr`.
export const CVR_SEARCH_PATH = '/cvr-permanent/virksomhed/_search';
/** Only the fields mapped here: Erhvervsstyrelsen asks clients to restrict `_source`. */
export const CVR_SOURCE_FIELDS = [
  'Vrvirksomhed.cvrNummer',
  'Vrvirksomhed.virksomhedMetadata.nyesteNavn',
  'Vrvirksomhed.virksomhedMetadata.sammensatStatus',
  'Vrvirksomhed.virksomhedMetadata.nyesteVirksomhedsform',
  'Vrvirksomhed.virksomhedMetadata.nyesteHovedbranche',
  'Vrvirksomhed.virksomhedMetadata.nyesteBeliggenhedsadresse',
  'Vrvirksomhed.virksomhedMetadata.stiftelsesDato',
];

// PRH YTJ v3 (A7), upstream `prh`.
export const PRH_COMPANIES_PATH = '/companies';
/** YTJ answers fixed pages of 100 companies. */
export const PRH_PAGE_ROWS = 100;

// Bolagsverket (A9), upstream `bolagsverket`; Skatturinn (A8), upstream `rsk`.
export const BOLAGSVERKET_ORG_PATH = '/organisationer';
export const RSK_ENTITY_PATH = '/v2/{kennitala}';

export const CREDENTIALS = {
  DK: { vars: ['CVR_ES_USER', 'CVR_ES_PASS'], what: 'the CVR system-to-system Elasticsearch access of Erhvervsstyrelsen (https://datacvr.virk.dk/artikel/system-til-system-adgang-til-cvr-data)' },
  SE: { vars: ['BOLAGSVERKET_CLIENT_ID', 'BOLAGSVERKET_CLIENT_SECRET'], what: 'OAuth client credentials for Bolagsverket\'s "Värdefulla datamängder" API (https://portal.api.bolagsverket.se/)' },
  IS: { vars: ['RSK_API_KEY'], what: 'a subscription key for Skatturinn\'s legal-entities API (https://api.skatturinn.is)' },
} as const;

/** 503 not_configured naming the variables to set, when a country's register needs credentials. */
export function requireCredentials(ctx: ToolContext, country: keyof typeof CREDENTIALS, task: string): void {
  const { vars, what } = CREDENTIALS[country];
  const missing = vars.filter((name) => ctx.env(name) === undefined);
  if (missing.length === 0) return;
  throw fail.notConfigured(`${task} needs ${what}. The operator has not set ${missing.join(' and ')}: set ${vars.join(' and ')} in the server's environment.`, {
    extra: { missing, country },
  });
}

/** A display URL with a query (for `source.url`), never used for a request. */
export function displayUrl(base: string, query: Record<string, string | number>): string {
  const u = new URL(base);
  for (const [k, v] of Object.entries(query)) u.searchParams.set(k, String(v));
  return u.toString();
}
