// Every server of the service. Adding a server is adding its module here.
import type { ServerDefinition } from '../runtime/define.js';
import { server as ais } from './ais/index.js';
import { server as akvakultur } from './akvakultur/index.js';
import { server as aksjonaerregisteret } from './aksjonaerregisteret/index.js';
import { server as altinnSystembruker } from './altinn-systembruker/index.js';
import { brreg, brregKonkurs } from './brreg/index.js';
import { server as companies } from './companies/index.js';
import { server as cvr } from './cvr/index.js';
import { server as discovery } from './discovery/index.js';
import { server as doffin } from './doffin/index.js';
import { server as enhetsregisteretSpeil } from './enhetsregisteret-speil/index.js';
import { server as finanstilsynet } from './finanstilsynet/index.js';
import { server as kystverket } from './kystverket/index.js';
import { server as rsk } from './rsk/index.js';
import { server as sanksjoner } from './sanksjoner/index.js';
import { server as screening } from './screening/index.js';
import { server as sodir } from './sodir/index.js';
import { server as sources } from './sources/index.js';
import { server as statnett } from './statnett/index.js';

export const SERVERS: ServerDefinition[] = [
  brreg,
  brregKonkurs,
  aksjonaerregisteret,
  enhetsregisteretSpeil,
  altinnSystembruker,
  cvr,
  rsk,
  finanstilsynet,
  sanksjoner,
  doffin,
  ais,
  kystverket,
  akvakultur,
  sodir,
  statnett,
  companies,
  screening,
  discovery,
  sources,
];
