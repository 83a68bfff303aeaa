// The vegvesen server's icon: a road narrowing towards the horizon with its centre line, white on an orange tile (drawn for this service).
import type { IconDefinition } from '../../runtime/define.js';

export const VEGVESEN_ICON: IconDefinition = {
  name: 'vegvesen-road',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#c25400"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M13 6L6 26M19 6l7 20"/><path d="M16 8v3M16 15v3M16 22v3"/></g></svg>',
};
