// The dsb server's icon: a flame.
import type { IconDefinition } from '../../runtime/define.js';

export const ICON: IconDefinition = {
  name: 'dsb-flame',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#c2410c"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M16 27c-5 0-8-3.5-8-8 0-5 4-7 4.5-12 3 2 4.5 4.5 4.5 7 1.5-1 2-2.5 2-4 3 2.5 5 5.5 5 9 0 4.5-3 8-8 8z"/><path d="M16 27c-2 0-3.5-1.5-3.5-3.5S14 20 16 18c2 2 3.5 3.5 3.5 5.5S18 27 16 27z"/></g></svg>',
};
