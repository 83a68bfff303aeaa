// The jobtech server's icon: a briefcase.
import type { IconDefinition } from '../../runtime/define.js';

export const ICON: IconDefinition = {
  name: 'jobtech-briefcase',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#005293"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><rect x="6" y="11" width="20" height="14" rx="2"/><path d="M12 11V8h8v3M6 17h20M15 17v2h2v-2"/></g></svg>',
};
