// Output-schema pieces of the EU sanctions list shared by the sanksjoner and screening servers:
// the list's freshness (Freshness in index.ts) and what lister.list and screening.about say about
// an index that is not loaded.
import { z } from 'zod';
import { optStr, sourceRef } from '../../../runtime/output.js';

const refreshError = z.object({ at: z.string(), code: z.string(), message: z.string() }).nullable();

/** Freshness (index.ts): the list in memory. */
export const freshnessFields = {
  source: sourceRef,
  generationDate: optStr(),
  globalFileId: optStr(),
  version: z.string(),
  entityCount: z.number().int(),
  loadedAt: z.string(),
  ageSeconds: z.number().int(),
  refreshAfterSeconds: z.number().int(),
  stale: z.boolean().describe('Older than refreshAfterSeconds: a refresh failed or is running.'),
  refreshing: z.boolean(),
  lastRefreshError: refreshError,
  nextRefreshAttemptAt: optStr(),
};
export const freshnessOutput = z.object(freshnessFields);

/** sanctionsIndexState: not loaded, it says only `loaded` false, the last error and the next attempt. */
export const indexStateOutput = freshnessOutput.partial().extend({ loaded: z.boolean(), lastRefreshError: refreshError, nextRefreshAttemptAt: optStr() });
