// The fhi server's icon: a heart with a pulse line.
import type { IconDefinition } from '../../runtime/define.js';

export const ICON: IconDefinition = {
  name: 'fhi-pulse',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#0f766e"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M16 26S6 20 6 12.5A5 5 0 0 1 16 10a5 5 0 0 1 10 2.5C26 20 16 26 16 26z"/><path d="M9 16h4l2-3 3 6 2-3h3"/></g></svg>',
};
