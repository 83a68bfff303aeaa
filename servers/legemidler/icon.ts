// The legemidler server's icon: a capsule, half filled.
import type { IconDefinition } from '../../runtime/define.js';

export const CAPSULE: IconDefinition = {
  name: 'capsule',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#be185d"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M9.5 22.5a4.6 4.6 0 0 1 0-6.5l6.5-6.5a4.6 4.6 0 0 1 6.5 6.5L16 22.5a4.6 4.6 0 0 1-6.5 0z"/><path d="M12.75 12.75l6.5 6.5"/></g></svg>',
};
