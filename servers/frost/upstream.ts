// MET Norway's Frost API (frost.met.no): observations, climate normals and stations (UPSTREAMS.md B4).
import { defineUpstream } from '../../runtime/define.js';

export const FROST = defineUpstream({
  id: 'frost',
  name: 'MET Norway Frost API',
  baseUrl: 'https://frost.met.no',
  envVar: 'FROST_BASE_URL',
  // HTTP Basic with the client id as user name and an empty password (https://frost.met.no/howto.html).
  auth: { type: 'basic', userEnvVar: 'FROST_CLIENT_ID' },
  docs: 'https://frost.met.no/api.html',
  // Frost's terms: "heavy traffic" is more than 1 request per second on average.
  rateLimit: { requests: 60, perSeconds: 60, source: 'https://frost.met.no/termsofuse2.html (heavy traffic: more than 1 request/second on average)' },
  timeoutMs: 30_000,
});
