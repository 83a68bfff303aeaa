// Bankruptcy statistics (konkurs.by_county, konkurs.industry_breakdown, konkurs.monthly,
// konkurs.trend, statistikk.konkurser). Enhetsregisteret (UPSTREAMS.md A1, A3).
import type { ToolDefinition } from '../../runtime/define.js';

/** The four konkurs.* statistics tools shared by brreg and brreg-konkurs, in spec order. */
export const konkursStatsTools: ToolDefinition[] = [];
export const statistikkKonkurser: ToolDefinition[] = [];
