// The icon of the data-europa-mqa server: a gauge, white lines on a coloured tile (drawn for this service).
import type { IconDefinition } from '../../runtime/define.js';

export const ICON: IconDefinition = {
  name: 'metadata-quality',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#0f766e"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M6.5 22a9.5 9.5 0 1 1 19 0"/><path d="M16 22l5-6"/><path d="M6 26h20"/></g></svg>',
};
