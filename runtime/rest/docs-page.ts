// The interactive reference at /api/docs: Swagger UI from the installed swagger-ui-dist package,
// served by this service together with its initialiser, so the page works offline and runs the
// version the lock file pins. The page has no inline script (a strict CSP can be set on it) and
// nothing in it names another host: the validator badge (which would send the description to
// validator.swagger.io) is off, and the stylesheet uses the system's fonts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Context } from 'hono';
import { ToolError } from '../errors.js';
import { problemResponse } from '../http/problem.js';
import type { AppEnv } from '../http/request.js';
import type { Services } from '../services.js';
import { CSS, JAVASCRIPT, assetHandler, fileAsset, textAsset, type Asset } from './docs-assets.js';
import type { RestApp } from './index.js';

export const SWAGGER_UI_PACKAGE = 'swagger-ui-dist';
export const PAGE_TITLE = 'Nordic open data host: REST API reference';

export interface InstalledPackage {
  dir: string;
  version: string;
}

/** The installed package's folder and version; none when it is not installed. */
export function locateSwaggerUi(): InstalledPackage | undefined {
  try {
    const manifest = createRequire(import.meta.url).resolve(`${SWAGGER_UI_PACKAGE}/package.json`);
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: unknown };
    // The version becomes part of a URL: anything but a plain version string is refused.
    if (typeof version !== 'string' || !/^[0-9A-Za-z.+-]+$/.test(version)) return undefined;
    return { dir: dirname(manifest), version };
  } catch {
    return undefined;
  }
}

// BaseLayout, not the standalone preset's layout: its top bar would let a visitor load any URL.
// queryConfigEnabled stays off (Swagger UI's default), so ?url=... cannot either.
const INITIALISER = `// Starts Swagger UI on /api/docs.
window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

export interface ReferencePage {
  stylesheet: Asset;
  scripts: Asset[];
  installed: boolean;
}

/** The page's assets, from the installed package. */
export function referencePage(found: InstalledPackage | undefined): ReferencePage {
  const base = `/docs/assets/swagger-ui-${found?.version ?? 'missing'}`;
  const packageFile = (name: string, type: string) => fileAsset(`${base}/${name}`, type, found && join(found.dir, name));
  return {
    stylesheet: packageFile('swagger-ui.css', CSS),
    scripts: [packageFile('swagger-ui-bundle.js', JAVASCRIPT), textAsset('/docs/assets/reference-init', 'js', JAVASCRIPT, INITIALISER)],
    installed: found !== undefined,
  };
}

/** The page of the package installed beside this program (found once). */
export const REFERENCE_PAGE = referencePage(locateSwaggerUi());

/** Every asset of the page: the fixed allow-list of files served under /api/docs/assets/. */
export const assetsOf = (page: ReferencePage): Asset[] => [page.stylesheet, ...page.scripts];

export function renderPage(page: ReferencePage): string {
  const scripts = page.scripts.map((s) => `  <script src="/api${s.path}"></script>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${PAGE_TITLE}</title>
  <link rel="stylesheet" href="/api${page.stylesheet.path}">
</head>
<body>
  <div id="swagger-ui"></div>
${scripts}
</body>
</html>
`;
}

const logged = (c: Context<AppEnv>, next: () => Promise<void>) => {
  c.get('log').route = 'docs';
  return next();
};

/** GET /docs and its assets (the app mounts it at /api); a 503 Problem when the package is missing. */
export function registerReferencePage(app: RestApp, services: Services, page = REFERENCE_PAGE): void {
  let warned = false;
  const notInstalled = (c: Context<AppEnv>) => {
    if (!warned) services.logger.warn(`${SWAGGER_UI_PACKAGE} is not installed: /api/docs cannot be served; run npm ci`);
    warned = true;
    const message = `The reference page (${SWAGGER_UI_PACKAGE}) is not installed on this host; /api/openapi.json has the description.`;
    return problemResponse(new ToolError('not_ready', message), services.config.publicBaseUrl, c.get('reqId'));
  };
  const html = renderPage(page);
  app.get('/docs', logged, (c) =>
    page.installed ? c.body(html, 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }) : notInstalled(c),
  );
  for (const asset of assetsOf(page)) app.get(asset.path, logged, assetHandler(asset, notInstalled));
}
