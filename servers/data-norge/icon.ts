// The icon of the data-norge server: a card drawer of a catalogue, white lines on a coloured tile (drawn for this service).
import type { IconDefinition } from '../../runtime/define.js';

export const ICON: IconDefinition = {
  name: 'data-catalogue-no',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#ba0c2f"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><rect x="6" y="12" width="20" height="14" rx="2"/><path d="M9 12V7h14v5"/><path d="M13 18h6"/></g></svg>',
};
