// The icon of the dawa server: a house with its address pin struck through (the service is closed).
import type { IconDefinition } from '../../runtime/define.js';

export const CLOSED_HOUSE: IconDefinition = {
  name: 'dawa-house-closed',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#5b6770"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"><path d="M7 15l9-8 9 8"/><path d="M9.5 13.5V25h13V13.5"/><path d="M14 25v-6h4v6"/></g><path d="M6 26L26 6" stroke="#f2c14e" stroke-width="2.4" stroke-linecap="round"/></svg>',
};
