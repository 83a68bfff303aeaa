// The kartverket server's icon: a map pin over a street line (drawn for this service).
import type { IconDefinition } from '../../runtime/define.js';

export const ADDRESS_PIN: IconDefinition = {
  name: 'address-pin',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#b45309"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M16 22s-6-5.6-6-10a6 6 0 0 1 12 0c0 4.4-6 10-6 10z"/><circle cx="16" cy="12" r="2.2"/><path d="M6 26h20"/></g></svg>',
};
