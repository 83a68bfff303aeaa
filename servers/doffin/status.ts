// The connector status answer of tool-server spec 2.3 (its example is this procurement connector),
// served at GET /api/connectors/doffin/health: not a tool (the spec's doffin server has exactly three).
import type { RouteContext, ServerRoute } from '../../runtime/define.js';
import { CREDENTIALS } from './common.js';

export function doffinStatus(ctx: RouteContext) {
  const configured = CREDENTIALS.every((name) => ctx.env(name) !== undefined);
  return {
    status: configured ? 'active' : 'not_configured',
    connector: 'doffin',
    source: 'Doffin, the national notice database for public procurement (DFØ), public API v2',
    country: 'NO',
    configured,
    endpoints: ctx.endpoints,
    credentials: {
      required: [...CREDENTIALS],
      registrationUrl: 'https://dof-notices-prod-api.developer.azure-api.net',
      docsUrl: 'https://dof-notices-prod-api.developer.azure-api.net/apis',
      cost: 'free (a subscription key from the developer portal)',
      fallback: 'Without a key, search notices by hand on https://doffin.no; notices above the EU thresholds are also published on TED (https://ted.europa.eu).',
    },
    note:
      (configured ? '' : 'DOFFIN_API_KEY is not set: the data routes answer 503 not_configured. ') +
      "Even with a key, Doffin's path /notices answers 404: the only upstream operation is GET /public/v2/search, which notices.search uses and through which notice.get finds a notice by its id. cpv.divisjoner answers from the static CPV 2008 reference.",
    alternatives: [
      { connector: 'brreg', description: 'Enhetsregisteret: look up a buyer or supplier of a notice by organisation number.' },
      { connector: 'data-europa', description: "data.europa.eu catalogue: TED procurement data sets, for notices above the EU thresholds." },
    ],
  };
}

export const healthRoute: ServerRoute = { path: '/health', answer: doffinStatus };
