// nav.advarsler: the navigational warnings Kystverket, as national coordinator for navigational
// warnings, publishes for the Norwegian coast (coastal warnings, sent on NAVTEX and coastal radio).
//
// Kystverket has no API nor data file for them (UPSTREAMS.md B9, and nothing was found on
// data.kystverket.no, BarentsWatch or Geonorge); it publishes the warnings in force as a report
// page, https://kyvreports.kystverket.no/NavcoReport/navigasjonsvarsler.aspx, the address
// kystverket.no links to. That page is read here through a file index (one download shared by
// every caller, refreshed every ten minutes), decoded with fast-xml-parser in its HTML-tolerant
// mode (unpaired tags, HTML entities; the page is ASP.NET WebForms, XHTML by default), its script
// and style blocks left out first.
// Structure relied on, as public scrapers of the sibling NAVAREA XIX page read it (file id
// 54219612789): a table with id GridView1 whose rows (class Item, AlternatingItem) each hold an
// inner table of label and value cells: Number, Date, Warning; labels are read in English or
// Norwegian, and an area cell (Area/Område) when present.
// UNCONFIRMED: that the coastal page has the same layout and an area cell (recordings are
// constructed from the NAVAREA page's layout); fylke is matched against a warning's area and text.
import { z } from 'zod';
import type { ToolContext } from '../../runtime/context.js';
import { defineTool } from '../../runtime/define.js';
import { FileIndex } from '../../runtime/file-index.js';
import type { Warning } from './warnings-page.js';
import { int, text } from '../../runtime/fields.js';
import { note, optStr, sourceRef } from '../../runtime/output.js';

export const WARNINGS_PATH = '/NavcoReport/navigasjonsvarsler.aspx';
const PAGE = 'https://kyvreports.kystverket.no/NavcoReport/navigasjonsvarsler.aspx';
const KILDE = { register: 'Kystverket, navigasjonsvarsler (kystvarsler)', url: PAGE };

export { parseWarnings, type Warning } from './warnings-page.js';

const WARNINGS = new FileIndex<Warning[], Warning[]>({
  title: "Kystverket's navigational warnings page",
  register: KILDE.register,
  withoutIt: 'no navigational warnings can be listed',
  upstream: 'kystverket-navco',
  path: WARNINGS_PATH,
  // A page of some hundred warnings; a page of more elements than this is refused before it is parsed.
  decodeOffThread: { worker: 'servers/kystverket/warnings.worker.ts', caps: { elements: 200_000 } },
  build: (warnings) => warnings,
  refreshAfterMs: 10 * 60_000,
  describe: (warnings) => ({ warnings: warnings.length }),
});

export const loadWarnings = async (ctx: ToolContext) => (await WARNINGS.load(ctx)).index;

const fold = (v: string | null | undefined) => (v ?? '').toLocaleUpperCase('nb');

export const navAdvarsler = defineTool({
  name: 'nav.advarsler',
  title: 'Navigational warnings for the coast (Kystverket)',
  description:
    "The coastal navigational warnings in force along the Norwegian coast, as Kystverket (national coordinator for navigational warnings) publishes them: number, date-time group, area and text (unlit lights, buoys off position, drifting objects, temporary restrictions...). " +
    'Read from Kystverket\'s published warnings page (there is no API), refreshed every ten minutes. fylke keeps warnings whose area or text names it (e.g. Rogaland, Finnmark); antall 1-50 (default 20). ' +
    'Not a substitute for NAVTEX. An empty list means no warning in force matches.',
  input: {
    fylke: text('County or area name the warning must name, e.g. Rogaland; any case.', 1, 60).optional(),
    antall: int({ min: 1, max: 50, default: 20, description: 'Number of warnings, 1 to 50. Default 20.' }),
  },
  output: z.object({
    fylke: optStr(),
    total: z.number().int(),
    count: z.number().int(),
    advarsler: z.array(z.object({ nummer: optStr(), dato: optStr().describe('Date-time group as published, e.g. 211530 UTC nov 26.'), omrade: optStr(), tekst: z.string() })),
    note,
    kilde: sourceRef,
  }),
  coverage: { geography: ['NO'], dataTypes: ['navigational-warning'], updateFrequency: 'realtime' },
  cacheTtlSeconds: 600,
  route: '/navigasjonsvarsler',
  example: { fylke: 'Vestland', antall: 5 },
  run: async ({ fylke, antall }, ctx) => {
    const warnings = await loadWarnings(ctx);
    const wanted = fylke ? fold(fylke.trim()) : null;
    const matches = wanted ? warnings.filter((w) => fold(`${w.omrade ?? ''}\n${w.tekst}`).includes(wanted)) : warnings;
    const advarsler = matches.slice(0, antall);
    return {
      fylke: fylke ?? null,
      total: matches.length,
      count: advarsler.length,
      advarsler,
      ...(advarsler.length === 0 && { note: wanted ? `No navigational warning in force names ${fylke}.` : 'Kystverket has no coastal navigational warning in force.' }),
      kilde: KILDE,
    };
  },
});

/** Tests: forget the loaded page. */
export function resetWarnings(): void {
  WARNINGS.reset();
}
