// The icon of the avinor server: an aircraft seen from above, on a tile of its own.
import type { IconDefinition } from '../../runtime/define.js';

export const AIRCRAFT: IconDefinition = {
  name: 'aircraft',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#0b4f8a"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M16 5c1.2 0 1.8 1.3 1.8 3v5l8.2 4.5v2.3l-8.2-2.3v5l2.7 2v2l-4.5-1.2-4.5 1.2v-2l2.7-2v-5L6 19.8v-2.3l8.2-4.5V8c0-1.7.6-3 1.8-3z"/></g></svg>',
};
