// companies.lookup: one company by national identifier, recognised by format and check digit,
// answered as the normalised Company (company.ts).
//   NO: GET /enhetsregisteret/api/enheter/{orgnr} (A1); 404/410 is not found.
//   DK: POST /cvr-permanent/virksomhed/_search with a `term` on Vrvirksomhed.cvrNummer (A6).
//   FI: GET /companies?businessId= (A7); totalResults 0 is not found.
//   SE: POST /organisationer {identitetsbeteckning} (A9, OAuth client credentials); an empty list or
//       the error type ORGANISATION_FINNS_EJ is not found. Each block names its producer
//       (Bolagsverket or SCB), which becomes the per-field-group source.
//   IS: GET /legalentities/v2/{nationalId} (A8, Ocp-Apim-Subscription-Key); 404 is not found.
// UNCONFIRMED: how Bolagsverket answers an unknown number (404, or 200 with ORGANISATION_FINNS_EJ;
// both are handled); Skatturinn's `status` vocabulary (passed through as the status text), its
// answer for an unknown kennitala (404 or an empty 200, both not found) and its key casing (a peer
// client reports PascalCase although the OpenAPI shows camelCase: keys are read case-insensitively
// on the first letter).
import { z } from 'zod';
import type { ToolContext } from '../../runtime/context.js';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import type { EsAnswer, VirksomhedSource } from '../_shared/cvr.js';
import type { Enhet as BrregEnhet } from '../_shared/enhetsregisteret.js';
import { camelKeys, type LegalEntity as RskLegalEntity } from '../_shared/skatturinn.js';
import { companyFromBolagsverket, companyFromBrreg, companyFromCvr, companyFromPrh, companyFromRsk, type Company } from './company.js';
import {
  BOLAGSVERKET_ORG_PATH,
  BRREG_ENHET_PATH,
  CVR_SEARCH_PATH,
  CVR_SOURCE_FIELDS,
  DAY,
  PRH_COMPANIES_PATH,
  RSK_ENTITY_PATH,
  coverage,
  requireCredentials,
} from './common.js';
import { recognise, type IdCountry } from './ids.js';
import type { BvAnswer, BvOrganisation, PrhAnswer } from './shapes.js';
import { companyOutput } from './outputs.js';

const NAMES: Record<IdCountry, string> = {
  NO: 'Enhetsregisteret',
  DK: 'the CVR register',
  FI: 'the YTJ register',
  SE: 'Bolagsverket',
  IS: 'the Icelandic company register (Skatturinn)',
};

const notFound = (id: string, country: IdCountry) => fail.notFound(`${id} is not in ${NAMES[country]}`, { detailCode: 'ORG_NOT_FOUND' });

async function lookupNorway(ctx: ToolContext, id: string): Promise<Company> {
  const r = await ctx.request<BrregEnhet>({ upstream: 'brreg', path: BRREG_ENHET_PATH, params: { orgnr: id }, notFound: 'null' });
  if (!r.data) throw notFound(id, 'NO');
  return companyFromBrreg(r.data, r.fetchedAt);
}

async function lookupDenmark(ctx: ToolContext, id: string): Promise<Company> {
  requireCredentials(ctx, 'DK', 'Danish company lookup (CVR)');
  const body = { size: 1, _source: CVR_SOURCE_FIELDS, query: { term: { 'Vrvirksomhed.cvrNummer': Number(id) } } };
  const r = await ctx.request<EsAnswer<VirksomhedSource>>({ upstream: 'cvr', method: 'POST', path: CVR_SEARCH_PATH, body, idempotent: true });
  const v = r.data?.hits?.hits?.[0]?._source?.Vrvirksomhed;
  if (!v) throw notFound(id, 'DK');
  return companyFromCvr(v, r.fetchedAt);
}

async function lookupFinland(ctx: ToolContext, id: string): Promise<Company> {
  const r = await ctx.request<PrhAnswer>({ upstream: 'prh', path: PRH_COMPANIES_PATH, query: { businessId: id }, notFound: 'null' });
  const c = r.data?.companies?.find((x) => x.businessId?.value === id) ?? r.data?.companies?.[0];
  if (!c) throw notFound(id, 'FI');
  return companyFromPrh(c, r.fetchedAt);
}

