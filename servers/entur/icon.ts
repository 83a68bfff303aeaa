// The icon of the entur server: a bus at a stop sign.
import type { IconDefinition } from '../../runtime/define.js';

export const BUS_STOP: IconDefinition = {
  name: 'bus-stop',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#181c56"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><rect x="5" y="8" width="15" height="15" rx="2.5"/><path d="M5 16h15M9 23v2.5M16 23v2.5"/><circle cx="25.5" cy="9" r="2.5"/><path d="M25.5 11.5V26"/></g></svg>',
};
