// A ship seen from the side with radio waves above it: live ship tracking (AIS).
import type { IconDefinition } from '../../runtime/define.js';

export const ICON: IconDefinition = {
  name: 'ship-signal',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#075985"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M5 20h22l-3 6H8z"/><path d="M10 20v-5h9v5M15 15v-3"/><path d="M20 9a4 4 0 0 1 4 4M20 5a8 8 0 0 1 8 8"/></g></svg>',
};
