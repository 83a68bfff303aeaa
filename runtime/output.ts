// The shared vocabulary of output schemas (ToolDefinition.output): pieces that many tools answer
// alike, so a shape is written once and every tool that returns it publishes the same schema. A
// schema describes this service's answer (what the mapping returns), not the upstream's document.
// Descriptions are kept for what a name does not say: every byte is read by the model in tools/list.
import { z } from 'zod';

// Primitives are fresh instances on each use: written inline they are shorter than a reference.
/** A string the register can leave out (answered as null). */
export const optStr = () => z.string().nullable();
/** A number the register can leave out (answered as null). */
export const optNum = () => z.number().nullable();

// Shared pieces are single schema instances: a piece used twice in one answer is published once,
// under `$defs` (runtime/registry.ts converts with `reused: 'ref'`).

/** A code and its wording in the register (organisation form, NACE code, sector). */
export const codeName = z.object({ kode: z.string(), beskrivelse: z.string() }).meta({ id: 'codeName' });

/** A postal or business address as the Norwegian registers give it (lines, postcode, place, municipality, country). */
export const address = z.object({
  adresse: z.array(z.string()),
  postnummer: z.string().nullable(),
  poststed: z.string().nullable(),
  kommune: z.string().nullable(),
  kommunenummer: z.string().nullable(),
  land: z.string().nullable(),
  landkode: z.string().nullable(),
}).meta({ id: 'address' });

/**
 * Where a record can be read at its register: the same `{ register, url }` as each source of the
 * runtime's provenance (runtime/provenance.ts), which every result carries in `_meta` besides.
 * It names the register's address, not a claim that the data was just read there: in replay
 * (tests, the demo) the provenance's `recording` says the answer came from a recording, live
 * capture or constructed.
 */
export const sourceRef = z.object({ register: z.string(), url: z.string() });

/** Paging fields of one page of a search (0-based page). */
export const pageBlock = {
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  hasMore: z.boolean().describe('Whether a next page can be fetched.'),
};

/** A note that explains an empty or partial answer; absent otherwise. */
export const note = z.string().optional();
