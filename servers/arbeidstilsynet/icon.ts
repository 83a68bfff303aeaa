// The arbeidstilsynet server's icon: a safety helmet.
import type { IconDefinition } from '../../runtime/define.js';

export const ICON: IconDefinition = {
  name: 'arbeidstilsynet-helmet',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#b45309"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M7 21a9 9 0 0 1 18 0"/><path d="M5 21h22v3H5z"/><path d="M14 12.5V9h4v3.5"/></g></svg>',
};
