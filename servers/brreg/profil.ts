// brreg.profil: entity, roles and latest accounts in one answer (UPSTREAMS.md A1, A2).
import type { ToolDefinition } from '../../runtime/define.js';

export const profilTools: ToolDefinition[] = [];
