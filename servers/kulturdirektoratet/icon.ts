// The kulturdirektoratet server's icon: a theatre mask over a coin, grants to the arts.
import type { IconDefinition } from '../../runtime/define.js';

export const ARTS_GRANT: IconDefinition = {
  name: 'arts-grant',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#b45309"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M7 7h14v8c0 4.5-3 7.5-7 7.5S7 19.5 7 15z"/><path d="M10.5 12h2M15.5 12h2M11 17c1.8 1.4 4.2 1.4 6 0"/><circle cx="22.5" cy="22.5" r="4"/><path d="M22.5 21v3"/></g></svg>',
};
