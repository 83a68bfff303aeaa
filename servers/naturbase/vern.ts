// verneform.list and verneomrade.detalj: Norway's protected areas (naturvernområder) as
// Miljødirektoratet publishes them (Naturbase).
//
// Follows: the SOSI product specification for Naturvernområder and its code list Verneform
// (Geonorge objektkatalog, EAID_9EE8FD94_553D_4c3a_9693_0CA28C0E48DB: code, name and whether a form
// is used under naturmangfoldloven), the map service's description
// (https://kartkatalog.miljodirektoratet.no/MapService/Details/vern) and the ArcGIS REST query
// operation of its layer 0, naturvernområder (polygons), as public clients call it (UPSTREAMS.md
// B3; file ids 9121810669, 31439168851, 52342238921, 59997625150).
// Relied on: GET /0/query with objectIds or where, outFields=*, returnGeometry=false, f=json
// answers {features:[{attributes:{OBJECTID, naturvernId, navn, offisieltNavn, verneform,
// verneplan, vernedato (epoch milliseconds), iucn, kommune, forvaltningsmyndighet,
// majorEcosystemType, faktaark, verneforskrift, …}}]}; no match is `features: []`; ArcGIS reports
// a refused query as HTTP 200 with {error:{code, message, details}}.
// UNCONFIRMED: the layer's full field list (the fields above are those public clients read) and the
// text of its verneform values; that layer 0 of the production service is the polygon layer.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { optNum, optStr, sourceRef } from '../../runtime/output.js';
import { quoted } from '../../runtime/validation.js';

const DAY = 86_400;
export const LAYER_QUERY = '/0/query';

/**
 * The protection forms of the Verneform code list that are in use under naturmangfoldloven: the
 * list also holds forms of older laws ("brukes ikke i nml") and of Svalbardmiljøloven.
 */
export const VERNEFORMER = [
  { kode: 'NP', navn: 'Nasjonalpark', beskrivelse: 'National park: large natural areas without major infrastructure, protected with their landscape, ecosystems and cultural heritage.' },
  { kode: 'LVO', navn: 'Landskapsvernområde', beskrivelse: 'Protected landscape: natural or cultural landscapes of ecological, cultural or experiential value.' },
  { kode: 'NR', navn: 'Naturreservat', beskrivelse: 'Nature reserve: areas of untouched or near-untouched nature, or of particular scientific value; the strictest form.' },
  { kode: 'BV', navn: 'Biotopvern', beskrivelse: 'Biotope protection: a habitat of a particular species protected for that species.' },
  { kode: 'MAV', navn: 'Marint vern', beskrivelse: 'Marine protected area (naturmangfoldloven): protected sea areas with their seabed and water column.' },
  { kode: 'MIV', navn: 'Midlertidig verna område/objekt', beskrivelse: 'Temporarily protected area or object, pending a decision on permanent protection.' },
] as const;

const verneformOutput = z.object({ kode: z.string(), navn: z.string(), beskrivelse: z.string() });

export const verneformList = defineTool({
  name: 'verneform.list',
  title: 'Protection forms of Norwegian protected areas',
  description:
    "The 6 forms of nature protection under Norway's Nature Diversity Act (naturmangfoldloven) with the codes Miljødirektoratet's protected-area data use (SOSI code list Verneform): NP nasjonalpark, LVO landskapsvernområde, NR naturreservat, BV biotopvern, MAV marint vern, MIV midlertidig vern. " +
    'Use it to read the verneform of miljodir.verneomrade.detalj. A static reference: no upstream is called and the list is never empty.',
  input: {},
  output: z.object({ count: z.number(), verneformer: z.array(verneformOutput), source: z.string() }),
  coverage: { geography: ['NO'], dataTypes: ['classification', 'protected-area'], updateFrequency: 'static' },
  cacheTtlSeconds: DAY,
  route: '/verneformer',
  example: {},
  run: async () => ({
    count: VERNEFORMER.length,
    verneformer: VERNEFORMER.map((v) => ({ ...v })),
    source: 'SOSI code list Verneform (Naturvernområder), the codes in use under naturmangfoldloven',
  }),
});

