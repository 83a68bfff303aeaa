// Every server of the service. Adding a server is adding its module here.
import type { ServerDefinition } from '../runtime/define.js';
import { brreg, brregKonkurs } from './brreg/index.js';
import { server as ais } from './ais/index.js';
import { server as aksjonaerregisteret } from './aksjonaerregisteret/index.js';
import { server as akvakultur } from './akvakultur/index.js';
import { server as altinnSystembruker } from './altinn-systembruker/index.js';
import { server as arbeidstilsynet } from './arbeidstilsynet/index.js';
import { server as artsdatabanken } from './artsdatabanken/index.js';
import { server as avinor } from './avinor/index.js';
import { server as avoindata } from './avoindata/index.js';
import { server as banenor } from './banenor/index.js';
import { server as companies } from './companies/index.js';
import { server as cvr } from './cvr/index.js';
import { server as dataEuropa } from './data-europa/index.js';
import { server as dataEuropaMqa } from './data-europa-mqa/index.js';
import { server as dataEuropaSparql } from './data-europa-sparql/index.js';
import { server as dataNorge } from './data-norge/index.js';
import { server as dawa } from './dawa/index.js';
import { server as discovery } from './discovery/index.js';
import { server as doffin } from './doffin/index.js';
import { server as dsb } from './dsb/index.js';
import { server as dst } from './dst/index.js';
import { server as enhetsregisteretSpeil } from './enhetsregisteret-speil/index.js';
import { server as entur } from './entur/index.js';
import { server as euronext } from './euronext/index.js';
import { server as fastlege } from './fastlege/index.js';
import { server as fhi } from './fhi/index.js';
import { server as finanstilsynet } from './finanstilsynet/index.js';
import { server as frost } from './frost/index.js';
import { server as hpr } from './hpr/index.js';
import { server as jobtech } from './jobtech/index.js';
import { server as kartverket } from './kartverket/index.js';
import { server as kulturdirektoratet } from './kulturdirektoratet/index.js';
import { server as kystverket } from './kystverket/index.js';
import { server as legemidler } from './legemidler/index.js';
import { server as matrikkel } from './matrikkel/index.js';
import { server as mattilsynet } from './mattilsynet/index.js';
import { server as met } from './met/index.js';
import { server as naturbase } from './naturbase/index.js';
import { server as norgesBank } from './norges-bank/index.js';
import { server as rsk } from './rsk/index.js';
import { server as sanksjoner } from './sanksjoner/index.js';
import { server as screening } from './screening/index.js';
import { server as smhi } from './smhi/index.js';
import { server as sodir } from './sodir/index.js';
import { server as sources } from './sources/index.js';
import { server as ssb } from './ssb/index.js';
import { server as statnett } from './statnett/index.js';
import { server as stortinget } from './stortinget/index.js';
import { server as vegvesen } from './vegvesen/index.js';

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
  kartverket,
  matrikkel,
  artsdatabanken,
  naturbase,
  met,
  frost,
  smhi,
  vegvesen,
  avinor,
  entur,
  banenor,
  ais,
  kystverket,
  akvakultur,
  sodir,
  statnett,
  ssb,
  dst,
  norgesBank,
  euronext,
  jobtech,
  arbeidstilsynet,
  fhi,
  dsb,
  fastlege,
  hpr,
  legemidler,
  mattilsynet,
  kulturdirektoratet,
  dataNorge,
  avoindata,
  dataEuropa,
  dataEuropaMqa,
  dataEuropaSparql,
  stortinget,
  dawa,
  companies,
  screening,
  discovery,
  sources,
];
