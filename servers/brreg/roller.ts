// Role tools (roller.*). Enhetsregisteret roles API (UPSTREAMS.md A1).
import type { ToolDefinition } from '../../runtime/define.js';

export const rollerTools: ToolDefinition[] = [];
