// The icon of the data-europa server: a globe, white lines on a coloured tile (drawn for this service).
import type { IconDefinition } from '../../runtime/define.js';

export const ICON: IconDefinition = {
  name: 'data-europa',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#003399"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="16" cy="16" r="9"/><path d="M7 16h18"/><path d="M16 7c-3.5 3.5-3.5 14.5 0 18M16 7c3.5 3.5 3.5 14.5 0 18"/></g></svg>',
};
