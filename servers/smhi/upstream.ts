// SMHI's open data download services (UPSTREAMS.md B5): point forecasts (metfcst, snow1g) and
// meteorological observations (metobs).
import { defineUpstream } from '../../runtime/define.js';

export const SMHI_METFCST = defineUpstream({
  id: 'smhi-metfcst',
  name: 'SMHI meteorological forecasts (snow1g)',
  baseUrl: 'https://opendata-download-metfcst.smhi.se',
  envVar: 'SMHI_METFCST_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://opendata.smhi.se/apidocs/metfcst/index.html',
});

export const SMHI_METOBS = defineUpstream({
  id: 'smhi-metobs',
  name: 'SMHI meteorological observations (metobs)',
  baseUrl: 'https://opendata-download-metobs.smhi.se',
  envVar: 'SMHI_METOBS_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://opendata.smhi.se/apidocs/metobs/index.html',
  // The corrected archive of a long-running station is a CSV of many megabytes.
  timeoutMs: 30_000,
  maxBodyBytes: 64 * 1024 * 1024,
});
