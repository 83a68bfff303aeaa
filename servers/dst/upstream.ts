// Statistics Denmark's StatBank API (UPSTREAMS.md B13).
import { defineUpstream } from '../../runtime/define.js';

export const DST_STATBANK = defineUpstream({
  id: 'dst-statbank',
  name: 'Statistics Denmark StatBank API',
  baseUrl: 'https://api.statbank.dk/v1',
  envVar: 'DST_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://www.dst.dk/en/Statistik/hjaelp-til-statistikbanken/api',
  // Up to a million cells of JSON-stat.
  timeoutMs: 30_000,
  maxBodyBytes: 64 * 1024 * 1024,
});
