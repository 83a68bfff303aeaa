// A lighthouse with its beams: the coastal administration.
import type { IconDefinition } from '../../runtime/define.js';

export const ICON: IconDefinition = {
  name: 'lighthouse',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#b91c1c"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M13 11h6l2 15H11z"/><path d="M14 11V8h4v3M12 17h8"/><path d="M21 8l6-2M21 10l6 2M11 8L5 6M11 10l-6 2"/><path d="M7 26h18"/></g></svg>',
};
