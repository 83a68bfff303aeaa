// sanctions.eu.lookup: the full record of one entity of the EU consolidated list, from the shared
// in-memory index (servers/_shared/sanctions-index). entityId is the export's sanctionEntity
// logicalId (what sanctions.eu.search returns); the EU reference number (EU.27.28) is accepted too.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { loadSanctionsIndex } from '../_shared/sanctions-index/index.js';
import { freshnessOutput } from '../_shared/sanctions-index/output.js';
import { coverage, entityRecord, recordFields } from './common.js';
import { quoted } from '../../runtime/validation.js';

export const euLookup = defineTool({
  name: 'eu.lookup',
  title: 'One entity of the EU sanctions list, in full',
  description:
    'The full record of one person, organisation or vessel on the EU consolidated financial sanctions list: every name and alias, birth dates and places, citizenships, identity documents, addresses, remarks and the regulations it is listed under, with the list\'s freshness. Answers not_found when the list holds no such entity (it may have been delisted).',
  input: {
    entityId: z
      .string()
      .trim()
      .regex(/^(\d{1,12}|[Ee][Uu]\.[0-9A-Za-z.]{1,30})$/, {
        error: (iss) => `must be an entityId (digits, from sanctions.eu.search) or an EU reference number such as EU.27.28 (got ${quoted(iss.input)})`,
      })
      .describe('entityId from sanctions.eu.search (digits), or an EU reference number such as EU.27.28.'),
  },
  output: z.object({ ...recordFields, list: freshnessOutput }),
  coverage,
  cacheTtlSeconds: 0,
  route: '/eu/entities/:entityId',
  example: { entityId: '135909' },
  run: async ({ entityId }, ctx) => {
    const { index, freshness } = await loadSanctionsIndex(ctx);
    const entity = index.find(entityId);
    if (!entity) {
      throw fail.notFound(`the EU consolidated list (version ${index.version}, generated ${index.source.generationDate}) has no entity ${entityId}`, {
        detailCode: 'ENTITY_NOT_FOUND',
      });
    }
    return { ...entityRecord(entity), list: freshness };
  },
});
