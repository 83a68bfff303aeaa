// The two SOAP requests of matrikkel.unit and the reading of their answers.
//
// Follows: the Matrikkel API's WSDL and XSD files as Kartverket serves them (JAX-WS; copies in
// vtfk/matrikkelapi-proxy lib/WSDLClient/wsdl: MatrikkelenhetServiceWS_schema1.xsd,
// StoreServiceWS_schema1.xsd, matrikkelenhet.xsd, basistyper.xsd, exception.xsd) and the service
// documentation at https://matrikkel.no/matrikkelapi/wsapi/v1/dokumentasjon/ (StoreService.html:
// getObject "henter en domeneboble utifra dens MatrikkelBubbleId").
// Relied on:
// - MatrikkelenhetServiceWS.findMatrikkelenhetIdForIdent(matrikkelenhetIdent, matrikkelContext)
//   answers findMatrikkelenhetIdForIdentResponse/return (MatrikkelenhetId, {value}); `return` has
//   minOccurs=0. MatrikkelenhetIdent = kommuneIdent{kommunenummer}, gardsnummer, bruksnummer,
//   festenummer, seksjonsnummer (matrikkelenhet.xsd; a working call with festenummer and
//   seksjonsnummer 0 is logged in a public session note, file id 37855554730).
// - StoreServiceWS.getObject(id, matrikkelContext) answers getObjectResponse/return: the bubble,
//   its concrete type in xsi:type (Grunneiendom, Festegrunn, Seksjon, Jordsameie, Anleggseiendom,
//   AnnenMatrikkelenhet), with the Matrikkelenhet elements (matrikkelnummer, etableringsdato
//   {date}, bruksnavn, tinglyst, skyld, historiskOppgittAreal, teigerForMatrikkelenhet,
//   eierforhold, erSeksjonert, utgatt, …) and the bubble's id{value} and oppdateringsdato{timestamp}.
// - MatrikkelContext = locale, brukOriginaleKoordinater, koordinatsystemKodeId{value},
//   systemVersion, klientIdentifikasjon, snapshotVersion{timestamp}; koordinatsystem 24 is EUREF89
//   geographic, snapshot 9999-01-01 means "now" (as public clients send it).
// - Faults: soap:Fault with detail/ServiceException{category, exceptionDetail{message}} (exception.xsd).
// UNCONFIRMED:
// - That an ident with no unit answers an empty findMatrikkelenhetIdForIdentResponse rather than a
//   FinderException fault; both are read as not found (a fault's category names the exception).
// - That the Matrikkel answers HTTP 200 with an HTML page when the user is refused (seen by a
//   public client, vtfk/matrikkelapi-proxy MatrikkelClient.js); read here as refused credentials.
// - systemVersion "trunk" (what public clients send).
import { XMLParser } from 'fast-xml-parser';
import { fail } from '../../runtime/errors.js';

const NS = {
  soapenv: 'http://schemas.xmlsoap.org/soap/envelope/',
  dom: 'http://matrikkel.statkart.no/matrikkelapi/wsapi/v1/domain',
  men: 'http://matrikkel.statkart.no/matrikkelapi/wsapi/v1/domain/matrikkelenhet',
  kom: 'http://matrikkel.statkart.no/matrikkelapi/wsapi/v1/domain/kommune',
  mes: 'http://matrikkel.statkart.no/matrikkelapi/wsapi/v1/service/matrikkelenhet',
  sto: 'http://matrikkel.statkart.no/matrikkelapi/wsapi/v1/service/store',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
};

export const MATRIKKELENHET_SERVICE = '/MatrikkelenhetServiceWS';
export const STORE_SERVICE = '/StoreServiceWS';

/** The client name Matrikkel logs for our calls. */
export const CLIENT_ID = 'nordic-open-data-tool-host';

export interface Ident {
  kommunenr: string;
  gnr: number;
  bnr: number;
  fnr: number;
  snr: number;
}

/** EUREF89 geographic coordinates; snapshot 9999-01-01 asks for the current state. */
const context = (prefix: string) =>
  `<${prefix}:matrikkelContext>` +
  '<dom:locale>no_NO</dom:locale>' +
  '<dom:brukOriginaleKoordinater>false</dom:brukOriginaleKoordinater>' +
  '<dom:koordinatsystemKodeId><dom:value>24</dom:value></dom:koordinatsystemKodeId>' +
  '<dom:systemVersion>trunk</dom:systemVersion>' +
  `<dom:klientIdentifikasjon>${CLIENT_ID}</dom:klientIdentifikasjon>` +
  '<dom:snapshotVersion><dom:timestamp>9999-01-01T00:00:00+01:00</dom:timestamp></dom:snapshotVersion>' +
  `</${prefix}:matrikkelContext>`;

