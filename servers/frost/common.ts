// What the frost tools share: the credential, coverage, and Frost's answer envelope.
import type { Coverage } from '../../runtime/define.js';

export const CREDENTIALS = ['FROST_CLIENT_ID'] as const;

export const coverage = (dataTypes: string[], updateFrequency: Coverage['updateFrequency']): Coverage => ({ geography: ['NO'], dataTypes, updateFrequency });

/** Frost's answer envelope (https://frost.met.no/api.html): `data` holds the items. */
export interface FrostAnswer<T> {
  '@type'?: string;
  totalItemCount?: number;
  currentItemCount?: number;
  data: T[];
}

/** Frost's source ids carry a sensor suffix in some answers (`SN18700:0`); the station is the part before it. */
export const stationOf = (sourceId: string) => sourceId.split(':')[0];
