// akvakultur.list, tillatelser.list and lokalitet.detalj on the pub-aqua API (register.ts).
//
// Paging: the register answers at most 100 rows per request (its `range`), so a page is one
// request for rows offset..offset+limit-1 in the register's own order; offset 0 and offset 100 of
// limit 100 are disjoint, and offsets are the only way past row 100. Filters the API has no
// parameter for (status), and the name prefix, are checked on the page as it came, so a page may
// hold fewer rows than limit: nextOffset says where the next page starts.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { int, kommunenummer, orgnr, text } from '../../runtime/fields.js';
import { note, optNum, optStr, sourceRef } from '../../runtime/output.js';
import {
  DAY,
  LICENSES_PATH,
  MAX_RANGE,
  REGISTER_PAGE,
  SITE_PATH,
  SITES_PATH,
  SPECIES,
  STATUSES,
  coverage,
  fold,
  mapLicense,
  mapSite,
  mapSiteDetail,
  speciesOf,
  type License,
  type Site,
} from './register.js';

const limit = () => int({ min: 1, max: MAX_RANGE, default: 50, description: 'Rows per page, 1 to 100 (the register answers at most 100 rows per request). Default 50.' });
const offset = () => int({ min: 0, default: 0, description: 'Row to start at, 0-based, in the register\'s order. Default 0. Offsets are the only way past row 100.' });

const pageOutput = {
  offset: z.number().int(),
  limit: z.number().int(),
  rowsRead: z.number().int().describe('Rows the register answered for this page, before the checks made here.'),
  count: z.number().int(),
  nextOffset: z.number().int().nullable().describe('offset of the next page; null after the last.'),
};

/** The paging block of one page of rows offset..offset+limit-1. */
function page(off: number, lim: number, rowsRead: number, count: number) {
  return { offset: off, limit: lim, rowsRead, count, nextOffset: rowsRead >= lim ? off + lim : null };
}

const range = (off: number, lim: number) => `${off}-${off + lim - 1}`;
const rows = <T>(answer: unknown): T[] => (Array.isArray(answer) ? (answer.filter((r) => r !== null && typeof r === 'object') as T[]) : []);

const siteFields = {
  siteNr: optNum(),
  navn: optStr(),
  status: optStr(),
  kommunenummer: optStr(),
  kommune: optStr(),
  fylkesnummer: optStr(),
  fylke: optStr(),
  produksjonsomrade: optStr(),
  trafikklys: optStr().describe('Status of the production area in the traffic-light system (e.g. GREEN, YELLOW, RED).'),
  latitude: optNum(),
  longitude: optNum(),
  kapasitet: optNum(),
  kapasitetEnhet: optStr(),
  arter: z.array(z.string()),
  plassering: optStr(),
  vann: optStr(),
  tillatelser: z.array(z.string()).describe('Licence numbers connected to the site.'),
};
const siteOutput = z.object(siteFields);

export const akvakulturList = defineTool({
  name: 'akvakultur.list',
  title: 'Aquaculture sites (Akvakulturregisteret)',
  description:
    "Aquaculture sites (lokaliteter) in Fiskeridirektoratet's register: site number, name, status, municipality, county, production area and its traffic light, position, capacity and unit, species types and connected licences. " +
    'Filters: name (start of the site name), municipality (4-digit number), county (2-digit number), species (SALMON, SHELL_FISH, OTHER_FISH), status (AKTIV, INAKTIV). limit 1-100 (default 50), offset >= 0 (default 0): the register answers at most 100 rows per request, so page on with offset (0, 100, 200... give disjoint pages in a stable order) and nextOffset. ' +
    'Status and the name prefix are checked on each page, so a page can hold fewer rows than limit. An empty page with nextOffset null means no more sites match.',
  input: {
    name: text('Start of the site name, any case.').optional(),
    municipality: kommunenummer('Municipality number, 4 digits, e.g. 4601 (Bergen).').optional(),
    county: z
      .string()
      .regex(/^\d{2}$/, { error: (iss) => `must be a county number of 2 digits, e.g. 46 (got ${JSON.stringify(iss.input)})` })
      .describe('County number, 2 digits, e.g. 46 (Vestland).')
      .optional(),
    species: z.enum(SPECIES).describe('Species type: SALMON (salmonids), SHELL_FISH or OTHER_FISH.').optional(),
    status: z.enum(STATUSES).describe('AKTIV or INAKTIV.').optional(),
    limit: limit(),
    offset: offset(),
  },
  output: z.object({ ...pageOutput, lokaliteter: z.array(siteOutput), note }),
  coverage: coverage(['aquaculture-site', 'fish-farm']),
  cacheTtlSeconds: DAY,
  route: '/lokaliteter',
  example: { county: '46', species: 'SALMON', limit: 2 },
  run: async ({ name, municipality, county, species, status, limit: lim, offset: off }, ctx) => {
    const answer = await ctx.get<unknown>('fiskeridir-aqua', SITES_PATH, {
      query: { range: range(off, lim), name, 'municipality-code': municipality, 'county-code': county, 'species-type': species },
    });
    const read = rows<Site>(answer);
    const kept = read.filter(
      (s) =>
        (!name || fold(s.name).startsWith(fold(name))) &&
        (!municipality || !s.placement?.municipalityCode || s.placement.municipalityCode === municipality) &&
        (!county || !s.placement?.countyCode || s.placement.countyCode === county) &&
        (!species || speciesOf(s).length === 0 || speciesOf(s).some((x) => fold(x) === species)) &&
        (!status || fold(s.version?.status) === status),
    );
    const lokaliteter = kept.map(mapSite);
    return {
      ...page(off, lim, read.length, lokaliteter.length),
      lokaliteter,
      ...(lokaliteter.length === 0 && {
        note:
          read.length === 0
            ? `No site matches these filters from row ${off} on.`
            : `None of the ${read.length} rows of this page matches status or the name prefix; continue at nextOffset.`,
      }),
    };
  },
});

