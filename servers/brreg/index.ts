// The two Brønnøysund servers of tool-server spec 4.1: `brreg` (company register, 19 tools) and
// `brreg-konkurs` (bankruptcies, 8 tools; the five konkurs.* tools are the same declarations).
import { defineServer } from '../../runtime/define.js';
import { DECLINE, REGISTER } from '../_shared/icons/index.js';
import { enhetLookup } from './enhet.js';
import { enhetExtraTools } from './enhet-extra.js';
import { konkursBostyrer, konkursServerTools } from './konkurs.js';
import { konkursStatsTools, statistikkKonkurser } from './konkurs-stats.js';
import { profilTools } from './profil.js';
import { regnskapTools } from './regnskap.js';
import { rollerTools } from './roller.js';
import { BRREG } from '../_shared/enhetsregisteret.js';
import { BRREG_REGNSKAP } from './upstream.js';

const docs = [
  { label: 'Enhetsregisteret API', url: 'https://data.brreg.no/enhetsregisteret/api/dokumentasjon/no/index.html' },
  { label: 'Regnskapsregisteret API', url: 'https://data.brreg.no/regnskapsregisteret/regnskap/swagger-ui/index.html' },
];
const license = 'NLOD 2.0 (Norsk lisens for offentlige data)';

export const brreg = defineServer({
  slug: 'brreg',
  prefix: 'brreg',
  name: 'Brønnøysund company register',
  owner: 'Brønnøysundregistrene',
  description:
    'Norwegian legal entities from Enhetsregisteret (entities, sub-units, roles, bankruptcies) and their annual accounts from Regnskapsregisteret.',
  license,
  tier: 'free',
  upstreams: [BRREG, BRREG_REGNSKAP],
  countries: ['NO'],
  docs,
  icon: REGISTER,
  // Spec 4.1 order: enhet.*, konkurs.*, profil, statistikk, regnskap.*, roller.*
  tools: [enhetLookup, ...enhetExtraTools, ...konkursBostyrer, ...konkursStatsTools, ...profilTools, ...statistikkKonkurser, ...regnskapTools, ...rollerTools],
});

export const brregKonkurs = defineServer({
  slug: 'brreg-konkurs',
  prefix: 'brreg',
  sourceKey: 'konkurs',
  name: 'Brønnøysund bankruptcies',
  owner: 'Brønnøysundregistrene',
  description:
    'Norwegian bankruptcies from Enhetsregisteret: whether a company is bankrupt, recent and searchable bankruptcy estates, trustees, and bankruptcy statistics by county, industry and month.',
  license,
  tier: 'free',
  upstreams: [BRREG, BRREG_REGNSKAP],
  countries: ['NO'],
  docs,
  icon: DECLINE,
  tools: [...konkursServerTools, ...konkursBostyrer, ...konkursStatsTools],
});
