// airlines.list and airports.list: Avinor's name lists (mapping and the facts relied on: feeds.ts).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { note, optStr } from '../../runtime/output.js';
import { AIRLINES_PATH, AIRPORTS_PATH, NAMES_TTL, decodeNames, type CodeName } from './feeds.js';
import { coverage } from './flights.js';

const entry = z.object({ code: z.string(), name: optStr() });

export const airlinesList = defineTool({
  name: 'airlines.list',
  title: 'Airline codes and names (Avinor)',
  description:
    "Every airline in Avinor's name list: IATA code and name, in the order Avinor lists them. Use it to turn the airline codes of avinor.flights.list (SK, DY, WF...) into names. " +
    'The list changes rarely and is cached for a day. An empty list would mean Avinor published none.',
  input: {},
  output: z.object({ count: z.number().int(), airlines: z.array(entry), note }),
  coverage: coverage(['airline'], 'static'),
  cacheTtlSeconds: NAMES_TTL,
  route: '/airlines',
  example: {},
  run: async (_input, ctx) => {
    const airlines = (await ctx.request<CodeName[]>({ upstream: 'avinor', path: AIRLINES_PATH, decode: decodeNames('airlineNames', 'airlineName', 'a list of airline names') })).data as CodeName[];
    return { count: airlines.length, airlines, ...(airlines.length === 0 && { note: "Avinor's airline name list is empty." }) };
  },
});

export const airportsList = defineTool({
  name: 'airports.list',
  title: 'Airport codes and names (Avinor)',
  description:
    "Every airport in Avinor's name list, Norwegian and foreign: IATA code and name. Use it to turn the airport codes of avinor.flights.list into names, or to find the code of an airport; Avinor's own airports are the ones avinor.flights.list answers for. " +
    'The list changes rarely and is cached for a day. An empty list would mean Avinor published none.',
  input: {},
  output: z.object({ count: z.number().int(), airports: z.array(entry), note }),
  coverage: coverage(['airport'], 'static'),
  cacheTtlSeconds: NAMES_TTL,
  route: '/airports',
  example: {},
  run: async (_input, ctx) => {
    const airports = (await ctx.request<CodeName[]>({ upstream: 'avinor', path: AIRPORTS_PATH, decode: decodeNames('airportNames', 'airportName', 'a list of airport names') })).data as CodeName[];
    return { count: airports.length, airports, ...(airports.length === 0 && { note: "Avinor's airport name list is empty." }) };
  },
});
