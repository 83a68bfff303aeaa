// Every server of the service. Adding a server is adding its module here.
import type { ServerDefinition } from '../runtime/define.js';
import { brreg, brregKonkurs } from './brreg/index.js';

export const SERVERS: ServerDefinition[] = [brreg, brregKonkurs];
