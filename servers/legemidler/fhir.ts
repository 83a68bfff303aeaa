// DMP's FHIR service: the resources the legemidler tools read and their mapping.
//
// Followed: the SAFEST implementation guide of DMP (NoMA) on simplifier.net, "Technical overview"
// (base https://api.legemiddelverket.no/fhir-r4; GET [resourceType]/[id]; resource types
// MedicinalProduct, MedicinalProductPackaged, MedicinalProductManufactured and CodeSystem; searching
// as Azure API for FHIR does; the key in Ocp-Apim-Subscription-Key), DMP's profile
// MedicinalProduct_NOMA (name[].productName, identifier[], productClassification[], the extension
// authorizedPharmaceuticalDoseForm with an EDQM dose form), DMP's page "ATC-Index and the importance
// of fifth level" (the FHIR service publishes the complete human ATC index with Norwegian and English
// terms), and FHIR R4 itself: the MedicinalProduct search parameter `name` (a string search: a name
// that starts with the text, ignoring case and accents), `_count`, a searchset Bundle as the answer
// (entry[].resource, link relation `next` when there is more, `total` when the server counts), and an
// OperationOutcome as the error body (404 for an unknown id).
// The ATC index: the technical overview makes MedicinalProduct, MedicinalProductManufactured and
// MedicinalProductPackaged searchable and CodeSystem only listed or read by id (UPSTREAMS.md C), and
// FHIR R4 gives MedicinalProduct no search parameter on productClassification (only identifier,
// name, name-language). So atc.search lists the code systems (GET CodeSystem, with FHIR's _count and
// _elements, which Azure API for FHIR supports), picks the ATC one and reads it (GET CodeSystem/[id]).
// UNCONFIRMED: the canonical URL under which the ATC index is published as a CodeSystem (the HL7
// URI of ATC, http://www.whocc.no/atc, is preferred; any code system whose url, name or title says
// ATC is taken); that DMP honours _elements (if not, the listing is only larger); the system URL of ATC codes in
// productClassification (any system containing "atc" is read as ATC); that legalStatusOfSupply is
// filled (read when present). No live answer was found: the recordings are built from the profiles.
import type { ToolContext } from '../../runtime/context.js';
import { fail } from '../../runtime/errors.js';

export const UPSTREAM = 'dmp-fhir';
export const ATC_SYSTEM = 'http://www.whocc.no/atc';
export const SOURCE = { register: 'FEST (Direktoratet for medisinske produkter), FHIR service', url: 'https://www.dmp.no/en/about-us/distribution-of-data-on-medicinal-products/FHIR-service/content-of-the-fhir-service' };
export const CREDENTIALS = ['DMP_API_KEY'] as const;

interface Coding {
  system?: string;
  code?: string;
  display?: string;
}
interface CodeableConcept {
  coding?: Coding[];
  text?: string;
}
export interface MedicinalProduct {
  resourceType?: string;
  id?: string;
  meta?: { lastUpdated?: string };
  identifier?: { system?: string; value?: string }[];
  name?: { productName?: string }[];
  productClassification?: CodeableConcept[];
  legalStatusOfSupply?: CodeableConcept;
  extension?: { url?: string; valueCodeableConcept?: CodeableConcept }[];
}
export interface Bundle<T> {
  resourceType?: string;
  total?: number;
  link?: { relation?: string; url?: string }[];
  entry?: { resource?: T }[];
}
interface Concept {
  code?: string;
  display?: string;
  designation?: { language?: string; value?: string }[];
  concept?: Concept[];
}
export interface CodeSystem {
  resourceType?: string;
  id?: string;
  url?: string;
  version?: string;
  concept?: Concept[];
}

const codeOf = (c: Coding | undefined) => (c ? { kode: c.code ?? null, navn: c.display ?? null } : null);
const firstCoding = (cc: CodeableConcept | undefined) => codeOf(cc?.coding?.[0]) ?? (cc?.text ? { kode: null, navn: cc.text } : null);

/** The resources of a searchset Bundle that are of `type`. */
export function resources<T extends { resourceType?: string }>(bundle: Bundle<T>, type: string): T[] {
  return (bundle.entry ?? []).map((e) => e.resource).filter((r): r is T => r !== undefined && r !== null && r.resourceType === type);
}

