// Shared by the Doffin tools: the credential the spec names and the coverage record.
import type { Coverage } from '../../runtime/define.js';

/** Doffin's subscription key (header Ocp-Apim-Subscription-Key, runtime/upstream/catalogue.ts). */
export const CREDENTIALS = ['DOFFIN_API_KEY'] as const;

export const coverage = (dataTypes: string[]): Coverage => ({ geography: ['NO'], dataTypes, updateFrequency: 'realtime' });
