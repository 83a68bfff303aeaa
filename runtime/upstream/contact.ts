// The operator's contact in the User-Agent sent upstream. MET Norway's terms of service ask every
// client to identify itself with a User-Agent that names the application and a contact (an e-mail
// address or a URL where its owner can be reached: https://api.met.no/doc/TermsOfService,
// "Identification"); other upstreams' documentation asks the same of crawlers. UPSTREAM_CONTACT
// carries it; PUBLIC_BASE_URL names the service itself. A loopback URL is nobody's contact.
import { isIP } from 'node:net';

/** Longest UPSTREAM_CONTACT: an address or URL, not a paragraph (the User-Agent goes with every request). */
export const MAX_CONTACT_CHARS = 200;

const EMAIL = /^[^\s@()<>;,"\\]+@[^\s@()<>;,"\\]+\.[^\s@()<>;,"\\]+$/;

/** UPSTREAM_CONTACT checked: an e-mail address or an http(s) URL, without characters a User-Agent comment cannot hold. */
export function parseUpstreamContact(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  const refuse = (why: string) => new Error(`UPSTREAM_CONTACT must be an e-mail address or an http(s) URL ${why}, got "${value.slice(0, MAX_CONTACT_CHARS)}"`);
  if (value.length > MAX_CONTACT_CHARS) throw refuse(`of at most ${MAX_CONTACT_CHARS} characters (got ${value.length})`);
  if (/[\s()\\]/.test(value) || /[^\x21-\x7e]/.test(value)) throw refuse('without spaces, parentheses or non-ASCII characters');
  if (EMAIL.test(value) && !value.includes('://')) return value;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol)) throw refuse('(such as ops@example.no or https://example.no/contact)');
  return value;
}

/** The default User-Agent: product token, version, the service's address and the operator's contact. */
export function defaultUserAgent(version: string, publicBaseUrl: string, contact: string | undefined): string {
  return `nordic-open-data-host/${version} (+${publicBaseUrl}${contact ? `; ${contact}` : ''})`;
}

function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost') || h === '0.0.0.0' || h === '::' || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

/** Whether a User-Agent names someone an upstream can reach: an e-mail address, or a URL that is not loopback. */
export function namesRealContact(userAgent: string): boolean {
  for (const token of userAgent.split(/[\s();,]+/)) {
    const word = token.replace(/^\+/, '');
    if (EMAIL.test(word) && !word.includes('://')) return true;
    if (!/^https?:\/\//i.test(word)) continue;
    try {
      if (!isLoopbackHost(new URL(word).hostname)) return true;
    } catch {
      // Not a URL after all: no contact.
    }
  }
  return false;
}
