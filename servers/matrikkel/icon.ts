// The matrikkel server's icon: a land parcel with its boundary points (drawn for this service).
import type { IconDefinition } from '../../runtime/define.js';

export const CADASTRE_PARCEL: IconDefinition = {
  name: 'cadastre-parcel',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#4d7c0f"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M7 11l9-4 9 6-3 12-13-2z"/><path d="M16 7l-2 16"/></g><g fill="#fff"><circle cx="7" cy="11" r="1.6"/><circle cx="25" cy="13" r="1.6"/><circle cx="9" cy="23" r="1.6"/></g></svg>',
};
