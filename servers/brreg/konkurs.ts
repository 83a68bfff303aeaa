// Bankruptcy tools of the brreg-konkurs server (_konkurs_get, _konkurs_recent, _konkurs_search)
// and konkurs.bostyrer. Enhetsregisteret (UPSTREAMS.md A1, A3).
import type { ToolDefinition } from '../../runtime/define.js';

export const konkursBostyrer: ToolDefinition[] = [];
export const konkursServerTools: ToolDefinition[] = [];
