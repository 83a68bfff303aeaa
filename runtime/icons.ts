// Icons of servers and tools (MCP revision 2025-11-25, `icons` on Implementation and Tool): each is
// a small hand-written SVG declared by a server module, checked here once at start-up and served by
// this service under a URL that names the hash of its content, so that no client ever fetches an
// icon from another host.
// Followed: specification 2025-11-25 basic/index ("General fields: icons": https or data: URIs,
// same origin as the server, fetched without credentials, SVG may carry script) and
// schema/2025-11-25/schema.ts (`Icon`: src, mimeType, sizes, theme; `Icons` on Implementation, Tool).
import { createHash } from 'node:crypto';
import type { IconDefinition } from './define.js';

export const SVG_TYPE = 'image/svg+xml';
/** An icon is a few hundred bytes; anything near this is not the kind of file we mean to serve. */
export const MAX_SVG_BYTES = 4096;
const ICON_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** The `Icon` of the MCP schema. */
export interface Icon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}

export interface CompiledIcon {
  name: string;
  /** `/icons/<name>-<hash>.svg`: a new drawing is a new URL, so an answer can be cached for good. */
  path: string;
  svg: string;
  theme?: 'light' | 'dark';
}

/**
 * Why an SVG may not be served as an icon, or undefined when it may: it must be a bare, small
 * `<svg>` with a viewBox that runs nothing and loads nothing (a client may render it inline).
 */
export function svgProblem(svg: string): string | undefined {
  const open = /^<svg\s[^>]*>/.exec(svg)?.[0];
  if (!open || !open.includes(`xmlns="${SVG_NAMESPACE}"`)) return `must begin with <svg xmlns="${SVG_NAMESPACE}" …>`;
  if (!/\sviewBox="[-\d.\s]+"/.test(open)) return 'needs a viewBox';
  if (Buffer.byteLength(svg) > MAX_SVG_BYTES) return `is larger than ${MAX_SVG_BYTES} bytes`;
  if (/<script\b|<foreignObject\b/i.test(svg)) return 'contains a <script> or <foreignObject>';
  if (/\son[a-z]+\s*=/i.test(svg)) return 'has an event-handler attribute (on…=)';
  if (/<!|<\?/.test(svg)) return 'has a DOCTYPE, entity, CDATA or processing instruction';
  if (/href\s*=(?!\s*["']?#)/i.test(svg) || /url\((?!\s*["']?#)/i.test(svg) || /@import/i.test(svg)) return 'refers to another resource';
  if (/[a-z][a-z0-9+.-]*:\/\//i.test(svg.replace(SVG_NAMESPACE, '')) || /\b(?:javascript|data):/i.test(svg)) return 'names a URL other than the SVG namespace';
  return undefined;
}

/** Checks an icon's declaration; the caller reports the reason (RegistryError). */
export function compileIcon(def: IconDefinition): CompiledIcon | string {
  if (!ICON_NAME.test(def.name)) return `icon name "${def.name}" is not lower-case kebab-case`;
  const problem = svgProblem(def.svg);
  if (problem) return `icon ${def.name} ${problem}`;
  const hash = createHash('sha256').update(def.svg).digest('hex').slice(0, 12);
  return { name: def.name, path: `/icons/${def.name}-${hash}.svg`, svg: def.svg, ...(def.theme && { theme: def.theme }) };
}

/** The `icons` array of MCP answers and server records: one scalable SVG at an absolute URL. */
export function iconsOf(icon: CompiledIcon, baseUrl: string): Icon[] {
  return [{ src: `${baseUrl}${icon.path}`, mimeType: SVG_TYPE, sizes: ['any'], ...(icon.theme && { theme: icon.theme }) }];
}
