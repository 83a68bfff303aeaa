// A power pylon: the transmission grid operator.
import type { IconDefinition } from '../../runtime/define.js';

export const ICON: IconDefinition = {
  name: 'pylon',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#a16207"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M16 5l-6 22M16 5l6 22M8 11h16M10 17h12"/><path d="M11 23l10-6M21 23l-10-6"/></g></svg>',
};
