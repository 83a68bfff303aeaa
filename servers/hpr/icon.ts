// The hpr server's icon: a badge with a medical cross, the authorisation of a health professional.
import type { IconDefinition } from '../../runtime/define.js';

export const HEALTH_BADGE: IconDefinition = {
  name: 'health-badge',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#0f766e"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><rect x="7" y="6" width="18" height="21" rx="2"/><path d="M13 6v3h6V6"/><path d="M16 13v8M12 17h8"/></g></svg>',
};
