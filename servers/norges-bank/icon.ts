// The norges-bank server's icon: a column-fronted bank building, white on a dark blue tile.
import type { IconDefinition } from '../../runtime/define.js';

export const ICON: IconDefinition = {
  name: 'central-bank',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#1e3a5f"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M5 12l11-6 11 6z"/><path d="M8 15v8M13 15v8M19 15v8M24 15v8"/><path d="M5 26h22"/></g></svg>',
};
