// dmp.drugs.search, dmp.atc.search and dmp.drug.detail on DMP's FHIR service (fhir.ts): each needs
// DMP_API_KEY and answers 503 not_configured without it (spec 4.6).
import { z } from 'zod';
import { defineTool, type Coverage } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { int } from '../../runtime/fields.js';
import { note, optStr, sourceRef } from '../../runtime/output.js';
import { CREDENTIALS, SOURCE, UPSTREAM, atcCodes, fetchAtcIndex, hasNext, productDetail, productSummary, resources, type Bundle, type MedicinalProduct } from './fhir.js';
import { quoted } from '../../runtime/validation.js';

const DAY = 86_400;
const coverage = (dataTypes: string[]): Coverage => ({ geography: ['NO'], dataTypes, updateFrequency: 'weekly' });
const limit = () => int({ min: 1, max: 100, default: 20, description: 'Results to return.' });

const code = z.object({ kode: optStr(), navn: optStr() });
const summaryFields = {
  id: z.string().describe('FHIR id of the MedicinalProduct: the id of dmp.drug.detail.'),
  navn: optStr(),
  atc: z.array(code),
  legemiddelform: code.nullable(),
};

export const drugsSearch = defineTool({
  name: 'drugs.search',
  title: 'Search medicines marketed in Norway (FEST)',
  description:
    "Medicinal products approved for sale in Norway, from the FEST master data of Direktoratet for medisinske produkter (DMP) through its FHIR service: per product its FHIR id (for dmp.drug.detail), name, ATC codes and dose form. q matches product names that start with it (ignoring case and accents), e.g. 'paracet' or 'Ibux'; without q the first products of the register are listed. limit 1-100. An empty list means no product name starts with q. Use dmp.atc.search to find ATC codes.",
  input: {
    q: z.string().min(1).describe('Start of the product name, e.g. paracet.').optional(),
    limit: limit(),
  },
  output: z.object({ q: optStr(), antall: z.number().int(), total: z.number().int().nullable(), hasMore: z.boolean(), legemidler: z.array(z.object(summaryFields)), note, kilde: sourceRef }),
  credentials: CREDENTIALS,
  coverage: coverage(['medicinal-product']),
  cacheTtlSeconds: DAY,
  route: '/legemidler',
  example: { q: 'paracet', limit: 5 },
  run: async ({ q, limit }, ctx) => {
    const bundle = await ctx.get<Bundle<MedicinalProduct>>(UPSTREAM, '/MedicinalProduct', { query: { name: q, _count: limit } });
    const products = resources(bundle, 'MedicinalProduct').slice(0, limit).map(productSummary);
    return {
      q: q ?? null,
      antall: products.length,
      total: typeof bundle.total === 'number' ? bundle.total : null,
      hasMore: hasNext(bundle),
      legemidler: products,
      ...(products.length === 0 && { note: q === undefined ? 'The FHIR service listed no products.' : `No product name in FEST starts with "${q}".` }),
      kilde: SOURCE,
    };
  },
});

export const atcSearch = defineTool({
  name: 'atc.search',
  title: 'Search the ATC classification (FEST)',
  description:
    "The ATC classification of medicines (WHO's Anatomical Therapeutic Chemical index, the human list DMP publishes in Norwegian and English in its FHIR service): every ATC code that starts with `code`, with its Norwegian and English names and its level (1 anatomical group, e.g. N; 2 N02; 3 N02B; 4 N02BE; 5 the substance, N02BE01 paracetamol). code is 1-7 characters (case-insensitive); limit 1-100, codes in order. An empty list means no ATC code starts with code.",
  input: {
    code: z.string().min(1).max(7).describe('ATC code or its start, 1 to 7 characters, e.g. N02BE.'),
    limit: limit(),
  },
  output: z.object({
    code: z.string(),
    total: z.number().int(),
    antall: z.number().int(),
    koder: z.array(z.object({ kode: z.string(), navn: optStr(), navnEngelsk: optStr(), niva: z.number().int().nullable() })),
    versjon: optStr().describe('Version of the ATC index.'),
    note,
    kilde: sourceRef,
  }),
  credentials: CREDENTIALS,
  coverage: coverage(['atc-classification']),
  cacheTtlSeconds: DAY,
  route: '/atc',
  example: { code: 'N02BE' },
  run: async ({ code, limit }, ctx) => {
    const wanted = code.trim().toUpperCase();
    const system = await fetchAtcIndex(ctx);
    const hits = atcCodes(system).filter((c) => c.kode.toUpperCase().startsWith(wanted));
    const koder = hits.slice(0, limit);
    return {
      code: wanted,
      total: hits.length,
      antall: koder.length,
      koder,
      versjon: system.version ?? null,
      ...(hits.length === 0 && { note: `No ATC code starts with "${wanted}".` }),
      kilde: SOURCE,
    };
  },
});

export const drugDetail = defineTool({
  name: 'drug.detail',
  title: 'A medicine in FEST by id',
  description:
    "One medicinal product from DMP's FEST master data (FHIR service) by its FHIR id, as dmp.drugs.search gives it: names, ATC codes, dose form, legal status of supply (prescription group) where given, every classification and identifier (FEST ids among them) and when the record last changed. An unknown id answers not_found.",
  input: {
    id: z
      .string()
      .regex(/^[A-Za-z0-9.-]{1,64}$/, { error: (iss) => `must be a FHIR id: 1 to 64 letters, digits, - or . (got ${quoted(iss.input)})` })
      .describe('FHIR id of the MedicinalProduct, from dmp.drugs.search.'),
  },
  output: z.object({
    ...summaryFields,
    alleNavn: z.array(z.string()),
    reseptstatus: code.nullable(),
    klassifisering: z.array(z.object({ system: optStr(), kode: optStr(), navn: optStr() })),
    identifikatorer: z.array(z.object({ system: optStr(), verdi: optStr() })),
    sistOppdatert: optStr(),
    kilde: sourceRef,
  }),
  credentials: CREDENTIALS,
  coverage: coverage(['medicinal-product']),
  cacheTtlSeconds: DAY,
  route: '/legemidler/:id',
  example: { id: '3f5c2a9e-6d41-4b8e-9a7c-1e2d3c4b5a60' },
  run: async ({ id }, ctx) => {
    const product = await ctx.find<MedicinalProduct>(UPSTREAM, '/MedicinalProduct/{id}', { params: { id } });
    if (!product) throw fail.notFound(`FEST has no medicinal product with id ${id}`);
    if (product.resourceType !== 'MedicinalProduct') throw fail.upstream(`DMP's FHIR service answered a ${String(product.resourceType)} for MedicinalProduct/${id}`);
    return { ...productDetail(product), kilde: SOURCE };
  },
});
