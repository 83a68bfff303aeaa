// The met server's icon: a sun half behind a cloud, white lines on a blue tile (drawn for this service).
import type { IconDefinition } from '../../runtime/define.js';

export const MET_ICON: IconDefinition = {
  name: 'met-weather',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#1565c0"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="12" cy="12" r="4"/><path d="M12 4v2M4 12h2M6.3 6.3l1.4 1.4M17.7 6.3l-1.4 1.4"/><path d="M10 25h13a4 4 0 0 0 0-8 6 6 0 0 0-11.3 1.5A3.3 3.3 0 0 0 10 25z"/></g></svg>',
};
