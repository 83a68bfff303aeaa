// Every input field of every tool, sent as an array nested 10 000 levels deep: the answer is never
// an internal error. A field message that quoted the
// input with JSON.stringify threw on such a value, and the call answered 500 (found by
// tests/hostile-tools.test.ts at random; runtime/validation.ts `quoted`).
import { describe, expect, it } from 'vitest';
import { SERVERS } from '../servers/index.js';
import { createTestApp, KEYS } from './helpers/app.js';

/** Written out by hand: JSON.stringify itself cannot serialise a value this deep. */
const DEEP = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;

describe('a value nested 10 000 levels deep in any input field', () => {
  const t = createTestApp();
  for (const server of SERVERS) {
    it(`${server.slug}: no field answers an internal error`, async () => {
      for (const tool of server.tools) {
        if ((tool.status ?? 'active') !== 'active') continue;
        for (const field of Object.keys(tool.input ?? {})) {
          const name = `${server.prefix}.${tool.name}`;
          const res = await t.fetch(`/mcp/${server.slug}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${KEYS.pro}` },
            body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":${JSON.stringify(name)},"arguments":{${JSON.stringify(field)}:${DEEP}}}}`,
          });
          expect(res.status, `${name} ${field}`).toBe(200);
          expect(await res.text(), `${name} ${field}`).not.toMatch(/\\?"code\\?":\\?"internal\\?"/);
        }
      }
    });
  }
});
