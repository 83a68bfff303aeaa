// Pieces shared by the CVR tools: the Elasticsearch requests, the reading of CVR's dated values
// (a value applies now when its `periode.gyldigTil` is null) and the mapping of a company.
//
// Follows UPSTREAMS.md A6 and the real responses named in ../_shared/cvr.ts. The query shapes are
// the ones published clients send: a term query on `Vrvirksomhed.cvrNummer` (a number), and for the
// open `offentliggoerelser` index terms on `cvrNummer` and `offentliggoerelsestype`.
// UNCONFIRMED: how the name fields are analysed (the search tool uses a `multi_match` with operator
// `and`), the Elasticsearch version (so `hits.total` is read in both forms), and the ES max result
// window (the tools never page past 50 hits).
import type { Coverage } from '../../runtime/define.js';
import type { ToolContext } from '../../runtime/context.js';
import { fail } from '../../runtime/errors.js';
import type { Adresse, Attribut, Beskaeftigelse, EsAnswer, Kontaktoplysning, Navn, Periode, Vaerdi, VirksomhedSource, Vrvirksomhed } from '../_shared/cvr.js';

export const UPSTREAM = 'cvr';
export const VIRKSOMHED_SEARCH = '/cvr-permanent/virksomhed/_search';
export const PUBLICATIONS_SEARCH = '/offentliggoerelser/_search';
export const DAY = 86_400;

export const cvrCoverage = (dataTypes: string[]): Coverage => ({ geography: ['DK'], dataTypes, updateFrequency: 'daily' });

/** The company's page on the CVR portal (Virk); its "Regnskaber" section lists the annual reports. */
export const portalUrl = (cvr: string | number) => {
  const url = new URL('https://datacvr.virk.dk/enhed/virksomhed/');
  url.pathname += String(cvr);
  return url.href;
};

/** The one request for a company by number; company.lookup, directors, owners and annual_reports share it (and its cache entry). */
export function companyQuery(cvr: string) {
  return { query: { term: { 'Vrvirksomhed.cvrNummer': Number(cvr) } } };
}

/** POSTs a read-only search to the CVR distribution: cached and retried like a GET. */
export async function esSearch<S>(ctx: ToolContext, path: string, body: unknown): Promise<EsAnswer<S>> {
  const res = await ctx.request<EsAnswer<S>>({ upstream: UPSTREAM, method: 'POST', path, body, idempotent: true });
  return res.data ?? {};
}

/** The company with this CVR number, or not_found. */
export async function fetchCompany(ctx: ToolContext, cvr: string): Promise<Vrvirksomhed> {
  const answer = await esSearch<VirksomhedSource>(ctx, VIRKSOMHED_SEARCH, companyQuery(cvr));
  const company = answer.hits?.hits?.find((h) => h._source?.Vrvirksomhed)?._source?.Vrvirksomhed;
  if (!company) throw fail.notFound(`The CVR register has no company with CVR number ${cvr}`, { detailCode: 'CVR_NOT_FOUND' });
  return company;
}

// ---- dated values -----------------------------------------------------------------------------------

const applies = (p: Periode | null | undefined) => !p || p.gyldigTil === null || p.gyldigTil === undefined;

/** The value that applies now: the last one whose period is open. */
export function currentOf<T extends { periode?: Periode | null }>(values: readonly T[] | null | undefined): T | undefined {
  if (!values) return undefined;
  for (let i = values.length - 1; i >= 0; i -= 1) if (applies(values[i].periode)) return values[i];
  return undefined;
}

/** Every value that applies now. */
export function allCurrent<T extends { periode?: Periode | null }>(values: readonly T[] | null | undefined): T[] {
  return (values ?? []).filter((v) => applies(v.periode));
}

/** A participant's or organisation's name: the current one, else the latest. */
export function nameOf(navne: readonly Navn[] | null | undefined): string | null {
  const names = navne ?? [];
  return (currentOf(names) ?? names[names.length - 1])?.navn?.trim() || null;
}

/** Current values of the attributes of one type (several attributes may share a type, by sekvensnr). */
export function currentValues(attributes: readonly Attribut[] | null | undefined, type: string): Vaerdi[] {
  return (attributes ?? []).filter((a) => a.type === type).flatMap((a) => allCurrent(a.vaerdier));
}

export function currentValue(attributes: readonly Attribut[] | null | undefined, type: string): string | null {
  return currentValues(attributes, type)[0]?.vaerdi ?? null;
}

// ---- company fields ---------------------------------------------------------------------------------

export function formatAddress(a: Adresse | null | undefined) {
  if (!a) return null;
  const number = [a.husnummerFra, a.bogstavFra].filter((p) => p !== null && p !== undefined).join('');
  const numberTo = [a.husnummerTil, a.bogstavTil].filter((p) => p !== null && p !== undefined).join('');
  const houseNumber = numberTo ? `${number}-${numberTo}` : number;
  const floor = [a.etage, a.sidedoer].filter(Boolean).join(' ');
  const street = [a.vejnavn, houseNumber].filter(Boolean).join(' ');
  const line = [street + (floor ? `, ${floor}` : ''), a.conavn ? `c/o ${a.conavn}` : '', a.postboks ? `Postboks ${a.postboks}` : '']
    .filter(Boolean)
    .join(', ');
  const city = [a.postnummer, a.postdistrikt].filter((p) => p !== null && p !== undefined && p !== '').join(' ');
  return {
    text: a.fritekst?.replace(/\s*\n\s*/g, ', ') || [line, city].filter(Boolean).join(', ') || null,
    street: a.vejnavn ?? null,
    houseNumber: houseNumber || null,
    floor: a.etage ?? null,
    door: a.sidedoer ?? null,
    coName: a.conavn ?? null,
    postBox: a.postboks ?? null,
    postcode: a.postnummer === null || a.postnummer === undefined ? null : String(a.postnummer).padStart(4, '0'),
    city: a.postdistrikt ?? null,
    municipality: a.kommune ? { code: a.kommune.kommuneKode, name: a.kommune.kommuneNavn } : null,
    country: a.landekode ?? null,
  };
}

