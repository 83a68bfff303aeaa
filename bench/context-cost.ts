// Context cost: what tools/list puts into a model's context, in bytes, per server and per tool
// (median and largest tool definition, output schema included), and what the output schemas add.
// Run on its own (`node --import tsx bench/context-cost.ts`) or as part of `npm run bench`. Needs
// no network and no server: it builds the registry and measures the prepared tools/list JSON.
import { Registry } from '../runtime/registry.js';
import { SERVERS } from '../servers/index.js';

export interface ServerCost {
  slug: string;
  tools: number;
  /** Bytes of the whole `{"tools":[…]}` result. */
  listBytes: number;
  medianTool: number;
  largestTool: { name: string; bytes: number };
  /** Bytes of the output schemas in the list, and how many tools have one. */
  outputSchemaBytes: number;
  withOutputSchema: number;
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

export function contextCost(registry = new Registry(SERVERS, { get: () => undefined })): { servers: ServerCost[]; medianTool: number } {
  const all: number[] = [];
  const servers = registry.servers.map((server) => {
    const entries = JSON.parse(server.toolsListJson) as { name: string; outputSchema?: unknown }[];
    const sizes = entries.map((e) => ({ name: e.name, bytes: bytes(e) }));
    all.push(...sizes.map((s) => s.bytes));
    const largest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a), { name: '-', bytes: 0 });
    const schemas = entries.filter((e) => e.outputSchema !== undefined);
    return {
      slug: server.slug,
      tools: entries.length,
      listBytes: Buffer.byteLength(`{"tools":${server.toolsListJson}}`),
      medianTool: sizes.length ? median(sizes.map((s) => s.bytes)) : 0,
      largestTool: largest,
      outputSchemaBytes: schemas.reduce((n, e) => n + bytes(e.outputSchema), 0),
      withOutputSchema: schemas.length,
    };
  });
  return { servers, medianTool: median(all) };
}

export function printContextCost(): void {
  const { servers, medianTool } = contextCost();
  console.log('\ntools/list context cost (bytes)');
  console.log(['server'.padEnd(26), 'tools', 'list'.padStart(7), 'median'.padStart(7), 'largest'.padStart(8), 'output schemas', '  largest tool'].join(' '));
  for (const s of servers) {
    console.log(
      [
        s.slug.padEnd(26),
        String(s.tools).padStart(5),
        String(s.listBytes).padStart(7),
        String(s.medianTool).padStart(7),
        String(s.largestTool.bytes).padStart(8),
        `${String(s.outputSchemaBytes).padStart(7)} (${s.withOutputSchema})`.padEnd(14),
        ` ${s.largestTool.name}`,
      ].join(' '),
    );
  }
  const total = servers.reduce((n, s) => n + s.listBytes, 0);
  console.log(`all servers: ${total} bytes of tools/list; median tool definition ${medianTool} bytes (target under 2500)`);
}

if (import.meta.url === `file://${process.argv[1]}`) printContextCost();
