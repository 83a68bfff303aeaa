// The naturbase server's icon: a mountain inside a protected boundary (drawn for this service).
import type { IconDefinition } from '../../runtime/define.js';

export const PROTECTED_AREA: IconDefinition = {
  name: 'protected-area',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#0f766e"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M6 24l7-10 4 5 3-3 6 8z"/><path d="M5 8h22v18H5z" stroke-dasharray="3 3"/></g></svg>',
};
