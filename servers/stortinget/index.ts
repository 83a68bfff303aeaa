// stortinget: Norway's parliament, tool-server spec 4.6 "parliament": committees (komiteer.liste,
// komite.medlemmer), representatives (representanter.liste, representant.hent) and cases
// (saker.liste) from Stortinget's data service, data.stortinget.no/eksport, in JSON.
// Follows Stortinget's documentation pages "Viktige termer", "Saker", "Høringer", "Møter",
// "Vedtak" and "Bruksvilkår" (data.stortinget.no); the endpoints whose pages could not be read are
// listed in export.ts with the sources relied on.
// Licence: NLOD, with Stortinget's condition "Stortinget skal oppgis som kilde ved bruk av data fra
// tjenesten" (https://data.stortinget.no/om-datatjenesten/bruksvilkar/); every answer names it in kilde.
// UNCONFIRMED (details in export.ts): some JSON enumeration codes of a case's status and document
// group; the answer for an unknown person id; the export's error bodies; a published request rate
// (none found); committee membership of sessions other than the current one (none found: refused).
import { defineServer } from '../../runtime/define.js';
import { PARLIAMENT } from './icon.js';
import { komiteMedlemmer, komiteerListe } from './komiteer.js';
import { representantHent, representanterListe } from './representanter.js';
import { sakerListe } from './saker.js';
import { STORTINGET } from './upstream.js';

export const server = defineServer({
  slug: 'stortinget',
  prefix: 'stortinget',
  name: 'Stortinget (Norwegian parliament)',
  owner: 'Stortinget',
  description:
    "Norway's parliament, Stortinget, from its open data service: the committees of a session and their members, the representatives of a parliamentary period with party and constituency, one person's record, and the cases (bills, budgets, white papers, proposals) of a session with type, status and committee.",
  license: 'NLOD (Norsk lisens for offentlige data); "Stortinget skal oppgis som kilde" (data.stortinget.no bruksvilkår)',
  tier: 'free',
  upstreams: [STORTINGET],
  countries: ['NO'],
  docs: [
    { label: 'Dokumentasjon og hjelp (data.stortinget.no)', url: 'https://data.stortinget.no/dokumentasjon-og-hjelp/' },
    { label: 'Viktige termer (formats, ids, versions)', url: 'https://data.stortinget.no/dokumentasjon-og-hjelp/viktige-termer/' },
    { label: 'Saker', url: 'https://data.stortinget.no/dokumentasjon-og-hjelp/saker/' },
    { label: 'Bruksvilkår', url: 'https://data.stortinget.no/om-datatjenesten/bruksvilkar/' },
  ],
  icon: PARLIAMENT,
  tools: [komiteerListe, komiteMedlemmer, representanterListe, representantHent, sakerListe],
});
