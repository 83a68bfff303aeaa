// ship_types.list: the 12 ship types of AIS, one per range of the "type of ship and cargo" code
// that every AIS static report carries (`shipType` in BarentsWatch's answers, 0-99).
//
// Source: ITU-R M.1371-5, Annex 8, Table 53 (identifiers to be used by ships to report their
// type), the table BarentsWatch's developer page "Type of ship/cargo"
// (developer.barentswatch.no/docs/AIS/aisshiptype) reproduces. Codes 36 (sailing) and 37
// (pleasure craft) form one type here, as do 33 (dredging or underwater operations) and 34
// (diving operations); 0 is "not available" and 1-19, 38-39 are reserved, so they belong to no
// type. The grouping into 12 is this service's (UNCONFIRMED that BarentsWatch groups alike).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';

export interface ShipType {
  key: string;
  name: string;
  from: number;
  to: number;
  detail: string;
}

export const SHIP_TYPES: readonly ShipType[] = [
  { key: 'wig', name: 'Wing in ground (WIG)', from: 20, to: 29, detail: '20 all ships of this type; 21-24 hazardous category A-D; 25-29 reserved' },
  { key: 'fishing', name: 'Fishing', from: 30, to: 30, detail: '30 fishing' },
  { key: 'towing', name: 'Towing', from: 31, to: 32, detail: '31 towing; 32 towing, length over 200 m or breadth over 25 m' },
  { key: 'dredging-diving', name: 'Dredging, underwater or diving operations', from: 33, to: 34, detail: '33 dredging or underwater operations; 34 diving operations' },
  { key: 'military', name: 'Military operations', from: 35, to: 35, detail: '35 military operations' },
  { key: 'sailing-pleasure', name: 'Sailing and pleasure craft', from: 36, to: 37, detail: '36 sailing; 37 pleasure craft' },
  { key: 'high-speed', name: 'High-speed craft (HSC)', from: 40, to: 49, detail: '40 all ships of this type; 41-44 hazardous category A-D; 45-48 reserved; 49 no additional information' },
  {
    key: 'special',
    name: 'Special craft',
    from: 50,
    to: 59,
    detail: '50 pilot vessel; 51 search and rescue; 52 tug; 53 port tender; 54 anti-pollution equipment; 55 law enforcement; 56-57 spare, local vessels; 58 medical transport; 59 non-combatant ship (RR Resolution No. 18)',
  },
  { key: 'passenger', name: 'Passenger', from: 60, to: 69, detail: '60 all ships of this type; 61-64 hazardous category A-D; 65-68 reserved; 69 no additional information' },
  { key: 'cargo', name: 'Cargo', from: 70, to: 79, detail: '70 all ships of this type; 71-74 hazardous category A-D; 75-78 reserved; 79 no additional information' },
  { key: 'tanker', name: 'Tanker', from: 80, to: 89, detail: '80 all ships of this type; 81-84 hazardous category A-D; 85-88 reserved; 89 no additional information' },
  { key: 'other', name: 'Other type', from: 90, to: 99, detail: '90 all ships of this type; 91-94 hazardous category A-D; 95-98 reserved; 99 no additional information' },
];

export const SHIP_TYPE_KEYS = SHIP_TYPES.map((t) => t.key) as [string, ...string[]];

export const SOURCE = 'ITU-R M.1371-5, Annex 8, Table 53 (type of ship and cargo), as BarentsWatch documents it: https://developer.barentswatch.no/docs/AIS/aisshiptype';

/** The type an AIS ship-type code belongs to, or undefined (0, reserved codes, a missing code). */
export function shipTypeOf(code: number | null | undefined): ShipType | undefined {
  if (typeof code !== 'number') return undefined;
  return SHIP_TYPES.find((t) => code >= t.from && code <= t.to);
}

const shipTypeOutput = z.object({ key: z.string(), name: z.string(), codes: z.string().describe('AIS ship-type codes of this type, e.g. 70-79.'), detail: z.string() });

export const shipTypesList = defineTool({
  name: 'ship_types.list',
  title: 'AIS ship types',
  description:
    'The 12 ship types of AIS with the ship-type codes (0-99) each covers, from the ITU-R M.1371 table BarentsWatch documents: wig, fishing, towing, dredging-diving, military, sailing-pleasure, high-speed, special (pilot, rescue, tug...), passenger, cargo, tanker, other. ' +
    'Use a key as the shipType filter of ais.ais.positions, or to read the shipType code of a position. Static reference: needs no credentials and is never empty.',
  input: {},
  output: z.object({ count: z.number().int(), types: z.array(shipTypeOutput), source: z.string() }),
  coverage: { geography: ['NO'], dataTypes: ['classification', 'ship-type'], updateFrequency: 'static' },
  cacheTtlSeconds: 86_400,
  route: '/ship-types',
  example: {},
  run: async () => ({
    count: SHIP_TYPES.length,
    types: SHIP_TYPES.map((t) => ({ key: t.key, name: t.name, codes: t.from === t.to ? String(t.from) : `${t.from}-${t.to}`, detail: t.detail })),
    source: SOURCE,
  }),
});
