// What the smhi tools share.
import type { Coverage } from '../../runtime/define.js';

export const coverage = (dataTypes: string[], updateFrequency: Coverage['updateFrequency']): Coverage => ({ geography: ['SE'], dataTypes, updateFrequency });
