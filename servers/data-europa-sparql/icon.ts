// The icon of the data-europa-sparql server: three linked nodes of a graph, white lines on a coloured tile (drawn for this service).
import type { IconDefinition } from '../../runtime/define.js';

export const ICON: IconDefinition = {
  name: 'linked-data-query',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#4338ca"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="9" cy="10" r="3"/><circle cx="23" cy="10" r="3"/><circle cx="16" cy="23" r="3"/><path d="M12 10h8M10.5 12.6l4 7.8M21.5 12.6l-4 7.8"/></g></svg>',
};
