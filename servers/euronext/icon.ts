// The euronext server's icon: a candlestick chart, white on a green tile.
import type { IconDefinition } from '../../runtime/define.js';

export const ICON: IconDefinition = {
  name: 'exchange-candles',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#166534"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M9 6v20M16 9v17M23 5v17"/><rect x="7" y="11" width="4" height="8"/><rect x="14" y="14" width="4" height="7"/><rect x="21" y="8" width="4" height="9"/></g></svg>',
};
