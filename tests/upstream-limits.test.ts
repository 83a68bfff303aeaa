// Bounds beyond the specs exist only where an upstream itself refuses past them
// (servers/_shared/upstream-limits.ts, README "Upstream limits"): each refusal says the limit is the
// upstream's and names it, before any request is sent, and the README lists every such limit.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CVR_WINDOW, ENHETSREGISTERET_WINDOW, type UpstreamLimit } from '../servers/_shared/upstream-limits.js';
import { callTool, callToolError, createTestApp } from './helpers/app.js';

const CVR_ENV = { CVR_ES_USER: 'test-user', CVR_ES_PASS: 'test-pass' };

type Case = [slug: string, tool: string, past: Record<string, unknown>, upstream: string, limit: UpstreamLimit, env?: Record<string, string>];

const CASES: Case[] = [
  ['brreg', 'brreg.enheter.search', { organisasjonsform: 'ASA', page: 100, size: 100 }, 'brreg', ENHETSREGISTERET_WINDOW],
  ['brreg', 'brreg.enhet.underenheter', { orgnr: '984661185', page: 100, size: 100 }, 'brreg', ENHETSREGISTERET_WINDOW],
  ['brreg-konkurs', 'brreg_konkurs_search', { q: '1VASK', page: 500, size: 20 }, 'brreg', ENHETSREGISTERET_WINDOW],
  ['brreg-konkurs', 'brreg_konkurs_recent', { page: 100, limit: 100 }, 'brreg', ENHETSREGISTERET_WINDOW],
  ['companies', 'companies.search', { q: 'a', country: 'DK', page: 60, pageSize: 50 }, 'cvr', CVR_WINDOW, CVR_ENV],
];

describe('kept upstream limits', () => {
  it.each(CASES)('%s %s refuses a page past the limit as the upstream limit, naming the upstream, without a request', async (slug, tool, past, upstream, limit, env) => {
    const t = createTestApp({ env });
    const e = await callToolError(t, slug, tool, past);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`must be at most ${limit.window}: this is the upstream limit of ${limit.upstream}, which ${limit.refusal}`);
    expect(t.services.upstream.sent.get(upstream) ?? 0).toBe(0);
  });

  it('the last page inside the Enhetsregisteret window is accepted', async () => {
    const r = await callTool(createTestApp(), 'brreg-konkurs', 'brreg_konkurs_recent', { page: 99, limit: 100 });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
  });

  it('README lists every limit with its upstream and bound', () => {
    const readme = readFileSync('README.md', 'utf8');
    const section = readme.slice(readme.indexOf('## Upstream limits'), readme.indexOf('\n## ', readme.indexOf('## Upstream limits') + 1));
    expect(section).toContain('| Upstream | Tools and fields | Bound | Source |');
    expect(section).toMatch(/\| Enhetsregisteret .*\| `\(page\+1\)\*size <= 10000` \|/);
    expect(section).toMatch(/\| CVR search index .*\| `\(page\+1\)\*pageSize <= 3000` \|/);
    for (const [, tool] of CASES) expect(section).toContain(`\`${tool}\``);
  });
});
