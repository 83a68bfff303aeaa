// Accounts tools (regnskap.*). Regnskapsregisteret API (UPSTREAMS.md A2).
import type { ToolDefinition } from '../../runtime/define.js';

export const regnskapTools: ToolDefinition[] = [];
