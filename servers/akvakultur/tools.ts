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
import { quoted } from '../../runtime/validation.js';

const limit = () => int({ min: 1, max: MAX_RANGE, default: 50, description: 'Rows per page, 1 to 100. Default 50.' });
const offset = () => int({ min: 0, default: 0, description: 'First row, 0-based. Default 0.' });

const pageOutput = {
  // Plain numbers: an integer's published schema carries the safe-integer range, bytes a model reads for nothing.
  rowsRead: z.number().describe('Rows the register gave, before checks here.'),
  count: z.number(),
  nextOffset: z.number().nullable(),
};

/** The paging block of one page of rows offset..offset+limit-1 (null: the register had no more). */
function page(off: number, lim: number, rowsRead: number, count: number) {
  return { rowsRead, count, nextOffset: rowsRead >= lim ? off + lim : null };
}

const range = (off: number, lim: number) => `${off}-${off + lim - 1}`;
const rows = <T>(answer: unknown): T[] => (Array.isArray(answer) ? (answer.filter((r) => r !== null && typeof r === 'object') as T[]) : []);

const siteFields = {
  siteNr: optNum(),
  navn: optStr(),
  status: optStr(),
  kommune: optStr(),
  fylke: optStr(),
  latitude: optNum(),
  longitude: optNum(),
  kapasitet: optNum(),
  kapasitetEnhet: optStr(),
  arter: z.array(z.string()),
};
const siteOutput = z.object(siteFields);

export const akvakulturList = defineTool({
  name: 'akvakultur.list',
  title: 'Aquaculture sites (Akvakulturregisteret)',
  description:
    "Aquaculture sites (lokaliteter) in Fiskeridirektoratet's register: number, name, status, municipality, county, position, capacity, species; lokalitet.detalj gives the rest. " +
    'Filters: name (start), municipality, county, species, status. The register gives at most 100 rows a request: page with offset (0 and 100 give disjoint pages, stable order) or nextOffset. ' +
    'Status and name are checked per page, which may then hold fewer rows than limit. Empty with nextOffset null: no more sites.',
  input: {
    name: text('Start of the site name.').optional(),
    municipality: kommunenummer('Municipality number, e.g. 4601.').optional(),
    county: z
      .string()
      .regex(/^\d{2}$/, { error: (iss) => `must be a county number of 2 digits, e.g. 46 (got ${quoted(iss.input)})` })
      .describe('County number, e.g. 46.')
      .optional(),
    species: z.enum(SPECIES).optional(),
    status: z.enum(STATUSES).optional(),
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
  orgnr: optStr().describe('Not published for persons.'),
  formal: optStr(),
  arter: z.array(z.string()),
  kapasitet: optNum(),
  kapasitetEnhet: optStr(),
  kommune: optStr(),
  fylke: optStr(),
  status: optStr(),
  gyldigFra: optStr(),
  lokaliteter: z.array(z.string()).describe('Site numbers.'),
});

export const tillatelserList = defineTool({
  name: 'tillatelser.list',
  title: 'Aquaculture licences (Akvakulturregisteret)',
  description:
    "Aquaculture licences (tillatelser) in Fiskeridirektoratet's register: number, holder and its organisation number, purpose, species, capacity, municipality, county, status, valid from, sites. " +
    "Filters: name (start of the holder's name), legalEntityNr, licenseNr. At most 100 rows a request: page with offset or nextOffset. Empty with nextOffset null: no more licences.",
  input: {
    name: text("Start of the holder's name.").optional(),
    legalEntityNr: orgnr("Holder's organisation number, 9 digits.").optional(),
    licenseNr: z
      .string()
      .regex(/^[A-Za-zÆØÅæøå0-9-]{1,20}$/, { error: (iss) => `must be a licence number of letters, digits and -, e.g. H-F-0850 (got ${quoted(iss.input)})` })
      .describe('e.g. H-F-0850.')
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
    "One aquaculture site by its site number (lokalitetsnummer, as akvakultur.list gives it): what akvakultur.list gives, plus municipality and county numbers, production area and its traffic light, placement, water type, temporary capacity, species limitations, first clearance, slaughtery and co-location flags, and each connected licence with its validity. " +
    'An unknown number answers not_found.',
  input: {
    siteNr: z
      .string()
      .regex(/^\d{1,8}$/, { error: (iss) => `must be a site number of 1 to 8 digits, e.g. 12345 (got ${quoted(iss.input)})` })
      .describe('Site number, e.g. 12345.'),
  },
  output: z.object({
    ...siteFields,
    kommunenummer: optStr(),
    fylkesnummer: optStr(),
    produksjonsomrade: optStr(),
    trafikklys: optStr().describe("The production area's traffic light."),
    plassering: optStr(),
    vann: optStr(),
    midlertidigKapasitet: optNum(),
    forsteKlarering: optStr(),
    versjonGyldigFra: optStr(),
    slakteri: z.boolean().nullable(),
    samlokalisert: z.boolean().nullable(),
    artsbegrensninger: z.array(z.object({ kode: optStr(), navn: optStr() })),
    tillatelser: z.array(z.object({ tillatelse: optStr(), aktiv: z.boolean().nullable(), gyldigFra: optStr(), gyldigTil: optStr() })),
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
