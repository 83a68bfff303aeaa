// The fastlege server's icon: a stethoscope.
import type { IconDefinition } from '../../runtime/define.js';

export const ICON: IconDefinition = {
  name: 'fastlege-stethoscope',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#1d4ed8"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M9 6v7a5 5 0 0 0 10 0V6"/><path d="M14 18v2a5 5 0 0 0 10 0v-3"/><circle cx="24" cy="14.5" r="2.5"/></g></svg>',
};
