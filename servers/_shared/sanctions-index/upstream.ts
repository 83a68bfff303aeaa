// The EU Financial Sanctions Files, read by the sanctions index (sanksjoner, screening).
import { defineUpstream } from '../../../runtime/define.js';

export const EU_FSF = defineUpstream({
  id: 'eu-fsf',
  name: 'EU Financial Sanctions Files (consolidated list)',
  baseUrl: 'https://webgate.ec.europa.eu/fsd/fsf',
  envVar: 'SANCTIONS_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://data.europa.eu/data/datasets/consolidated-list-of-persons-groups-and-entities-subject-to-eu-financial-sanctions',
  timeoutMs: 120_000,
  maxBodyBytes: 128 * 1024 * 1024,
});
