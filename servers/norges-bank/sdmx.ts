// Norges Bank's SDMX data API: the SDMX-JSON 1.0 answer and its reading.
//
// Follows: Norges Bank's open data (https://www.norges-bank.no/en/topics/Statistics/open-data/) and
// its query builder (https://app.norges-bank.no/query/#/en/), UPSTREAMS.md A13.
// Relied on:
// - GET /api/data/{flow}/{key}?format=sdmx-json&lastNObservations=&startPeriod=&endPeriod=&locale=en;
//   a key's positions are joined with `.` and an empty position means all values (Norges Bank, "API
//   for open data": https://www.norges-bank.no/en/topics/Statistics/open-data/get-data/, whose
//   example is B..NOK.SP); several values of one position are joined with a literal `+`, the OR
//   operator of the SDMX REST specification the page refers to (sdmx-twg/sdmx-rest
//   v2_1/ws/rest/docs/4_4_data_queries.md: "The OR operator is supported using the + character",
//   D.USD+JPY.EUR.SP00.A). `+` is allowed as it stands in a path segment (RFC 3986 sub-delims), so it
//   is sent literally, never as %2B (runtime/upstream/url.ts `{name+}`).
// - Answer: data.dataSets[0].series{"0:1:0:0": {attributes[], observations{"0": ["4.5"]}}}, the
//   series key and each observation key being indexes into data.structure.dimensions.series[i].values
//   and dimensions.observation[0].values (TIME_PERIOD); series attribute values index into
//   data.structure.attributes.series[i].values (live IR capture of 2026-10-08, UPSTREAMS.md A13;
//   EXR sample in statisticsnorway/ssb-fagfunksjoner tests/api/test_valuta.py).
// - EXR's UNIT_MULT attribute is 2 where a rate is quoted per 100 units of the currency (SEK, DKK).
// - No data for a query: HTTP 404 {"errors":[{"code":404,"message":"No data for data query against
//   the dataflow: urn:…"}]} (a peer's test of the API); an unknown currency answers the same.
// UNCONFIRMED: the body of a 5xx answer (recorded in the errors form of the 404).

export interface SdmxValue {
  id: string;
  name?: string;
}

export interface SdmxMessage {
  data: {
    dataSets: { series?: Record<string, { attributes?: (number | null)[]; observations?: Record<string, (string | null)[]> }> }[];
    structure: {
      name?: string;
      dimensions: { series: { id: string; values: SdmxValue[] }[]; observation: { id: string; values: SdmxValue[] }[] };
      attributes?: { series?: { id: string; values: SdmxValue[] }[] };
    };
  };
}

export interface SdmxSeries {
  /** Each series dimension's value, by dimension id. */
  key: Record<string, SdmxValue>;
  attributes: Record<string, string>;
  observations: { date: string; value: number | null }[];
}

/** Every series of the message, each with its dimension values, attributes and dated observations (oldest first). */
export function readSeries(msg: SdmxMessage): SdmxSeries[] {
  const structure = msg.data.structure;
  const dims = structure.dimensions.series;
  const times = structure.dimensions.observation[0].values;
  const attrs = structure.attributes?.series ?? [];
  return Object.entries(msg.data.dataSets[0]?.series ?? {}).map(([key, s]) => {
    const positions = key.split(':').map(Number);
    const observations = Object.entries(s.observations ?? {})
      .map(([i, obs]) => {
        const raw = obs[0];
        const n = raw === null || raw === undefined || raw === '' ? NaN : Number(raw);
        return { date: times[Number(i)].id, value: Number.isFinite(n) ? n : null };
      })
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    return {
      key: Object.fromEntries(dims.map((d, i) => [d.id, d.values[positions[i]]])),
      attributes: Object.fromEntries(
        attrs.map((a, i) => [a.id, s.attributes?.[i] === null || s.attributes?.[i] === undefined ? '' : a.values[s.attributes[i]!].id]),
      ),
      observations,
    };
  });
}

export const UPSTREAM = 'norges-bank';
export const SDMX_JSON = 'sdmx-json';
