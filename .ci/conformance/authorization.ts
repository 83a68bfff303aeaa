// The suite's authorization-server scenarios (0.2.0-alpha, `conformance authorization`) against
// this service's own authorization server: its metadata (RFC 8414) and the authorization code
// grant with PKCE and a resource indicator for one server URL. The suite prints an authorization
// URL for a person to open; here the consent page is submitted over HTTP with a key made for the
// run (tests/helpers/oauth-browser.ts), and the browser's last redirect is delivered to the
// suite's callback server.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../../runtime/config.js';
import { startServer } from '../../runtime/server.js';
import { RECORDED_AT } from '../../runtime/upstream/recordings.js';
import { Browser, consent } from '../../tests/helpers/oauth-browser.js';
import { freePort } from '../../tests/helpers/free-port.js';

/** The messages of failed checks in the suite's result folders, for the log. */
function failedChecks(outDir: string): string {
  const lines: string[] = [];
  for (const folder of existsSync(outDir) ? readdirSync(outDir) : []) {
    const file = join(outDir, folder, 'checks.json');
    if (!existsSync(file)) continue;
    for (const check of JSON.parse(readFileSync(file, 'utf8')) as { id: string; status: string; errorMessage?: string }[]) {
      if (check.status === 'FAILURE') lines.push(`${folder}: ${check.id}: ${check.errorMessage ?? ''}`);
    }
  }
  return lines.length ? `\nfailed checks:\n${lines.join('\n')}\n` : '';
}

export interface AuthorizationOutcome {
  ok: boolean;
  /** One line per scenario the suite ran. */
  lines: string[];
  scenarios: number;
  failed: number;
  output: string;
}

export async function runAuthorizationScenarios(node: string, suite: string, slug: string): Promise<AuthorizationOutcome> {
  const key = randomBytes(24).toString('base64url');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const running = await startServer(
    loadConfig({ ...process.env, HOST: '127.0.0.1', PORT: String(port), PUBLIC_BASE_URL: base, UPSTREAM_MODE: 'replay', FIXED_NOW: RECORDED_AT, API_KEYS: `${key}:pro`, API_KEYS_FILE: '/nonexistent/conformance-keys.json', DATABASE_URL: '', DATABASE_PATH: ':memory:' }),
    { logger: pino({ level: 'silent' }) },
  );
  let output = '';
  try {
    const callbackPort = await freePort();
    const outDir = mkdtempSync(join(tmpdir(), 'conformance-authorization-'));
    const registered = await fetch(`${base}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'MCP conformance suite', redirect_uris: [`http://127.0.0.1:${callbackPort}/callback`], token_endpoint_auth_method: 'none' }),
    });
    const clientId = ((await registered.json()) as { client_id: string }).client_id;
    const args = [suite, 'authorization', '--url', base, '--client-id', clientId, '--resource', `${base}/mcp/${slug}`, '-p', String(callbackPort), '-o', outDir];
    let browsing: Promise<void> | undefined;
    const code = await new Promise<number>((resolve) => {
      const child = spawn(node, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (d: Buffer) => {
        output += d;
        const url = new RegExp(`^${base.replace(/[.]/g, '\\.')}/oauth/authorize\\?\\S+$`, 'm').exec(output)?.[0];
        if (url && !browsing) browsing = approve(url);
      });
      child.stderr.on('data', (d: Buffer) => (output += d));
      child.on('close', (status) => resolve(status ?? 1));
    });
    await browsing;
    // The suite's summary: one line per scenario, ✓ when every check of it passed.
    const verdicts = [...output.matchAll(/^([✓✗]) (\S+): \d+ passed, (\d+) failed$/gmu)].map((m) => ({ scenario: m[2], ok: m[1] === '✓' && m[3] === '0' }));
    output += failedChecks(outDir);
    rmSync(outDir, { recursive: true, force: true });
    const failed = verdicts.filter((v) => !v.ok).length;
    // Both scenarios must have run: a suite that ran fewer has changed and must be looked at.
    const ok = code === 0 && failed === 0 && verdicts.length >= 2;
    return {
      ok,
      scenarios: verdicts.length,
      failed: ok ? 0 : Math.max(1, failed),
      lines: verdicts.map((v) => `${v.ok ? 'PASS' : 'FAIL'}  ${'0.2.0-alpha authorization'.padEnd(32)} ${slug.padEnd(24)} ${v.scenario}`),
      output,
    };
  } finally {
    await running.close();
  }

  /** The person's part: the consent page with the run's key, then the redirect to the suite's callback. */
  async function approve(url: string): Promise<void> {
    const answer = await consent(new URL(url), base, { action: 'approve', key });
    if (answer.redirect) await new Browser().request(answer.redirect.href);
    else output += `\nconsent page did not redirect (${answer.status}): ${answer.page.slice(0, 300)}\n`;
  }
}
