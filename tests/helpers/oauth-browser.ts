// A browser's part of an OAuth flow, without a browser: follows the service's redirects by hand,
// keeps its cookies, and submits the consent page's form. Free of vitest, so that the conformance
// runner (.ci/conformance/authorization.ts) drives the consent page with it too.

/** A browser's part: follows redirects by hand within the service, keeping its cookies. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  private keep(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
  }

  private get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: this.cookieHeader } });
    this.keep(res);
    return res;
  }

  /** GETs `url` and follows redirects while they stay on `origin`; returns the last answer and where it pointed. */
  async follow(url: string, origin: string, init: RequestInit = {}): Promise<{ res: Response; location?: string; url: string }> {
    let res = await this.request(url, init);
    let at = url;
    for (let hops = 0; hops < 10; hops++) {
      const location = res.headers.get('location');
      if (!location) return { res, url: at };
      const next = new URL(location, at).href;
      if (!next.startsWith(origin)) return { res, location: next, url: at };
      at = next;
      res = await this.request(next);
    }
    throw new Error('too many redirects');
  }
}

/**
 * Opens the authorization URL as a person would, submits the consent form with `fields`
 * (action approve and a key, by default), and returns where the service sent the browser at the end.
 */
export async function consent(authorizationUrl: URL, origin: string, fields: Record<string, string>): Promise<{ page: string; status: number; redirect?: URL }> {
  const browser = new Browser();
  const shown = await browser.follow(authorizationUrl.href, origin);
  const page = await shown.res.text();
  if (shown.res.status !== 200) return { page, status: shown.res.status, redirect: shown.location ? new URL(shown.location) : undefined };
  const action = /<form method="post" action="([^"]+)">\s*<label/.exec(page)?.[1];
  if (!action) throw new Error(`no consent form in: ${page.slice(0, 500)}`);
  const posted = await browser.follow(new URL(action.replace(/&amp;/g, '&'), origin).href, origin, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams(fields).toString(),
  });
  return { page: await posted.res.text(), status: posted.res.status, redirect: posted.location ? new URL(posted.location) : undefined };
}
