// cpv.divisjoner: the 45 divisions of the Common Procurement Vocabulary, CPV 2008 (Commission
// Regulation (EC) No 213/2008, Annex I), the codes Doffin notices carry in cpvCodes. A static
// reference (the vocabulary changes only by regulation), filtered by the first digit; no upstream
// call. The spec gives the tool status not_configured like the other Doffin tools, so it too needs
// DOFFIN_API_KEY.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { sourceRef } from '../../runtime/output.js';
import { CREDENTIALS } from './common.js';
import { quoted } from '../../runtime/validation.js';

/** Division code and its English name in the CPV 2008 main vocabulary. */
const DIVISIONS: readonly (readonly [string, string])[] = [
  ['03', 'Agricultural, farming, fishing, forestry and related products'],
  ['09', 'Petroleum products, fuel, electricity and other sources of energy'],
  ['14', 'Mining, basic metals and related products'],
  ['15', 'Food, beverages, tobacco and related products'],
  ['16', 'Agricultural machinery'],
  ['18', 'Clothing, footwear, luggage articles and accessories'],
  ['19', 'Leather and textile fabrics, plastic and rubber materials'],
  ['22', 'Printed matter and related products'],
  ['24', 'Chemical products'],
  ['30', 'Office and computing machinery, equipment and supplies except furniture and software packages'],
  ['31', 'Electrical machinery, apparatus, equipment and consumables; lighting'],
  ['32', 'Radio, television, communication, telecommunication and related equipment'],
  ['33', 'Medical equipments, pharmaceuticals and personal care products'],
  ['34', 'Transport equipment and auxiliary products to transportation'],
  ['35', 'Security, fire-fighting, police and defence equipment'],
  ['37', 'Musical instruments, sport goods, games, toys, handicraft, art materials and accessories'],
  ['38', 'Laboratory, optical and precision equipments (excl. glasses)'],
  ['39', 'Furniture (incl. office furniture), furnishings, domestic appliances (excl. lighting) and cleaning products'],
  ['41', 'Collected and purified water'],
  ['42', 'Industrial machinery'],
  ['43', 'Machinery for mining, quarrying, construction equipment'],
  ['44', 'Construction structures and materials; auxiliary products to construction (except electric apparatus)'],
  ['45', 'Construction work'],
  ['48', 'Software package and information systems'],
  ['50', 'Repair and maintenance services'],
  ['51', 'Installation services (except software)'],
  ['55', 'Hotel, restaurant and retail trade services'],
  ['60', 'Transport services (excl. Waste transport)'],
  ['63', 'Supporting and auxiliary transport services; travel agencies services'],
  ['64', 'Postal and telecommunications services'],
  ['65', 'Public utilities'],
  ['66', 'Financial and insurance services'],
  ['70', 'Real estate services'],
  ['71', 'Architectural, construction, engineering and inspection services'],
  ['72', 'IT services: consulting, software development, Internet and support'],
  ['73', 'Research and development services and related consultancy services'],
  ['75', 'Administration, defence and social security services'],
  ['76', 'Services related to the oil and gas industry'],
  ['77', 'Agricultural, forestry, horticultural, aquacultural and apicultural services'],
  ['79', 'Business services: law, marketing, consulting, recruitment, printing and security'],
  ['80', 'Education and training services'],
  ['85', 'Health and social work services'],
  ['90', 'Sewage, refuse, cleaning and environmental services'],
  ['92', 'Recreational, cultural and sporting services'],
  ['98', 'Other community, social and personal services'],
];

export const cpvDivisjoner = defineTool({
  name: 'cpv.divisjoner',
  title: 'CPV divisions (procurement categories)',
  description:
    'The 45 divisions of the Common Procurement Vocabulary (CPV 2008, Regulation (EC) No 213/2008) that classify Doffin notices, e.g. 45 Construction work, 72 IT services; prefix keeps those whose code starts with that digit (7: 70 to 79). Use a code as the cpv filter of doffin.notices.search. Every digit starts at least one division, so the list is never empty.',
  input: {
    prefix: z
      .string()
      .regex(/^[0-9]$/, { error: (iss) => `must be one digit 0-9 (got ${quoted(iss.input)})` })
      .describe('First digit of the division code, 0-9.')
      .optional(),
  },
  output: z.object({
    prefix: z.string().nullable(),
    count: z.number().int(),
    divisions: z.array(z.object({ code: z.string(), cpvCode: z.string(), name: z.string() })),
    source: sourceRef,
  }),
  credentials: CREDENTIALS,
  coverage: { geography: ['NO', 'EU'], dataTypes: ['classification', 'procurement-category'], updateFrequency: 'static' },
  cacheTtlSeconds: 86_400,
  route: '/cpv/divisjoner',
  example: { prefix: '7' },
  run: async ({ prefix }) => {
    const divisions = DIVISIONS.filter(([code]) => prefix === undefined || code.startsWith(prefix)).map(([code, name]) => ({
      code,
      cpvCode: `${code}000000`,
      name,
    }));
    return {
      prefix: prefix ?? null,
      count: divisions.length,
      divisions,
      source: { register: 'CPV 2008 main vocabulary (Commission Regulation (EC) No 213/2008, Annex I)', url: 'https://eur-lex.europa.eu/eli/reg/2008/213/oj' },
    };
  },
});