const envelope = (namespaces: (keyof typeof NS)[], body: string) =>
  '<?xml version="1.0" encoding="UTF-8"?>' +
  `<soapenv:Envelope ${['soapenv', ...namespaces].map((p) => `xmlns:${p}="${NS[p as keyof typeof NS]}"`).join(' ')}>` +
  `<soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;

/** Every value is a validated number or a 4-digit string: nothing needs escaping, and nothing else is inserted. */
const digits = (value: string | number) => {
  const text = String(value);
  if (!/^\d+$/.test(text)) throw new Error(`not a number: ${text}`);
  return text;
};

export function findIdEnvelope(ident: Ident): string {
  return envelope(
    ['mes', 'men', 'kom', 'dom'],
    '<mes:findMatrikkelenhetIdForIdent><mes:matrikkelenhetIdent>' +
      `<men:kommuneIdent><kom:kommunenummer>${digits(ident.kommunenr)}</kom:kommunenummer></men:kommuneIdent>` +
      `<men:gardsnummer>${digits(ident.gnr)}</men:gardsnummer>` +
      `<men:bruksnummer>${digits(ident.bnr)}</men:bruksnummer>` +
      `<men:festenummer>${digits(ident.fnr)}</men:festenummer>` +
      `<men:seksjonsnummer>${digits(ident.snr)}</men:seksjonsnummer>` +
      `</mes:matrikkelenhetIdent>${context('mes')}</mes:findMatrikkelenhetIdForIdent>`,
  );
}

export function getObjectEnvelope(id: string): string {
  return envelope(
    ['sto', 'dom', 'men', 'xsi'],
    `<sto:getObject><sto:id xsi:type="men:MatrikkelenhetId"><dom:value>${digits(id)}</dom:value></sto:id>${context('sto')}</sto:getObject>`,
  );
}

/** An element as fast-xml-parser reads it: text, or an object of children and `@_` attributes. */
export type Node = string | { [name: string]: Node | Node[] | undefined };

// Tag values stay text (a kommunenummer "0301" must keep its zero); namespace prefixes are dropped,
// so elements are read by their local names whatever prefixes the server chose.
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', removeNSPrefix: true, parseTagValue: false, parseAttributeValue: false });

/** Reads a SOAP answer into its Body; a page that is not SOAP means the user was refused. */
export function decodeSoap(body: Buffer): Record<string, Node> {
  const text = body.toString('utf8');
  if (/^\s*(<!DOCTYPE html|<html)/i.test(text)) {
    throw fail.notConfigured('Kartverket Matrikkel API answered a web page instead of SOAP: it refused the configured MATRIKKEL_USER/MATRIKKEL_PASSWORD', {
      detailCode: 'credentials_refused',
    });
  }
  const doc = parser.parse(text) as Record<string, Node>;
  const envelopeNode = doc.Envelope;
  const bodyNode = typeof envelopeNode === 'object' ? (envelopeNode as Record<string, Node>).Body : undefined;
  if (!bodyNode || typeof bodyNode !== 'object') throw fail.upstream('Kartverket Matrikkel API answered something other than a SOAP envelope');
  return bodyNode as Record<string, Node>;
}

/** The child `name` of a node, or undefined. */
export function child(node: Node | Node[] | undefined, name: string): Node | undefined {
  if (node === undefined || typeof node === 'string' || Array.isArray(node)) return undefined;
  const value = node[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The text of a node (a leaf, or a wrapper's `value`/`date`/`timestamp` leaf). */
export function text(node: Node | undefined): string | null {
  if (node === undefined) return null;
  if (typeof node === 'string') return node === '' ? null : node;
  const inner = node['#text'];
  if (typeof inner === 'string') return inner;
  return null;
}

export const textOf = (node: Node | undefined, name: string) => text(child(node, name));

export function intOf(node: Node | undefined, name: string): number | null {
  const t = textOf(node, name);
  if (t === null) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

export function boolOf(node: Node | undefined, name: string): boolean | null {
  const t = textOf(node, name);
  return t === 'true' ? true : t === 'false' ? false : null;
}

/** The number of `item` children of a list element. */
export function itemCount(node: Node | undefined, name: string): number {
  const list = child(node, name);
  if (list === undefined || typeof list === 'string') return 0;
  const items = list.item;
  return items === undefined ? 0 : Array.isArray(items) ? items.length : 1;
}

/** The local name of an element's xsi:type ("ns3:Grunneiendom" → "Grunneiendom"). */
export function xsiType(node: Node | undefined): string | null {
  if (node === undefined || typeof node === 'string') return null;
  const type = node['@_type'];
  return typeof type === 'string' ? (type.split(':').pop() ?? null) : null;
}
