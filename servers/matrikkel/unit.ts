// matrikkel.unit: one cadastral unit (matrikkelenhet) by its matrikkel number, from the Matrikkel
// API in two SOAP calls: the unit's id for its ident, then the unit from the StoreService (the
// Matrikkel's bubble model: services answer ids, the store answers objects). Requests and answers:
// soap.ts.
import { z } from 'zod';
import type { ToolContext } from '../../runtime/context.js';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { int, kommunenummer } from '../../runtime/fields.js';
import { optNum, optStr, sourceRef } from '../../runtime/output.js';
import {
  MATRIKKELENHET_SERVICE,
  STORE_SERVICE,
  boolOf,
  child,
  decodeSoap,
  findIdEnvelope,
  getObjectEnvelope,
  itemCount,
  textOf,
  xsiType,
  type Ident,
  type Node,
} from './soap.js';

export const CREDENTIALS = ['MATRIKKEL_USER', 'MATRIKKEL_PASSWORD'] as const;

const SOAP_XML = 'text/xml; charset=utf-8';

/**
 * A SOAP call: POST, read-only (so cached and retried like a GET), the answer's Body. JAX-WS answers
 * every fault with HTTP 500; the tool reads it (call.answer): a FinderException is not found, any
 * other fault the upstream's refusal with its message (neither is retried or counted as ill health).
 */
async function soap(ctx: ToolContext, path: string, envelope: string, ident: Ident): Promise<Record<string, Node>> {
  const res = await ctx.request<Record<string, Node>>({
    upstream: 'matrikkel',
    method: 'POST',
    path,
    bodyText: { contentType: SOAP_XML, text: envelope },
    headers: { soapaction: '""' },
    accept: 'text',
    decode: decodeSoap,
    idempotent: true,
    answer: [500],
  });
  const body = res.data as Record<string, Node>;
  if (res.status === 500) {
    const fault = child(body, 'Fault');
    const message = textOf(fault, 'faultstring') ?? 'no message';
    const category = textOf(child(child(fault, 'detail'), 'ServiceException'), 'category') ?? '';
    if (category.includes(':FinderException:')) throw fail.notFound(`Matrikkelen has no unit ${matrikkelNumber(ident)}: ${message}`);
    throw fail.upstream(`Kartverket Matrikkel API answered a SOAP fault (HTTP 500): ${message}`, { detailCode: 'soap_fault' });
  }
  return body;
}

export const matrikkelNumber = (i: Ident) => `${i.kommunenr}-${i.gnr}/${i.bnr}/${i.fnr}/${i.snr}`;

/** Kartverket's public property page for a unit (seeiendom.kartverket.no). */
export function seEiendomUrl(i: Ident): string {
  const url = new URL('https://seeiendom.kartverket.no/eiendom/');
  url.pathname += [i.kommunenr, i.gnr, i.bnr, i.fnr, i.snr].join('/');
  return url.href;
}

export const matrikkelUnit = defineTool({
  name: 'matrikkel.unit',
  title: 'Cadastral unit by matrikkel number (Kartverket Matrikkel)',
  description:
    "One cadastral unit (matrikkelenhet) from Kartverket's Matrikkel, Norway's property register, by matrikkel number: kommunenr, gnr, bnr, and fnr/snr for a leasehold or section (default 0). " +
    'Returns type (Grunneiendom, Festegrunn, Seksjon, Jordsameie, Anleggseiendom), farm name, establishment date, whether tinglyst, sectioned or expired, heritage and contamination flags, and its number of parcels and ownerships (owners are not given). ' +
    'kartverket.adresser.search gives an address’s numbers. No unit: not_found.',
  input: {
    kommunenr: kommunenummer('Municipality number, 4 digits, e.g. 0301.'),
    gnr: z.number().int().min(1).describe('Gårdsnummer, 1 or more.'),
    bnr: z.number().int().min(1).describe('Bruksnummer, 1 or more.'),
    fnr: int({ min: 0, description: 'Festenummer, 0 or more.' }),
    snr: int({ min: 0, description: 'Seksjonsnummer, 0 or more.' }),
  },
  output: z.object({
    matrikkelnummer: z.string(),
    matrikkelenhetId: z.string(),
    type: optStr(),
    bruksnavn: optStr(),
    etableringsdato: optStr(),
    tinglyst: z.boolean().nullable(),
    skyld: optNum(),
    historiskOppgittArealM2: optNum(),
    erSeksjonert: z.boolean().nullable(),
    utgatt: z.boolean().nullable(),
    harKulturminne: z.boolean().nullable(),
    harGrunnforurensing: z.boolean().nullable(),
    antallTeiger: z.number(),
    antallEierforhold: z.number(),
    oppdatert: optStr(),
    kilde: sourceRef,
  }),
  credentials: CREDENTIALS,
  coverage: { geography: ['NO'], dataTypes: ['cadastre', 'property'], updateFrequency: 'daily' },
  cacheTtlSeconds: 86_400,
  route: '/matrikkelenheter/:kommunenr/:gnr/:bnr',
  example: { kommunenr: '0301', gnr: 207, bnr: 454 },
  run: async ({ kommunenr, gnr, bnr, fnr, snr }, ctx) => {
    const ident: Ident = { kommunenr, gnr, bnr, fnr: fnr ?? 0, snr: snr ?? 0 };
    const found = await soap(ctx, MATRIKKELENHET_SERVICE, findIdEnvelope(ident), ident);
    const id = textOf(child(child(found, 'findMatrikkelenhetIdForIdentResponse'), 'return'), 'value');
    if (id === null || !/^\d+$/.test(id)) throw fail.notFound(`The Matrikkel has no cadastral unit ${matrikkelNumber(ident)}`);
    const stored = await soap(ctx, STORE_SERVICE, getObjectEnvelope(id), ident);
    const unit = child(child(stored, 'getObjectResponse'), 'return');
    if (unit === undefined || typeof unit === 'string') throw fail.notFound(`The Matrikkel has no cadastral unit ${matrikkelNumber(ident)}`);
    const area = textOf(unit, 'historiskOppgittAreal');
    const skyld = textOf(unit, 'skyld');
    return {
      matrikkelnummer: matrikkelNumber(ident),
      matrikkelenhetId: id,
      type: xsiType(unit),
      bruksnavn: textOf(unit, 'bruksnavn'),
      etableringsdato: textOf(child(unit, 'etableringsdato'), 'date'),
      tinglyst: boolOf(unit, 'tinglyst'),
      skyld: skyld === null || !Number.isFinite(Number(skyld)) ? null : Number(skyld),
      historiskOppgittArealM2: area === null || !Number.isFinite(Number(area)) ? null : Number(area),
      erSeksjonert: boolOf(unit, 'erSeksjonert'),
      utgatt: boolOf(unit, 'utgatt'),
      harKulturminne: boolOf(unit, 'harKulturminne'),
      harGrunnforurensing: boolOf(unit, 'harGrunnforurensing'),
      antallTeiger: itemCount(unit, 'teigerForMatrikkelenhet'),
      antallEierforhold: itemCount(unit, 'eierforhold'),
      oppdatert: textOf(child(unit, 'oppdateringsdato'), 'timestamp'),
      kilde: { register: 'Matrikkelen (Kartverket)', url: seEiendomUrl(ident) },
    };
  },
});
