// What the vegvesen tools share.
import type { Coverage } from '../../runtime/define.js';

export const coverage = (dataTypes: string[], updateFrequency: Coverage['updateFrequency']): Coverage => ({ geography: ['NO'], dataTypes, updateFrequency });
