// dawa: Danish buildings from BBR through DAWA, tool-server spec 4.6 "Danish buildings": bbr_building,
// bbr_buildings and bbr_ground, all deprecated (HTTP 410 api_sunset, whatever the input), because
// Klimadatastyrelsen shut DAWA down on 1 October 2026 (retired.ts names the announcement). The
// server calls no upstream. Its replacement is Datafordeleren's BBR services (BBR GraphQL), which
// need a Datafordeler user; this server does not call them.
// Follows: DAWA's BBR documentation (dawadocs.dataforsyningen.dk/dok/api/BBR%20bygning) for the
// tools' former parameters; Klimadatastyrelsen's news "DAWA lukker d. 1. oktober 2026".
// UNCONFIRMED: the announcement's own text was not available to read here (its title and date are
// cited by others; earlier plans named 1 July and 17 August 2026); the licence of DAWA's data.
import { defineServer } from '../../runtime/define.js';
import { CLOSED_HOUSE } from './icon.js';
import { BBR_GRAPHQL, SHUTDOWN_NOTICE, bbrBuilding, bbrBuildings, bbrGround } from './retired.js';

export const server = defineServer({
  slug: 'dawa',
  prefix: 'bbr',
  name: 'DAWA BBR buildings (Denmark, retired)',
  owner: 'Klimadatastyrelsen',
  description:
    "Buildings and plots of Denmark's building register (BBR) as DAWA, Danmarks Adressers Web API, served them. DAWA was shut down on 1 October 2026: every tool answers HTTP 410 api_sunset and names Datafordeleren's BBR services as the replacement.",
  license: "Danish free public data (Klimadatastyrelsen's terms; UNCONFIRMED). No data is served: DAWA is shut down.",
  tier: 'free',
  upstreams: [],
  countries: ['DK'],
  docs: [
    { label: 'DAWA lukker d. 1. oktober 2026 (Klimadatastyrelsen)', url: SHUTDOWN_NOTICE },
    { label: "DAWA's BBR bygning API (former documentation)", url: 'https://dawadocs.dataforsyningen.dk/dok/api/BBR%20bygning' },
    { label: 'BBR GraphQL (Datafordeleren)', url: BBR_GRAPHQL },
  ],
  icon: CLOSED_HOUSE,
  availability: { label: 'deprecated', note: 'DAWA was shut down by Klimadatastyrelsen on 1 October 2026; BBR data are on Datafordeleren.' },
  tools: [bbrBuilding, bbrBuildings, bbrGround],
});
