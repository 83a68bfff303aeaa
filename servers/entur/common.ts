// What the entur tools share: the ET-Client-Name header Entur requires of every consumer, and
// coverage.
//
// Entur: "it is required that all consumers identify themselves by using the header
// ET-Client-Name ... The structure of ET-Client-Name should be: company-application"
// (developer.entur.org, Geocoder and Journey Planner authentication); identified consumers get the
// higher rate limits (upstream.ts). The value is ET_CLIENT_NAME, or this project's own name.
import type { ToolContext } from '../../runtime/context.js';
import type { Coverage } from '../../runtime/define.js';

export const DEFAULT_CLIENT_NAME = 'nordic_open_data-tool_host';

export const clientHeaders = (ctx: ToolContext) => ({ 'ET-Client-Name': ctx.env('ET_CLIENT_NAME') || DEFAULT_CLIENT_NAME });

export const coverage = (dataTypes: string[], updateFrequency: Coverage['updateFrequency']): Coverage => ({ geography: ['NO'], dataTypes, updateFrequency });
