// stations.list and station.detalj: deprecated in the tool-server spec (4.4), so they always answer
// HTTP 410 api_sunset with an expiry message and no data. Stations are in Entur's national stop
// register, which the entur tools serve.
import { defineTool } from '../../runtime/define.js';

const coverage = { geography: ['NO' as const], dataTypes: ['railway-station'], updateFrequency: 'static' as const };

export const stationsList = defineTool({
  name: 'stations.list',
  title: 'Railway stations (retired)',
  description:
    "Retired: listed Bane NOR's railway stations. It answers HTTP 410 api_sunset with no data. Railway stations are stop places in Entur's national stop register: use entur.stops.autocomplete (layers venue) to find them and entur.departures.list for their departures.",
  status: 'deprecated',
  retired: {
    code: 'api_sunset',
    message: 'banenor.stations.list is retired: Bane NOR no longer offers its station list here. No data is returned.',
    alternative: 'entur.stops.autocomplete (layers "venue") finds railway stations with their stop ids; entur.departures.list gives their departures.',
  },
  input: {},
  coverage,
  cacheTtlSeconds: 86_400,
  route: '/stations',
});

export const stationDetalj = defineTool({
  name: 'station.detalj',
  title: 'One railway station (retired)',
  description:
    "Retired: gave the details of one of Bane NOR's railway stations. It answers HTTP 410 api_sunset with no data. Look the station up in Entur's national stop register with entur.stops.autocomplete, and its departures with entur.departures.list.",
  status: 'deprecated',
  retired: {
    code: 'api_sunset',
    message: 'banenor.station.detalj is retired: Bane NOR no longer offers station details here. No data is returned.',
    alternative: 'entur.stops.autocomplete finds the station (its NSR:StopPlace id, position, stop types); entur.departures.list gives its departures.',
  },
  input: {},
  coverage,
  cacheTtlSeconds: 86_400,
  route: '/station',
});
