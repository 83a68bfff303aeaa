// The frost server's icon: a thermometer beside a snow crystal, white lines on a teal tile (drawn for this service).
import type { IconDefinition } from '../../runtime/define.js';

export const FROST_ICON: IconDefinition = {
  name: 'frost-climate',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#0e6e7e"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M10 19V7a2 2 0 0 1 4 0v12a4 4 0 1 1-4 0z"/><path d="M12 12v9"/><path d="M23 9v14M17 16h12M19 12l8 8M27 12l-8 8"/></g></svg>',
};
