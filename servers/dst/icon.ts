// The dst server's icon: a bar chart with a rising line, white on a red tile.
import type { IconDefinition } from '../../runtime/define.js';

export const ICON: IconDefinition = {
  name: 'statbank-dk',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#9f1239"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M6 6v20h20"/><path d="M11 22v-5M16 22v-9M21 22v-7"/><path d="M10 12l5-4 4 3 6-5"/></g></svg>',
};
