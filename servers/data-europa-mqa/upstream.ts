// data.europa.eu's Metadata Quality Assessment (MQA) metrics cache, used by the data-europa-mqa
// tools (facts: metrics.ts).
import { defineUpstream } from '../../runtime/define.js';

export const DATAEUROPA_MQA = defineUpstream({
  id: 'dataeuropa-mqa',
  name: 'data.europa.eu MQA metrics cache',
  baseUrl: 'https://data.europa.eu/api/mqa/cache',
  envVar: 'DATAEUROPA_MQA_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://data.europa.eu/api/mqa/cache/',
});
