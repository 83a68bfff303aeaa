// A round fish-farm pen on the water with a fish inside: aquaculture.
import type { IconDefinition } from '../../runtime/define.js';

export const ICON: IconDefinition = {
  name: 'fish-pen',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#0f766e"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><ellipse cx="16" cy="13" rx="10" ry="4"/><path d="M6 13v6c0 2.2 4.5 4 10 4s10-1.8 10-4v-6"/><path d="M12 18c2-2 5-2 7 0-2 2-5 2-7 0zM19 18l2-1.5v3z"/></g></svg>',
};
