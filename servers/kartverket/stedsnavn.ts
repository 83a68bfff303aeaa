// stedsnavn.search: Kartverket's place-name API (Sentralt stedsnavnregister), GET /sted.
//
// Follows: the API's OpenAPI document as generated into a client (toremalmedal/route-forecast
// stedsnavn-client/docs: DefaultApi.md, Sok.md, SkrivemateJson.md, Metadata.md,
// Representasjonspunkt.md; UPSTREAMS.md B1) and a live-verified description of /sted answers
// (UPSTREAMS.md idx 56521804165).
// Relied on:
// - /sted takes sok, knr (4 digits), treffPerSide (1-500), side (1-based, 1-500) and utkoordsys;
//   it answers {metadata:{totaltAntallTreff, side, treffPerSide, viserFra, viserTil, …},
//   navn:[{stedsnummer, navneobjekttype, stedstatus, stedsnavn:[{skrivemåte, navnestatus,
//   skrivemåtestatus, språk, stedsnavnnummer}], representasjonspunkt:{nord, øst, koordsys},
//   kommuner[], fylker[], oppdateringsdato}]}; nothing found is `navn: []`.
// - The tool has no page parameter (the spec gives none): it reads the API's first page, which is
//   side=1 because this API counts pages from 1, unlike the address API.
// UNCONFIRMED: totaltAntallTreff is documented as an estimate for heavy searches.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { int, kommunenummer } from '../../runtime/fields.js';
import { note, optNum, optStr } from '../../runtime/output.js';
import { DAY, coverage, num, query, str } from './common.js';

/** The place-name API numbers its pages from 1: the tool's (implicit) page 0 is its side 1. */
export const stedsnavnSide = (page: number) => page + 1;

interface Skrivemate {
  skrivemåte?: string | null;
  navnestatus?: string | null;
  skrivemåtestatus?: string | null;
  språk?: string | null;
}

interface Sted {
  stedsnummer?: number | null;
  navneobjekttype?: string | null;
  stedstatus?: string | null;
  stedsnavn?: Skrivemate[] | null;
  representasjonspunkt?: { nord?: number; øst?: number; koordsys?: number } | null;
  kommuner?: { kommunenummer?: string; kommunenavn?: string }[] | null;
  fylker?: { fylkesnummer?: string; fylkesnavn?: string }[] | null;
  oppdateringsdato?: string | null;
}

interface StedAnswer {
  metadata?: { totaltAntallTreff?: number } | null;
  navn?: Sted[] | null;
}

const stedOutput = z.object({
  stedsnummer: optNum(),
  navn: optStr().describe('The main name (hovednavn), else the first.'),
  navneobjekttype: optStr().describe('e.g. By, Fjell, Elv.'),
  skrivemater: z.array(z.object({ navn: z.string(), sprak: optStr(), navnestatus: optStr(), status: optStr() })),
  kommuner: z.array(z.object({ kommunenummer: optStr(), kommunenavn: optStr() })),
  fylker: z.array(z.object({ fylkesnummer: optStr(), fylkesnavn: optStr() })),
  lat: optNum(),
  lon: optNum(),
});

function mapSted(s: Sted) {
  const names = (s.stedsnavn ?? []).filter((n) => typeof n.skrivemåte === 'string' && n.skrivemåte !== '');
  const main = names.find((n) => n.navnestatus === 'hovednavn') ?? names[0];
  const point = s.representasjonspunkt ?? null;
  return {
    stedsnummer: num(s.stedsnummer),
    navn: main ? String(main.skrivemåte) : null,
    navneobjekttype: str(s.navneobjekttype),
    skrivemater: names.map((n) => ({ navn: String(n.skrivemåte), sprak: str(n.språk), navnestatus: str(n.navnestatus), status: str(n.skrivemåtestatus) })),
    kommuner: (s.kommuner ?? []).map((k) => ({ kommunenummer: str(k.kommunenummer), kommunenavn: str(k.kommunenavn) })),
    fylker: (s.fylker ?? []).map((f) => ({ fylkesnummer: str(f.fylkesnummer), fylkesnavn: str(f.fylkesnavn) })),
    lat: num(point?.nord),
    lon: num(point?.øst),
  };
}

export const stedsnavnSearch = defineTool({
  name: 'stedsnavn.search',
  title: 'Search Norwegian place names (Kartverket)',
  description:
    "Searches Norway's place-name register (Sentralt stedsnavnregister, Kartverket): towns, farms, mountains, lakes, islands. q is the name, e.g. 'Galdhøpiggen' or 'Trondheim*' (* is a wildcard). " +
    'Each place has its number, main name, written forms with language, kind (navneobjekttype), municipalities, counties and a point (lat/lon, EUREF89 ≈ WGS84). ' +
    'kommunenr (4 digits) limits to one municipality; limit 1-50 (default 10), best matches first. An empty list means no place has that name.',
  input: {
    q: query("Place name, e.g. 'Galdhøpiggen'."),
    limit: int({ min: 1, max: 50, default: 10, description: 'Places to return, 1 to 50. Default 10.' }),
    kommunenr: kommunenummer('Municipality number, 4 digits, e.g. 3434.').optional(),
  },
  output: z.object({
    limit: z.number(),
    totalHits: z.number(),
    count: z.number(),
    steder: z.array(stedOutput),
    note,
  }),
  coverage: coverage(['place-name', 'geocoding']),
  cacheTtlSeconds: DAY,
  route: '/stedsnavn',
  example: { q: 'Galdhøpiggen', limit: 2 },
  run: async ({ q, limit, kommunenr }, ctx) => {
    const answer = await ctx.get<StedAnswer>('kartverket-stedsnavn', '/sted', {
      query: { sok: q, knr: kommunenr, treffPerSide: limit, side: stedsnavnSide(0), utkoordsys: 4258 },
    });
    const steder = (answer.navn ?? []).map(mapSted);
    return {
      limit,
      totalHits: num(answer.metadata?.totaltAntallTreff) ?? steder.length,
      count: steder.length,
      steder,
      ...(steder.length === 0 && { note: 'No place in the register has a name matching the search.' }),
    };
  },
});
