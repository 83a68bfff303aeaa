// The icon of the stortinget server: the parliament building's front, a pediment over columns.
import type { IconDefinition } from '../../runtime/define.js';

export const PARLIAMENT: IconDefinition = {
  name: 'stortinget-hall',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#8a2432"/><g fill="#fff"><path d="M16 5l11 6H5z"/><rect x="6" y="12.5" width="20" height="1.8"/><rect x="7.5" y="15.5" width="2.2" height="8"/><rect x="12" y="15.5" width="2.2" height="8"/><rect x="17.8" y="15.5" width="2.2" height="8"/><rect x="22.3" y="15.5" width="2.2" height="8"/><rect x="5" y="24.5" width="22" height="2.5" rx="0.5"/></g></svg>',
};
