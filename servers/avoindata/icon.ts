// The icon of the avoindata server: a database of stacked discs, white lines on a coloured tile (drawn for this service).
import type { IconDefinition } from '../../runtime/define.js';

export const ICON: IconDefinition = {
  name: 'open-data-fi',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#003580"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><ellipse cx="16" cy="9" rx="8" ry="3"/><path d="M8 9v14c0 1.7 3.6 3 8 3s8-1.3 8-3V9"/><path d="M8 16c0 1.7 3.6 3 8 3s8-1.3 8-3"/></g></svg>',
};
