// The mattilsynet server's icon: a smiling face, the smilefjes on the door of an inspected place.
import type { IconDefinition } from '../../runtime/define.js';

export const SMILEFJES: IconDefinition = {
  name: 'smilefjes',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#15803d"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="16" cy="16" r="10"/><path d="M11 18.5c1.2 2.2 3 3.3 5 3.3s3.8-1.1 5-3.3"/><path d="M12.5 12.5v1.5M19.5 12.5v1.5"/></g></svg>',
};
