// The icon of the banenor server: a railway track running into the distance.
import type { IconDefinition } from '../../runtime/define.js';

export const TRACK: IconDefinition = {
  name: 'rail-track',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#00704a"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M13 5L8 27M19 5l5 22"/><path d="M12 10h8M11 15h10M10 20.5h12M9 26h14"/></g></svg>',
};
