// config.status: the connector status answer of tool-server spec 2.3 for the AIS connector (whether
// the BarentsWatch client credentials are set, what they are, where to get them), answered
// without credentials and without calling any upstream.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { SHIP_TYPES } from './ship-types.js';
import { tokenUrlEnvVar } from '../../runtime/upstream/tokens.js';
import { BARENTSWATCH_AIS, CREDENTIALS, TOKEN_URL } from './upstream.js';

const ROUTES = ['/positions', '/config/status', '/ship-types'];

export const configStatus = defineTool({
  name: 'config.status',
  title: 'AIS connector status',
  description:
    'Whether this server can track ships: configured is true when BARENTSWATCH_CLIENT_ID and BARENTSWATCH_CLIENT_SECRET are set (then ais.ais.positions answers; otherwise it answers 503 not_configured). ' +
    'Also gives the connector routes, where to register a free BarentsWatch client, the token endpoint and scope, and alternatives. Needs no credentials and calls no upstream.',
  input: {},
  output: z.object({
    status: z.enum(['active', 'not_configured']),
    connector: z.string(),
    source: z.string(),
    country: z.string(),
    configured: z.boolean(),
    endpoints: z.array(z.string()),
    credentials: z.object({
      required: z.array(z.string()),
      missing: z.array(z.string()),
      registrationUrl: z.string(),
      docsUrl: z.string(),
      tokenUrl: z.string(),
      scope: z.string(),
      cost: z.string(),
      fallback: z.string(),
    }),
    shipTypes: z.number().int(),
    note: z.string(),
    alternatives: z.array(z.object({ connector: z.string(), description: z.string() })),
  }),
  coverage: { geography: ['NO'], dataTypes: ['connector-status'], updateFrequency: 'static' },
  cacheTtlSeconds: 0,
  route: '/config/status',
  example: {},
  run: async (_input, ctx) => {
    const missing = CREDENTIALS.filter((name) => ctx.env(name) === undefined);
    const configured = missing.length === 0;
    return {
      status: configured ? ('active' as const) : ('not_configured' as const),
      connector: 'ais',
      source: "BarentsWatch live AIS (Kystverket's AIS network, open part), https://live.ais.barentswatch.no",
      country: 'NO',
      configured,
      endpoints: ROUTES.map((r) => `${ctx.publicBaseUrl}/api/connectors/ais${r}`),
      credentials: {
        required: [...CREDENTIALS],
        missing,
        registrationUrl: 'https://www.barentswatch.no/minside/',
        docsUrl: 'https://developer.barentswatch.no/docs/appreg/',
        // The token endpoint in use: the runtime's override variable (BARENTSWATCH_AIS_TOKEN_URL) when set.
        tokenUrl: ctx.env(tokenUrlEnvVar(BARENTSWATCH_AIS)!) ?? TOKEN_URL,
        scope: 'ais',
        cost: 'free (a BarentsWatch user and a self-registered client)',
        fallback: "Without a client, Kystverket's open AIS is also on Kystinfo's map (kystinfo.no) and as a raw NMEA stream (153.44.253.27:5631).",
      },
      shipTypes: SHIP_TYPES.length,
      note:
        (configured ? '' : `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set: ais.ais.positions answers 503 not_configured. `) +
        'The client id is the one BarentsWatch shows (your e-mail and the client name joined by a colon); tokens are fetched with the client-credentials grant and kept until shortly before they expire (one hour).',
      alternatives: [
        { connector: 'kystverket', description: 'Ports, port details and navigational warnings from Kystverket (no credentials).' },
        { connector: 'akvakultur', description: "Fiskeridirektoratet's aquaculture sites along the coast (no credentials)." },
      ],
    };
  },
});
