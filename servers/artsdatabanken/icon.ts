// The artsdatabanken server's icon: a leaf with its veins (drawn for this service).
import type { IconDefinition } from '../../runtime/define.js';

export const SPECIES_LEAF: IconDefinition = {
  name: 'species-leaf',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#15803d"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M8 24C8 13 14 7 25 7c0 11-6 17-17 17z"/><path d="M8 24L19 13"/><path d="M13 19h5M16 16v-4"/></g></svg>',
};
