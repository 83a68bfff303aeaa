// adresser.search: Kartverket's open address API, GET /sok.
//
// Follows: the API's own OpenAPI document (Åpent adresse-API fra Kartverket 1.2.0, served at
// https://ws.geonorge.no/adresser/v1/; UPSTREAMS.md B1) and a live capture of /sok (a markdown
// capture with request_url .../sok?postnummer=0150&treffPerSide=1, UPSTREAMS.md idx 71273740083).
// Relied on:
// - Query parameters sok, kommunenummer, treffPerSide, side (0-based: answers echo "side": 0),
//   utkoordsys; answer {metadata:{totaltAntallTreff, side, treffPerSide, viserFra, viserTil,
//   sokeStreng, asciiKompatibel}, adresser:[…]}; no hit is `adresser: []`, never a 404.
// - "API-et returnerer kun de første 10 000 resultatene": hence the spec's rule
//   (side + 1) × limit <= 10000.
// UNCONFIRMED: the largest treffPerSide the API accepts (this tool asks for at most 50).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { int, kommunenummer } from '../../runtime/fields.js';
import { note, optNum, optStr } from '../../runtime/output.js';
import { DAY, coverage, num, query, str } from './common.js';

/** The address API returns only the first 10 000 hits of a search (its OpenAPI description). */
export const MAX_HITS = 10_000;

interface Adresse {
  adressenavn?: string | null;
  adressetekst?: string | null;
  adressetilleggsnavn?: string | null;
  adressekode?: number | null;
  nummer?: number | null;
  bokstav?: string | null;
  kommunenummer?: string | null;
  kommunenavn?: string | null;
  gardsnummer?: number | null;
  bruksnummer?: number | null;
  festenummer?: number | null;
  undernummer?: number | null;
  objtype?: string | null;
  poststed?: string | null;
  postnummer?: string | null;
  representasjonspunkt?: { epsg?: string; lat?: number; lon?: number } | null;
  oppdateringsdato?: string | null;
}

interface SokAnswer {
  metadata?: { totaltAntallTreff?: number; side?: number; treffPerSide?: number } | null;
  adresser?: Adresse[] | null;
}

const adresseOutput = z.object({
  adressetekst: optStr(),
  adressenavn: optStr(),
  nummer: optNum(),
  bokstav: optStr(),
  postnummer: optStr(),
  poststed: optStr(),
  kommunenummer: optStr(),
  kommunenavn: optStr(),
  gardsnummer: optNum(),
  bruksnummer: optNum(),
  festenummer: optNum(),
  objtype: optStr().describe('Vegadresse or Matrikkeladresse.'),
  lat: optNum(),
  lon: optNum(),
});

function mapAdresse(a: Adresse) {
  const point = a.representasjonspunkt ?? null;
  return {
    adressetekst: str(a.adressetekst),
    adressenavn: str(a.adressenavn),
    nummer: num(a.nummer),
    bokstav: str(a.bokstav),
    postnummer: str(a.postnummer),
    poststed: str(a.poststed),
    kommunenummer: str(a.kommunenummer),
    kommunenavn: str(a.kommunenavn),
    gardsnummer: num(a.gardsnummer),
    bruksnummer: num(a.bruksnummer),
    festenummer: num(a.festenummer),
    objtype: str(a.objtype),
    lat: num(point?.lat),
    lon: num(point?.lon),
  };
}

export const adresserSearch = defineTool({
  name: 'adresser.search',
  title: 'Search Norwegian addresses (Kartverket)',
  description:
    "Searches Norway's official addresses (Kartverket) by free text, e.g. 'Karl Johans gate 1' (* is a wildcard): address text, street, number and letter, postcode and place, municipality, cadastral numbers (gnr, bnr, fnr) and a point (lat/lon, EUREF89 ≈ WGS84). " +
    'kommunenr limits to one municipality; limit 1-50 (default 10); side is the 0-based page (0-9999). Kartverket serves only the first 10 000 hits: (side + 1) × limit must be at most 10000. An empty list means no match.',
  input: {
    q: query("Address text, e.g. 'Karl Johans gate 1, Oslo'."),
    limit: int({ min: 1, max: 50, default: 10, description: 'Addresses per page, 1 to 50. Default 10.' }),
    side: int({ min: 0, max: 9999, default: 0, description: 'Page number, 0-based, 0 to 9999. Default 0.' }),
    kommunenr: kommunenummer('Municipality number, 4 digits, e.g. 0301.').optional(),
  },
  refine: ({ side, limit }, issues) => {
    if ((side + 1) * limit > MAX_HITS) {
      issues.add(
        `side and limit: (side + 1) × limit must be at most ${MAX_HITS}, because Kartverket returns only the first ${MAX_HITS} hits (got side ${side}, limit ${limit}: ${(side + 1) * limit})`,
      );
    }
  },
  output: z.object({
    side: z.number(),
    limit: z.number(),
    totalHits: z.number(),
    count: z.number(),
    hasMore: z.boolean(),
    adresser: z.array(adresseOutput),
    note,
  }),
  coverage: coverage(['address', 'geocoding']),
  cacheTtlSeconds: DAY,
  route: '/adresser',
  example: { q: 'Karl Johans gate 1', kommunenr: '0301', limit: 2 },
  run: async ({ q, limit, side, kommunenr }, ctx) => {
    const answer = await ctx.get<SokAnswer>('kartverket-adresser', '/sok', {
      // The API's side is 0-based like the tool's: passed as it stands.
      query: { sok: q, kommunenummer: kommunenr, treffPerSide: limit, side, utkoordsys: 4258 },
    });
    const adresser = (answer.adresser ?? []).map(mapAdresse);
    const total = num(answer.metadata?.totaltAntallTreff) ?? adresser.length;
    const reachable = Math.min(total, MAX_HITS);
    return {
      side,
      limit,
      totalHits: total,
      count: adresser.length,
      hasMore: (side + 1) * limit < reachable,
      adresser,
      ...(adresser.length === 0 && { note: total > 0 ? `This page is past the ${total} hits.` : 'No address matched the search.' }),
      ...(total > MAX_HITS && adresser.length > 0 && { note: `${total} addresses match; Kartverket serves only the first ${MAX_HITS}, so narrow the search (kommunenr, a fuller address) to reach the rest.` }),
    };
  },
});