const licenseOutput = z.object({
  tillatelsesnr: optStr(),
  innehaver: optStr(),
  orgnr: optStr().describe('Organisation number of the holder (not published for persons).'),
  formal: optStr(),
  produksjon: optStr(),
  arter: z.array(z.string()),
  kapasitet: optNum(),
  kapasitetEnhet: optStr(),
  kommunenummer: optStr(),
  kommune: optStr(),
  fylkesnummer: optStr(),
  fylke: optStr(),
  status: optStr(),
  gyldigFra: optStr(),
  lokaliteter: z.array(z.string()).describe('Site numbers the licence is connected to.'),
});

export const tillatelserList = defineTool({
  name: 'tillatelser.list',
  title: 'Aquaculture licences (Akvakulturregisteret)',
  description:
    "Aquaculture licences (tillatelser) in Fiskeridirektoratet's register: licence number, holder and its organisation number, purpose, production, species, capacity and unit, municipality, county, status, valid-from date and connected sites. " +
    'Filters: name (start of the holder\'s name), legalEntityNr (the holder\'s organisation number), licenseNr (e.g. H-F-0850). limit 1-100 (default 50), offset >= 0 (default 0); the register answers at most 100 rows per request, so page on with offset and nextOffset. An empty page with nextOffset null means no more licences match.',
  input: {
    name: text("Start of the licence holder's name, any case.").optional(),
    legalEntityNr: orgnr("The holder's organisation number: 9 digits with a valid check digit.").optional(),
    licenseNr: z
      .string()
      .regex(/^[A-Za-zÆØÅæøå0-9-]{1,20}$/, { error: (iss) => `must be a licence number of letters, digits and -, e.g. H-F-0850 (got ${JSON.stringify(iss.input)})` })
      .describe('Licence number, e.g. H-F-0850.')
      .optional(),
    limit: limit(),
    offset: offset(),
  },
  output: z.object({ ...pageOutput, tillatelser: z.array(licenseOutput), note }),
  coverage: coverage(['aquaculture-licence']),
  cacheTtlSeconds: DAY,
  route: '/tillatelser',
  example: { legalEntityNr: '964118191', limit: 2 },
  run: async ({ name, legalEntityNr, licenseNr, limit: lim, offset: off }, ctx) => {
    const answer = await ctx.get<unknown>('fiskeridir-aqua', LICENSES_PATH, {
      query: { range: range(off, lim), 'legal-entity-name': name, 'legal-entity-nr': legalEntityNr, 'license-nr': licenseNr?.toUpperCase() },
    });
    const read = rows<License>(answer);
    const kept = read.filter((l) => !name || fold(l.legalEntityName).startsWith(fold(name)));
    const tillatelser = kept.map(mapLicense);
    return {
      ...page(off, lim, read.length, tillatelser.length),
      tillatelser,
      ...(tillatelser.length === 0 && {
        note: read.length === 0 ? `No licence matches these filters from row ${off} on.` : `None of the ${read.length} rows of this page has a holder whose name starts with "${name}"; continue at nextOffset.`,
      }),
    };
  },
});

export const lokalitetDetalj = defineTool({
  name: 'lokalitet.detalj',
  title: 'One aquaculture site (Akvakulturregisteret)',
  description:
    "One aquaculture site by its site number (lokalitetsnummer, as akvakultur.list gives it): name, status, municipality, county, production area and traffic light, position, capacity (and temporary capacity), species and species limitations, placement and water type, first clearance, slaughtery and co-location flags, and each connected licence with its validity. " +
    'A number the register does not have answers not_found.',
  input: {
    siteNr: z
      .string()
      .regex(/^\d{1,8}$/, { error: (iss) => `must be a site number of 1 to 8 digits, e.g. 12345 (got ${JSON.stringify(iss.input)})` })
      .describe('Site number (lokalitetsnummer), e.g. 12345.'),
  },
  output: z.object({
    ...siteFields,
    siteId: optNum(),
    produksjonsomradeKode: optStr(),
    midlertidigKapasitet: optNum(),
    forsteKlarering: optStr(),
    versjonGyldigFra: optStr(),
    slakteri: z.boolean().nullable(),
    kommersiellAktivitet: z.boolean().nullable(),
    samlokalisert: z.boolean().nullable(),
    fellesDrift: z.boolean().nullable(),
    artsbegrensninger: z.array(z.object({ kode: optStr(), navn: optStr(), latin: optStr() })),
    tilknytninger: z.array(z.object({ tillatelse: optStr(), aktiv: z.boolean().nullable(), gyldigFra: optStr(), gyldigTil: optStr() })),
    utgatteTillatelser: z.array(z.string()),
    kilde: sourceRef,
  }),
  coverage: coverage(['aquaculture-site', 'fish-farm']),
  cacheTtlSeconds: DAY,
  route: '/lokaliteter/:siteNr',
  example: { siteNr: '12345' },
  run: async ({ siteNr }, ctx) => {
    const site = await ctx.find<Site>('fiskeridir-aqua', SITE_PATH, { params: { nr: siteNr } });
    if (!site || typeof site !== 'object' || Array.isArray(site)) {
      throw fail.notFound(`Akvakulturregisteret has no site with number ${siteNr}`);
    }
    return { ...mapSiteDetail(site), kilde: { register: 'Akvakulturregisteret (Fiskeridirektoratet)', url: REGISTER_PAGE } };
  },
});
