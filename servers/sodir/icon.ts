// An offshore platform on its legs above the waves: petroleum on the Norwegian shelf.
import type { IconDefinition } from '../../runtime/define.js';

export const ICON: IconDefinition = {
  name: 'offshore-platform',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#1e3a8a"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M8 13h16v4H8zM10 17l-2 9M22 17l2 9M13 17v9M19 17v9"/><path d="M20 13V6l3 2M12 13v-3h4v3"/><path d="M5 24c2-1.5 3-1.5 5 0s3 1.5 5 0 3-1.5 5 0 3 1.5 5 0"/></g></svg>',
};
