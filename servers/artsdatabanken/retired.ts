// sources.list: deprecated in the tool-server spec (4.3 "species map"), so it always answers
// HTTP 410 api_sunset with an expiry message and no data.
import { defineTool } from '../../runtime/define.js';
import { DAY, coverage } from './common.js';

export const sourcesList = defineTool({
  name: 'sources.list',
  title: 'Artskart data sources (retired)',
  description:
    'Retired: listed the institutions and datasets that deliver observations to Artskart. It answers HTTP 410 api_sunset with no data. ' +
    'Each observation of artsdatabanken.observations.list names its institution and dataset; the contributors are listed on artsdatabanken.no.',
  status: 'deprecated',
  retired: {
    code: 'api_sunset',
    message: 'artsdatabanken.sources.list is retired: the list of Artskart data sources is no longer served here. No data is returned.',
    alternative: 'artsdatabanken.observations.list gives the institution and dataset of each observation; Artsdatabanken lists the contributors at https://artsdatabanken.no.',
  },
  input: {},
  coverage: coverage(['data-source'], 'static'),
  cacheTtlSeconds: DAY,
  route: '/sources',
});
