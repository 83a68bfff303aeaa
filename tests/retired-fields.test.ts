// A retired tool's answer may carry further public fields the spec names (ToolDefinition.retired.fields):
// they reach the MCP error body and the REST Problem as they stand, beside code, message and alternative.
import { describe, expect, it } from 'vitest';
import { defineServer, defineTool } from '../runtime/define.js';
import { REGISTER } from '../servers/_shared/icons/index.js';
import { KEYS, callTool, callToolError, createTestApp } from './helpers/app.js';

const retired = defineTool({
  name: 'old.rate',
  title: 'Old rate (retired)',
  description: 'Retired: answered an old rate. It answers HTTP 410 with the fields of its spec and no data; use the new route instead.',
  status: 'deprecated',
  retired: { code: 'api_sunset', message: 'old.rate is retired.', alternative: '/api/connectors/fixture/new-rate', fields: { _status: 410, error: 'endpoint_removed' } },
  input: {},
  coverage: { geography: ['NO'], dataTypes: ['rate'], updateFrequency: 'daily' },
  cacheTtlSeconds: 60,
  route: '/old-rate',
});

const plain = defineTool({ ...retired, name: 'older.rate', route: '/older-rate', retired: { code: 'api_sunset', message: 'older.rate is retired.' } });

const server = defineServer({
  slug: 'fixture',
  prefix: 'fixture',
  name: 'Fixture',
  owner: 'Tests',
  description: 'A server with retired tools, for the retired answer fields.',
  license: 'none',
  tier: 'free',
  upstreams: [],
  countries: ['NO'],
  docs: [],
  icon: REGISTER,
  tools: [retired, plain],
});

describe('retired answer fields', () => {
  const t = createTestApp({ servers: [server] });

  it('carries the fields at the top level of the MCP error body, beside the code, status and alternative (as the Problem)', async () => {
    const r = await callTool(t, 'fixture', 'fixture.old.rate', {});
    expect(r.isError).toBe(true);
    expect(r.data).toMatchObject({ status: 410, code: 'api_sunset', message: 'old.rate is retired.', alternative: '/api/connectors/fixture/new-rate', _status: 410, error: 'endpoint_removed' });
    expect(typeof r.data.requestId).toBe('string');
  });

  it('carries the fields in the Problem of the connector route', async () => {
    const res = await t.fetch('/api/connectors/fixture/old-rate', { headers: { authorization: `Bearer ${KEYS.pro}` } });
    expect(res.status).toBe(410);
    expect(await res.json()).toMatchObject({ status: 410, code: 'api_sunset', _status: 410, error: 'endpoint_removed', alternative: '/api/connectors/fixture/new-rate' });
  });

  it('adds nothing when a retired tool declares no fields', async () => {
    const e = (await callToolError(t, 'fixture', 'fixture.older.rate', {})) as unknown as Record<string, unknown>;
    expect(e.code).toBe('api_sunset');
    expect(Object.keys(e).sort()).toEqual(['code', 'detailCode', 'message', 'requestId', 'status']);
  });
});
