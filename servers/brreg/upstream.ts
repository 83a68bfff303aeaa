// Regnskapsregisteret: the upstream of the accounts tools (brreg.regnskap.*, brreg.profil).
import { defineUpstream } from '../../runtime/define.js';

export const BRREG_REGNSKAP = defineUpstream({
  // Same host and override as Enhetsregisteret, but its own breaker and concurrency: one
  // register failing must not pause the other.
  id: 'brreg-regnskap',
  name: 'Regnskapsregisteret',
  baseUrl: 'https://data.brreg.no',
  envVar: 'BRREG_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://data.brreg.no/regnskapsregisteret/regnskap/swagger-ui/index.html',
  maxConcurrent: 8,
  maxBodyBytes: 8 * 1024 * 1024,
  definiteStatuses: {
    500: 'Regnskapsregisteret answers HTTP 500 for the accounts of banks and insurers (BANK and FORS statements); they are not available on the open API',
  },
});
