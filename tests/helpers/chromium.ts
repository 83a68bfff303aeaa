// Debian's Chromium driven by playwright-core for the browser tests (never a browser a test tool
// downloads). `chromiumAvailable` says whether both are here; under CI the tests run regardless,
// so a missing install fails loudly (.ci/run installs Chromium).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

function hasPackage(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}

export const chromiumAvailable = existsSync(CHROMIUM) && hasPackage('playwright-core');

/** Whether a browser suite should be skipped: only outside CI, when Chromium or playwright-core is missing. */
export const skipBrowserTests = !chromiumAvailable && !process.env.CI;

/** Headless Chromium with this machine's closed network in mind (no background connections). */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-proxy-server', ...extraArgs],
  });
}
