// The smhi server's icon: a wind sock on a pole, white lines on a yellow-green tile (drawn for this service).
import type { IconDefinition } from '../../runtime/define.js';

export const SMHI_ICON: IconDefinition = {
  name: 'smhi-windsock',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#006a4e"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M8 27V5"/><path d="M8 7l17 3v5L8 18z"/><path d="M14 8v9M19.5 9v7"/></g></svg>',
};