const publicContact = (values: readonly Kontaktoplysning[] | null | undefined) =>
  allCurrent(values)
    .filter((k) => k.hemmelig !== true)
    .map((k) => k.kontaktoplysning);

/** The most recent employment figure among the yearly, quarterly and monthly series. */
export function latestEmployment(company: Vrvirksomhed) {
  const m = company.virksomhedMetadata ?? {};
  const candidates: { figure: Beskaeftigelse; basis: 'month' | 'quarter' | 'year'; key: number; period: string }[] = [];
  const month = (b: Beskaeftigelse | null | undefined) => b && b.maaned !== undefined && b.maaned !== null;
  for (const b of [m.nyesteErstMaanedsbeskaeftigelse, m.nyesteMaanedsbeskaeftigelse]) {
    if (b && month(b)) candidates.push({ figure: b, basis: 'month', key: b.aar * 100 + Number(b.maaned), period: `${b.aar}-${String(b.maaned).padStart(2, '0')}` });
  }
  const q = m.nyesteKvartalsbeskaeftigelse;
  if (q && q.kvartal) candidates.push({ figure: q, basis: 'quarter', key: q.aar * 100 + q.kvartal * 3, period: `${q.aar}-Q${q.kvartal}` });
  const y = m.nyesteAarsbeskaeftigelse;
  if (y) candidates.push({ figure: y, basis: 'year', key: y.aar * 100 + 12, period: String(y.aar) });
  if (candidates.length === 0) return null;
  const best = candidates.reduce((a, b) => (b.key > a.key ? b : a));
  return {
    employees: best.figure.antalAnsatte ?? null,
    fullTimeEquivalents: best.figure.antalAarsvaerk ?? null,
    employeesInterval: best.figure.intervalKodeAntalAnsatte ?? null,
    period: best.period,
    basis: best.basis,
  };
}

/** The end of the company's life, when it has ceased: the end of its last life period. */
function endDate(company: Vrvirksomhed): string | null {
  const periods = company.livsforloeb ?? [];
  if (periods.length === 0 || currentOf(periods)) return null;
  return periods[periods.length - 1].periode?.gyldigTil ?? null;
}

/** CVR writes the financial year's bounds as XML gMonthDay (`--12-31`); answered as `12-31`. */
const monthDay = (v: string | null) => (v ? v.replace(/^--/, '') : null);

export function companyHeader(company: Vrvirksomhed) {
  const cvr = String(company.cvrNummer).padStart(8, '0');
  return { cvr, name: nameOf(company.navne) ?? company.virksomhedMetadata?.nyesteNavn?.navn ?? null };
}

export function mapCompany(company: Vrvirksomhed) {
  const m = company.virksomhedMetadata ?? {};
  const { cvr, name } = companyHeader(company);
  const form = m.nyesteVirksomhedsform ?? currentOf(company.virksomhedsform);
  const industry = m.nyesteHovedbranche ?? currentOf(company.hovedbranche);
  const secondary = [m.nyesteBibranche1, m.nyesteBibranche2, m.nyesteBibranche3].filter((b) => !!b);
  const attrs = company.attributter;
  const capital = currentValue(attrs, 'KAPITAL');
  const ended = endDate(company);
  return {
    cvr,
    name,
    secondaryNames: allCurrent(company.binavne).map((n) => n.navn),
    status: m.sammensatStatus ?? null,
    registerStatus: currentOf(company.virksomhedsstatus)?.status ?? null,
    ceased: ended !== null,
    endDate: ended,
    form: form ? { code: form.virksomhedsformkode, abbreviation: form.kortBeskrivelse, description: form.langBeskrivelse } : null,
    foundedDate: m.stiftelsesDato ?? null,
    industry: industry ? { code: industry.branchekode, text: industry.branchetekst } : null,
    secondaryIndustries: secondary.map((b) => ({ code: b!.branchekode, text: b!.branchetekst })),
    address: formatAddress(m.nyesteBeliggenhedsadresse ?? currentOf(company.beliggenhedsadresse)),
    postalAddress: formatAddress(currentOf(company.postadresse)),
    phone: publicContact(company.telefonNummer),
    email: publicContact(company.elektroniskPost),
    website: publicContact(company.hjemmeside),
    employment: latestEmployment(company),
    productionUnits: m.antalPenheder ?? null,
    capital: capital === null ? null : { amount: Number(capital), currency: currentValue(attrs, 'KAPITALVALUTA') },
    purpose: currentValue(attrs, 'FORMÅL'),
    signingRule: currentValue(attrs, 'TEGNINGSREGEL'),
    financialYear: { start: monthDay(currentValue(attrs, 'REGNSKABSÅR_START')), end: monthDay(currentValue(attrs, 'REGNSKABSÅR_SLUT')) },
    advertisingProtected: company.reklamebeskyttet ?? null,
    lastUpdated: company.sidstOpdateret ?? null,
    source: { register: 'CVR (Erhvervsstyrelsen)', url: portalUrl(cvr) },
  };
}
