// Entity tools besides lookup: enhet.underenheter and enheter.search (UPSTREAMS.md A1).
import type { ToolDefinition } from '../../runtime/define.js';

export const enhetExtraTools: ToolDefinition[] = [];
