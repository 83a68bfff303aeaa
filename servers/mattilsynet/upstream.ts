// Mattilsynet's open data downloads (smilefjes inspections of food-serving places).
import { defineUpstream } from '../../runtime/define.js';

export const MATTILSYNET_DATA = defineUpstream({
  id: 'mattilsynet-data',
  name: 'Mattilsynet åpne data (smilefjes)',
  baseUrl: 'https://data.mattilsynet.no',
  envVar: 'MATTILSYNET_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://data.norge.no/datasets/288aa74c-e3d3-492e-9ede-e71503b3bfd9',
  // The inspections file is about 17 MB of CSV and grows every day: room to grow, and time to download it.
  timeoutMs: 120_000,
  maxBodyBytes: 96 * 1024 * 1024,
  maxConcurrent: 2,
});
