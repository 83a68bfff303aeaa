// jobtech: Swedish job ads of Arbetsförmedlingen's Platsbanken, tool-server spec 4.6 "Swedish jobs":
// search_jobs, get_job and job_stats on the JobSearch API (UPSTREAMS.md B14).
// Requests and mapping follow the JobSearch guide (Jobtechdev-content/Jobsearch-content,
// GettingStartedJobSearchEN.md) and the API's own result models and query parser
// (JobtechSwe/sokannonser-api); details in jobsearch.ts.
// UNCONFIRMED: whether JobSearch still needs an `api-key` header (public clients call it without;
// none is sent); a published request rate (none found, so none is declared); the exact 404 body;
// `concept_id` in stats values; the coordinate order. Licence: JobTech's open data is published
// under CC0 per jobtechdev.se (UNCONFIRMED: not read in a source this session).
import { defineServer } from '../../runtime/define.js';
import { ICON } from './icon.js';
import { getJob, jobStats, searchJobs } from './tools.js';
import { JOBSEARCH } from './upstream.js';

export const server = defineServer({
  slug: 'jobtech',
  prefix: 'jobtech',
  name: 'Swedish job ads (JobTech)',
  owner: 'Arbetsförmedlingen',
  description:
    "The job ads open for application in Sweden, from Arbetsförmedlingen's Platsbanken through the JobTech JobSearch API: search by text, county, municipality and occupation field, read one ad whole, and count ads by field, county or municipality.",
  license: 'CC0 1.0 (UNCONFIRMED)',
  tier: 'free',
  upstreams: [JOBSEARCH],
  countries: ['SE'],
  docs: [
    { label: 'JobSearch API (Swagger)', url: 'https://jobsearch.api.jobtechdev.se' },
    { label: 'Getting started with JobSearch', url: 'https://github.com/Jobtechdev-content/Jobsearch-content' },
  ],
  icon: ICON,
  tools: [searchJobs, getJob, jobStats],
});
