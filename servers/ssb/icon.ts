// The ssb server's icon: a bar chart under a trend line, white on a teal tile.
import type { IconDefinition } from '../../runtime/define.js';

export const ICON: IconDefinition = {
  name: 'statbank-bars',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#00796b"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M6 26h20"/><path d="M9 26v-6M14 26v-9M19 26v-7M24 26v-12"/><path d="M7 14l6-5 5 3 7-6"/></g></svg>',
};