/** Blocks the register could not deliver now (error types other than "no such organisation"). */
function undelivered(o: BvOrganisation): string[] {
  const out: string[] = [];
  for (const [name, block] of Object.entries(o)) {
    const fel = (block as { fel?: { typ: string; felBeskrivning?: string } | null } | null)?.fel;
    if (fel && fel.typ !== 'ORGANISATION_FINNS_EJ') out.push(`${name}: ${fel.typ}${fel.felBeskrivning ? ` (${fel.felBeskrivning.trim()})` : ''}`);
  }
  return out;
}

function missingOrganisation(o: BvOrganisation): boolean {
  const blocks = Object.values(o).filter((b) => b && typeof b === 'object') as { fel?: { typ: string } | null }[];
  return !o.organisationsidentitet && blocks.some((b) => b.fel?.typ === 'ORGANISATION_FINNS_EJ');
}

async function lookupSweden(ctx: ToolContext, id: string): Promise<Company> {
  requireCredentials(ctx, 'SE', 'Swedish company lookup (Bolagsverket)');
  const r = await ctx.request<BvAnswer>({
    upstream: 'bolagsverket',
    method: 'POST',
    path: BOLAGSVERKET_ORG_PATH,
    body: { identitetsbeteckning: id },
    idempotent: true,
    notFound: 'null',
  });
  const orgs = (r.data?.organisationer ?? []).filter((o) => !missingOrganisation(o));
  // A sole trader may carry several name registrations; the one still registered comes first.
  const o = orgs.find((x) => !x.avregistreradOrganisation?.avregistreringsdatum) ?? orgs[0];
  if (!o) throw notFound(id, 'SE');
  const company = companyFromBolagsverket(o, id, r.fetchedAt);
  const notes = undelivered(o);
  return notes.length > 0 ? { ...company, notes: notes.map((n) => `Bolagsverket could not deliver ${n}; the field is empty for now.`) } : company;
}

async function lookupIceland(ctx: ToolContext, id: string): Promise<Company> {
  requireCredentials(ctx, 'IS', 'Icelandic company lookup (Skatturinn)');
  const r = await ctx.request<unknown>({ upstream: 'rsk', path: RSK_ENTITY_PATH, params: { kennitala: id }, notFound: 'null' });
  const entity = r.data ? (camelKeys(r.data) as RskLegalEntity) : null;
  if (!entity || (!entity.nationalId && !entity.name)) throw notFound(id, 'IS');
  return companyFromRsk(entity, id, r.fetchedAt);
}

export const LOOKUP_COUNTRIES = ['NO', 'DK', 'FI', 'SE', 'IS'] as const;

export const companiesLookup = defineTool({
  name: 'lookup',
  title: 'Look up a Nordic company by its national id',
  description:
    'One company from its national register by identifier: NO organisation number, DK CVR number, FI Y-tunnus, SE organisation number or IS kennitala, recognised by format and check digit (a ten-digit number valid in both Sweden and Iceland needs country). Answered as one normalised Company whose sources name the register, URL and fetch time per field group. DK, SE and IS need credentials on the server (else not_configured, naming them). An identifier that fails its check digit is rejected; a valid one the register does not know answers not_found.',
  input: {
    companyId: z
      .string()
      .min(1)
      .max(20)
      .describe('NO 9 digits, DK 8 digits, FI NNNNNNN-C, SE 10 digits (NNNNNN-NNNN), IS 10 digits (kennitala); spaces and hyphens allowed.'),
    country: z
      .enum(LOOKUP_COUNTRIES)
      .optional()
      .describe('Only needed for a ten-digit number valid both as a Swedish organisation number and as an Icelandic kennitala.'),
  },
  output: companyOutput,
  refine: ({ companyId, country }, issues) => {
    const r = recognise(companyId, country);
    if (!r.ok) issues.add(r.message, ['companyId']);
  },
  coverage: coverage(['company', 'legal-entity']),
  cacheTtlSeconds: DAY,
  route: '/company/:companyId',
  example: { companyId: '923609016' },
  run: async ({ companyId, country }, ctx) => {
    const r = recognise(companyId, country);
    if (!r.ok) throw fail.invalidInput(`companyId: ${r.message}`, { extra: { fields: ['companyId'] } });
    switch (r.country) {
      case 'NO':
        return lookupNorway(ctx, r.id);
      case 'DK':
        return lookupDenmark(ctx, r.id);
      case 'FI':
        return lookupFinland(ctx, r.id);
      case 'SE':
        return lookupSweden(ctx, r.id);
      case 'IS':
        return lookupIceland(ctx, r.id);
    }
  },
});
