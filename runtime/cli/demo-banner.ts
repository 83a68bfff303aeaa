// What `npm run demo` prints: where to look, the key, a call to try, and what the answers are:
// recordings, so many live captures of real answers and so many constructed from documentation
// (runtime/upstream/recordings.ts), never data fetched now from a register.

export interface DemoBannerInput {
  publicBaseUrl: string;
  servers: number;
  firstSlug: string;
  census: { total: number; liveCaptures: number; constructed: number };
  printedKey?: string;
  /** A tool call to try: its name and example arguments. */
  example?: { name: string; arguments: unknown };
}

export function demoBanner(d: DemoBannerInput): string[] {
  const lines = [
    '',
    `Demo: ${d.servers} MCP servers answering from ${d.census.total} recorded upstream answers (no network), not from the registers:`,
    `  ${d.census.liveCaptures} live captures (real answers as once captured) and ${d.census.constructed} constructed (the documented shape, values made up or adapted).`,
    '  Each answer says which in its provenance (`recording` in _meta and in X-Data-Provenance).',
    `Landing page:  ${d.publicBaseUrl}/mcp`,
    `MCP server:    ${d.publicBaseUrl}/mcp/${d.firstSlug}`,
    d.printedKey ? `API key (pro): ${d.printedKey}` : 'API keys: those of API_KEYS',
    '',
  ];
  if (d.example) {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: d.example });
    lines.push(
      'Try:',
      `  curl -s ${d.publicBaseUrl}/mcp/${d.firstSlug} -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \\`,
      `    -H 'Authorization: Bearer ${d.printedKey ?? '<key>'}' -d '${body}'`,
      '',
    );
  }
  return lines;
}
