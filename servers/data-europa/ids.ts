// The shapes of data.europa.eu's dataset and catalogue ids, for the tools that put one in a path
// (dataeuropa.dataset, mqa.dataset, mqa.catalogue). An id that cannot be one is refused at
// validation, before it is encoded into a URL, so `..%2F`, a backslash or `%5C` never reach the
// upstream, whatever it would make of them (issue 24 #14).
//
// Follows: piveau, the software behind data.europa.eu, makes every id with `asNormalized()`
// (piveau-data/piveau-utils src/main/kotlin/io/piveau/rdf/RdfExtensions.kt, used for dataset and
// catalogue ids by DCATAPUriSchema.applyFor in src/main/kotlin/io/piveau/utils/experimental/
// DCATAPUriSchema.kt): NFKD, `%` dropped, every character outside [A-Za-z0-9_] replaced by `-`,
// runs of `-` folded, lower-cased. A dataset id the portal holds in several catalogues takes a
// suffix `~~<n>` (as in https://data.europa.eu/data/datasets/nuts~~1).
// UNCONFIRMED: that no id predates the normalisation; upper-case letters are therefore accepted
// (harmless in a path; the upstream answers 404 for an id it does not hold). The length caps are
// ours (normalised source URLs, the longest ids seen, stay well under them).
import { z } from 'zod';
import { quoted } from '../../runtime/validation.js';

const DATASET_ID = /^[A-Za-z0-9_-]+(?:~~[0-9]+)?$/;
const CATALOGUE_ID = /^[A-Za-z0-9_-]+$/;
export const MAX_DATASET_ID = 500;
export const MAX_CATALOGUE_ID = 200;

const shapeError = (what: string, suffix: string) => (iss: { input?: unknown }) =>
  `must be a data.europa.eu ${what}: letters, digits, "-" and "_"${suffix} (got ${quoted(iss.input)})`;

export const datasetId = (description: string) =>
  z
    .string()
    .min(1)
    .max(MAX_DATASET_ID)
    .regex(DATASET_ID, { error: shapeError('dataset id', ', optionally ending in ~~ and a number') })
    .describe(description);

export const catalogueId = (description: string) =>
  z.string().min(1).max(MAX_CATALOGUE_ID).regex(CATALOGUE_ID, { error: shapeError('catalogue id', '') }).describe(description);