export const hasNext = (bundle: Bundle<unknown>) => (bundle.link ?? []).some((l) => l.relation === 'next');

export function productSummary(p: MedicinalProduct) {
  const codings = (p.productClassification ?? []).flatMap((c) => c.coding ?? []);
  const doseForm = (p.extension ?? []).find((e) => (e.url ?? '').includes('pharmaceutical-dose-form'));
  return {
    id: p.id ?? '',
    navn: p.name?.[0]?.productName ?? null,
    atc: codings.filter((c) => /atc/i.test(c.system ?? '')).map((c) => codeOf(c)!),
    legemiddelform: firstCoding(doseForm?.valueCodeableConcept),
  };
}

export function productDetail(p: MedicinalProduct) {
  return {
    ...productSummary(p),
    alleNavn: (p.name ?? []).map((n) => n.productName).filter((n): n is string => typeof n === 'string'),
    reseptstatus: firstCoding(p.legalStatusOfSupply),
    klassifisering: (p.productClassification ?? []).flatMap((c) => c.coding ?? []).map((c) => ({ system: c.system ?? null, kode: c.code ?? null, navn: c.display ?? null })),
    identifikatorer: (p.identifier ?? []).map((i) => ({ system: i.system ?? null, verdi: i.value ?? null })),
    sistOppdatert: p.meta?.lastUpdated ?? null,
  };
}

/** ATC level from the length of the code: A (1), A10 (2), A10B (3), A10BA (4), A10BA02 (5). */
const LEVELS: Record<number, number> = { 1: 1, 3: 2, 4: 3, 5: 4, 7: 5 };

export interface AtcCode {
  kode: string;
  navn: string | null;
  navnEngelsk: string | null;
  niva: number | null;
}

/** Every concept of the code system, nested ones included, as ATC codes sorted by code. */
export function atcCodes(system: CodeSystem): AtcCode[] {
  const out: AtcCode[] = [];
  const walk = (concepts: Concept[] | undefined) => {
    for (const c of concepts ?? []) {
      if (typeof c.code === 'string' && c.code !== '') {
        const english = (c.designation ?? []).find((d) => (d.language ?? '').toLowerCase().startsWith('en'));
        out.push({ kode: c.code, navn: c.display ?? null, navnEngelsk: english?.value ?? null, niva: LEVELS[c.code.length] ?? null });
      }
      walk(c.concept);
    }
  };
  walk(system.concept);
  return out.sort((a, b) => a.kode.localeCompare(b.kode));
}

/** Code systems listed per page: FEST has a few dozen; the ATC index must be among the first page. */
export const CODE_SYSTEM_PAGE = 100;

const isAtc = (c: CodeSystem & { name?: string; title?: string }) => [c.url, c.name, c.title].some((v) => typeof v === 'string' && /\batc\b/i.test(v));

/**
 * The ATC index as DMP's FHIR service publishes it: the code systems are listed (only the elements
 * that identify them), the ATC one picked, and then read by id, the two CodeSystem interactions
 * the technical overview documents.
 */
export async function fetchAtcIndex(ctx: ToolContext): Promise<CodeSystem> {
  const listed = await ctx.get<Bundle<CodeSystem & { id?: string; name?: string; title?: string }>>(UPSTREAM, '/CodeSystem', {
    query: { _count: CODE_SYSTEM_PAGE, _elements: 'url,name,title,version' },
  });
  const candidates = resources(listed, 'CodeSystem').filter((c) => typeof c.id === 'string' && c.id !== '' && isAtc(c));
  const chosen = candidates.find((c) => c.url === ATC_SYSTEM) ?? candidates[0];
  if (!chosen) throw fail.upstream(`DMP's FHIR service listed no ATC CodeSystem among its first ${CODE_SYSTEM_PAGE} code systems`);
  const system = await ctx.find<CodeSystem>(UPSTREAM, '/CodeSystem/{id}', { params: { id: chosen.id! } });
  if (!system || system.resourceType !== 'CodeSystem') throw fail.upstream(`DMP's FHIR service answered no CodeSystem for the ATC index (CodeSystem/${chosen.id})`);
  return system;
}
