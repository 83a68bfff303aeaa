// avinor: flight data of Avinor's airports, tool-server spec 4.4 "airports": flights.list and
// status.list on Avinor's flight feed, airlines.list and airports.list on its name lists.
// Requests and mappings follow Avinor's description of its XML feeds
// (https://partner.avinor.no/en/services/flight-data, https://avinor.no/konsern/tjenester/flydata)
// and the XmlFeed parameter table (xwiki.avinor.no pageId=191201313); details in feeds.ts.
// UNCONFIRMED: the wording of each status code (the tools answer the feed's own text), the answer
// for an airport Avinor does not serve, the feeds' error bodies, and the licence: Avinor lets
// anyone use the flight data in their own services free of charge ("uten å måtte betale for det")
// but names no licence.
import { defineServer } from '../../runtime/define.js';
import { flightsList, statusList } from './flights.js';
import { AIRCRAFT } from './icon.js';
import { airlinesList, airportsList } from './names.js';
import { AVINOR } from './upstream.js';

export const server = defineServer({
  slug: 'avinor',
  prefix: 'avinor',
  name: 'Avinor flight data',
  owner: 'Avinor',
  description:
    "Departures, arrivals and flight statuses at Avinor's Norwegian airports, as on the airports' information screens (updated every two minutes), with Avinor's lists of airline and airport codes and names.",
  license: 'Free use in own services, per Avinor\'s terms on its flight data page (no named licence; UNCONFIRMED)',
  tier: 'free',
  upstreams: [AVINOR],
  countries: ['NO'],
  docs: [
    { label: 'Flight data (XML feeds)', url: 'https://partner.avinor.no/en/services/flight-data' },
    { label: 'Flydata (norsk)', url: 'https://avinor.no/konsern/tjenester/flydata' },
    { label: 'XmlFeed parameters', url: 'https://xwiki.avinor.no/x/EIAwDQ' },
  ],
  icon: AIRCRAFT,
  tools: [flightsList, statusList, airlinesList, airportsList],
});