interface Attributes {
  [field: string]: unknown;
}

interface QueryAnswer {
  features?: { attributes?: Attributes | null }[] | null;
  error?: { code?: number; message?: string; details?: string[] } | null;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** ArcGIS dates are epoch milliseconds; some fields hold YYYYMMDD text. */
function day(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10);
  }
  if (typeof value === 'string' && /^\d{8}$/.test(value)) return `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}`;
  return str(value);
}

/** An OBJECTID (digits) or a Naturbase identifier (VV and 8 digits). */
export const OBJECT_ID = /^(\d{1,10}|VV\d{8})$/;

export const verneomradeDetalj = defineTool({
  name: 'verneomrade.detalj',
  title: 'One protected area (Miljødirektoratet Naturbase)',
  description:
    "One Norwegian protected area (naturvernområde) from Miljødirektoratet's Naturbase map service, by objectId: the map layer's OBJECTID (digits) or the area's Naturbase id (VV and 8 digits, e.g. VV00000006). " +
    'Returns name and official name, protection form (verneform, see miljodir.verneform.list), protection plan, date of protection, IUCN category, municipalities, managing authority, main ecosystem type, and links to the fact sheet and the regulation (verneforskrift). An id with no area answers not_found.',
  input: {
    objectId: z
      .string()
      .regex(OBJECT_ID, { error: (iss) => `must be the OBJECTID (up to 10 digits) or a Naturbase id VV and 8 digits, e.g. VV00000006 (got ${quoted(iss.input)})` })
      .describe('OBJECTID of the map layer (digits) or the Naturbase id, e.g. VV00000006.'),
  },
  output: z.object({
    objectId: optNum(),
    naturvernId: optStr(),
    navn: optStr(),
    offisieltNavn: optStr(),
    verneform: optStr(),
    verneplan: optStr(),
    vernedato: optStr(),
    iucn: optStr(),
    kommune: optStr(),
    forvaltningsmyndighet: optStr(),
    majorEcosystemType: optStr(),
    faktaark: optStr(),
    verneforskrift: optStr(),
    kilde: sourceRef,
  }),
  coverage: { geography: ['NO'], dataTypes: ['protected-area'], updateFrequency: 'weekly' },
  cacheTtlSeconds: DAY,
  route: '/verneomrader/:objectId',
  example: { objectId: 'VV00000006' },
  run: async ({ objectId }, ctx) => {
    const byNaturbaseId = objectId.startsWith('VV');
    const answer = await ctx.get<QueryAnswer>('miljodir-vern', LAYER_QUERY, {
      query: {
        // The id is validated (digits, or VV and 8 digits) before it enters the where clause.
        ...(byNaturbaseId ? { where: `naturvernId='${objectId}'` } : { objectIds: objectId }),
        outFields: '*',
        returnGeometry: 'false',
        f: 'json',
      },
    });
    if (answer.error) throw fail.upstream(`Miljødirektoratet's map service refused the query: ${answer.error.message ?? 'no message'} (code ${answer.error.code ?? 'none'})`);
    const a = (answer.features ?? [])[0]?.attributes;
    if (!a) throw fail.notFound(`Naturbase has no protected area ${objectId}`);
    const iucn = a.iucn;
    const faktaark = str(a.faktaark);
    return {
      objectId: typeof a.OBJECTID === 'number' ? a.OBJECTID : null,
      naturvernId: str(a.naturvernId),
      navn: str(a.navn),
      offisieltNavn: str(a.offisieltNavn),
      verneform: str(a.verneform),
      verneplan: str(a.verneplan),
      vernedato: day(a.vernedato),
      iucn: typeof iucn === 'number' ? String(iucn) : str(iucn),
      kommune: typeof a.kommune === 'number' ? String(a.kommune) : str(a.kommune),
      forvaltningsmyndighet: str(a.forvaltningsmyndighet),
      majorEcosystemType: str(a.majorEcosystemType),
      faktaark,
      verneforskrift: str(a.verneforskrift),
      kilde: { register: 'Naturbase (Miljødirektoratet)', url: faktaark ?? 'https://kart.naturbase.no/' },
    };
  },
});
