// norgesbank.nibor: deprecated in the tool-server spec (4.5): it always answers HTTP 410 with
// `_status: 410`, `error: endpoint_removed` and the alternative key-rate route, and no data.
// NIBOR is not Norges Bank's: it is administered by Norske Finansielle Referanser AS (NoRe) and
// published under licence, and Norges Bank's data API has no NIBOR series.
import { defineTool } from '../../runtime/define.js';

export const nibor = defineTool({
  name: 'nibor',
  title: 'NIBOR (removed)',
  description:
    'Removed: answered NIBOR rates. It always answers HTTP 410 with _status 410 and error endpoint_removed, and no data: NIBOR is administered by Norske Finansielle Referanser (NoRe), not published by Norges Bank. ' +
    "For Norges Bank's own rate use norgesbank.styringsrente (the key-rate route /api/connectors/norges-bank/key-rate).",
  status: 'deprecated',
  retired: {
    code: 'api_sunset',
    message: 'norgesbank.nibor is removed: NIBOR is administered by Norske Finansielle Referanser AS (NoRe) and is not in Norges Bank\'s data. No data is returned.',
    alternative: '/api/connectors/norges-bank/key-rate',
    fields: { _status: 410, error: 'endpoint_removed', alternativeTool: 'norgesbank.styringsrente' },
  },
  input: {},
  coverage: { geography: ['NO'], dataTypes: ['interest-rate'], updateFrequency: 'daily' },
  cacheTtlSeconds: 3600,
  route: '/nibor',
});
