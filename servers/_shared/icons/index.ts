// The icons of the servers and of the tools that have their own: simple drawings made for this
// service (not taken from an icon set), white lines on a coloured tile so that each reads on a light
// and a dark background alike. The runtime checks and serves them (runtime/icons.ts).
import type { IconDefinition } from '../../../runtime/define.js';

/** A 32×32 rounded tile of `colour` with `lines` drawn on it in white, 2 units wide. */
function tile(name: string, colour: string, lines: string): IconDefinition {
  return {
    name,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="${colour}"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${lines}</g></svg>`,
  };
}

/** A register entry: a page with a folded corner and lines of text. */
export const REGISTER = tile('register', '#0b5cad', '<path d="M10 6h9l4 4v16H10z"/><path d="M19 6v4h4"/><path d="M13 15h7M13 19h7M13 23h4"/>');

/** Bankruptcy: a line that falls, with the arrow at its end. */
export const DECLINE = tile('decline', '#b42318', '<path d="M6 10l7 7 4-4 9 9"/><path d="M26 15v7h-7"/>');

/** Shareholdings: a pie with one share cut out. */
export const HOLDINGS = tile('holdings', '#6f42c1', '<circle cx="15" cy="17" r="9"/><path d="M15 8v9h9"/><path d="M18 5a9 9 0 0 1 9 9h-9z"/>');

/** A mirror of another register: two pages, one behind the other. */
export const COPIES = tile('copies', '#0e7490', '<rect x="7" y="10" width="12" height="16" rx="1.5"/><path d="M12 10V6h13v15h-6"/>');

/** Delegated machine access: a key. */
export const KEY = tile('key', '#8a5a00', '<circle cx="11" cy="16" r="4.5"/><path d="M15.5 16H26M22 16v4M25.5 16v3"/>');

/** A company: an office building with windows beside a lower wing. */
export const BUILDING = tile('building', '#1f6f43', '<path d="M9 26V7h10v19M19 13h5v13M6 26h20"/><path d="M12.5 11h3M12.5 15h3M12.5 19h3"/>');

/** Supervision: a balance. */
export const BALANCE = tile('balance', '#334155', '<path d="M16 6v19M11 25h10M8 10h16"/><path d="M8 10l-3 7h6zM24 10l-3 7h6z"/>');

/** Sanctions: a shield with a bar across it. */
export const SHIELD = tile('shield', '#a4133c', '<path d="M16 5l9 3.5v6.5c0 6-4 9.5-9 12-5-2.5-9-6-9-12V8.5z"/><path d="M11.5 16h9"/>');

/** Screening: a magnifying glass over a tick. */
export const SCREEN = tile('screen', '#5b21b6', '<circle cx="14" cy="14" r="7.5"/><path d="M19.5 19.5L26 26"/><path d="M10.5 14l2.5 2.5 4-4.5"/>');

/** Public procurement: a clipboard with a list. */
export const CLIPBOARD = tile('clipboard', '#0f766e', '<rect x="8" y="7" width="16" height="20" rx="2"/><path d="M13 5h6v4h-6z"/><path d="M12 15h8M12 19h8M12 23h5"/>');

/** Finding a tool: a compass. */
export const COMPASS = tile('compass', '#1d4ed8', '<circle cx="16" cy="16" r="10"/><path d="M20.5 11.5l-2.8 6.2-6.2 2.8 2.8-6.2z"/>');

/** The catalogue of sources: a stack of records. */
export const STACK = tile('stack', '#475569', '<ellipse cx="16" cy="9" rx="8" ry="3"/><path d="M8 9v14c0 1.7 3.6 3 8 3s8-1.3 8-3V9"/><path d="M8 16c0 1.7 3.6 3 8 3s8-1.3 8-3"/>');

/** Annual accounts: bars on a baseline. */
export const ACCOUNTS = tile('accounts', '#1a7f37', '<path d="M6 25h20"/><path d="M10 21v-5M15 21V9M20 21v-8M25 21v-3"/>');

/** Roles: two people. */
export const PEOPLE = tile('people', '#7c2d12', '<circle cx="12" cy="12" r="3.5"/><path d="M6 25c0-3.6 2.7-6.5 6-6.5s6 2.9 6 6.5"/><circle cx="21.5" cy="11" r="3"/><path d="M20 17.6c3.4-.6 6 2 6 5.9"/>');
