// avoindata: avoindata.fi, Finland's national open-data portal, kept by Digi- ja
// väestötietovirasto (the Digital and Population Data Services Agency), tool-server spec 4.6
// "Finnish catalogue": search, dataset and organisations on the portal's CKAN action API
// (UPSTREAMS.md B15).
// Documentation followed: the CKAN API guide and action reference
// (https://docs.ckan.org/en/latest/api/index.html) for package_search and package_show and the
// error envelope; avoindata's API base https://www.avoindata.fi/data/api/3/action (details: ckan.ts).
// UNCONFIRMED: avoindata's own row and offset caps, its fluent *_translated fields, the public
// dataset page URL, and the licence of the catalogue's metadata (no statement was found; the
// datasets carry their own licences, which the tools report).
import { defineServer } from '../../runtime/define.js';
import { ICON } from './icon.js';
import { dataset, organisations, search } from './tools.js';
import { AVOINDATA } from './upstream.js';

export const server = defineServer({
  slug: 'avoindata',
  prefix: 'avoindata',
  name: 'Finnish open-data portal (avoindata.fi)',
  owner: 'Digi- ja väestötietovirasto',
  description:
    "avoindata.fi, Finland's national open-data portal: descriptions of the open datasets and APIs that Finnish public bodies and others publish, their resources (files, APIs) with formats and licences, and the publishing organisations.",
  license: 'Each dataset states its own licence; the licence of the catalogue metadata is UNCONFIRMED',
  tier: 'free',
  upstreams: [AVOINDATA],
  countries: ['FI'],
  docs: [
    { label: 'avoindata.fi', url: 'https://www.avoindata.fi/en' },
    { label: 'CKAN API guide', url: 'https://docs.ckan.org/en/latest/api/index.html' },
  ],
  icon: ICON,
  tools: [search, dataset, organisations],
});
