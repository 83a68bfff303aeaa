// Arbetsförmedlingen's JobSearch API (UPSTREAMS.md B14).
import { defineUpstream } from '../../runtime/define.js';

export const JOBSEARCH = defineUpstream({
  id: 'jobtech-jobsearch',
  name: 'JobTech JobSearch (Arbetsförmedlingen)',
  baseUrl: 'https://jobsearch.api.jobtechdev.se',
  envVar: 'JOBTECH_BASE_URL',
  // Public clients call it without a key; the older guide's `api-key` header is UNCONFIRMED today.
  auth: { type: 'none' },
  docs: 'https://jobsearch.api.jobtechdev.se',
});
