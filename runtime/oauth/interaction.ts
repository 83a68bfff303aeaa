// GET and POST /oauth/interaction/<uid>: where the provider sends a person to log in and consent.
// The person proves who they are with one of their API keys (checked against the KeyStore, and an
// unknown key counts as a failed authentication of the client address, as on /mcp and /api); the
// grant is then the key's, for the MCP server URLs and scopes the client asked for. With
// OAUTH_ALLOW_DEV_KEY_SIGNUP the page can also create a Dev key and show it once.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hono, type Context } from 'hono';
import { UNAVAILABLE } from '../auth/key-store.js';
import type { KeyRecord } from '../auth/keys.js';
import { readBodyText } from '../http/body.js';
import { clientAddress, type AppEnv } from '../http/request.js';
import { refusalMessage } from '../ratelimit/limiter.js';
import type { Services } from '../services.js';
import { consentHeaders, renderConsent, renderMessage, type ConsentView } from './consent-page.js';
import { INTERACTION_PREFIX } from './provider.js';
import { MCP_SCOPE } from './resource.js';

const STORE_DOWN = 'Keys cannot be checked at the moment (the key store is not reachable). Try again in a minute.';

/** A consent form is a key and a button: anything longer is not one. */
const MAX_FORM_BYTES = 4096;

type Interaction = Awaited<ReturnType<Awaited<ReturnType<Services['oauth']['provider']>>['interactionDetails']>>;

function nodeOf(c: Context<AppEnv>): { req: IncomingMessage; res: ServerResponse } | undefined {
  const env = c.env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;
  return env?.incoming && env.outgoing ? { req: env.incoming, res: env.outgoing } : undefined;
}

const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? value.split(' ') : []);

export function interactionRoutes(services: Services): Hono<AppEnv> {
  const { oauth, keys, limiter } = services;
  const { allowDevKeySignup } = services.config.oauth;
  const app = new Hono<AppEnv>();

  const expired = (c: Context<AppEnv>) =>
    c.html(
      renderMessage('This authorization has expired', 'The sign-in page was open too long, or was opened in another browser. Go back to your MCP client and connect again.'),
      400,
      consentHeaders(''),
    );

  async function load(c: Context<AppEnv>): Promise<Interaction | undefined> {
    const node = nodeOf(c);
    if (!node) return undefined;
    try {
      const details = await (await oauth.provider()).interactionDetails(node.req, node.res);
      return details.uid === c.req.param('uid') ? details : undefined;
    } catch {
      return undefined;
    }
  }

  async function view(details: Interaction, extra: Partial<ConsentView>): Promise<ConsentView> {
    const provider = await oauth.provider();
    const clientId = String(details.params.client_id ?? '');
    const client = await provider.Client.find(clientId).catch(() => undefined);
    return {
      uid: details.uid,
      clientName: client?.clientName ?? clientId,
      clientId,
      redirectUri: String(details.params.redirect_uri ?? ''),
      resources: list(details.params.resource),
      scopes: list(details.params.scope),
      allowSignup: allowDevKeySignup,
      ...extra,
    };
  }

  const show = async (c: Context<AppEnv>, details: Interaction, extra: Partial<ConsentView> = {}, status: 200 | 400 | 403 | 429 | 503 = 200) =>
    c.html(renderConsent(await view(details, extra)), status, consentHeaders(String(details.params.redirect_uri ?? '')));

  /** The provider's next step (back to its authorization endpoint), as a 303 the browser follows. */
  async function finish(c: Context<AppEnv>, result: Record<string, unknown>): Promise<Response> {
    const node = nodeOf(c)!;
    const returnTo = await (await oauth.provider()).interactionResult(node.req, node.res, result, { mergeWithLastSubmission: false });
    return c.body(null, 303, { location: returnTo, 'cache-control': 'no-store' });
  }

  /** Login and consent at once: a grant of the key's account for what the client asked, within the key's scopes. */
  async function approve(c: Context<AppEnv>, details: Interaction, record: KeyRecord): Promise<Response> {
    const provider = await oauth.provider();
    const clientId = String(details.params.client_id);
    const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
    const grant = existing && existing.accountId === record.id ? existing : new provider.Grant({ accountId: record.id, clientId });
    // mcp:tools is both a scope the provider knows (so that registration accepts it) and the scope
    // of every MCP server's resource: granted as both, when the key has it.
    const asked = list(details.params.scope).filter((s) => s !== MCP_SCOPE || record.scopes.includes(s));
    const known = asked.filter((s) => s === 'openid' || s === 'offline_access' || s === MCP_SCOPE);
    if (known.length) grant.addOIDCScope(known.join(' '));
    const granted = asked.filter((s) => s === MCP_SCOPE);
    for (const resource of list(details.params.resource)) grant.addResourceScope(resource, granted.join(' '));
    const grantId = await grant.save();
    c.get('log').keyId = record.id;
    return finish(c, { login: { accountId: record.id, remember: false }, consent: { grantId } });
  }

  app.get(`${INTERACTION_PREFIX}/:uid`, async (c) => {
    c.get('log').route = 'oauth-consent';
    const details = await load(c);
    return details ? show(c, details) : expired(c);
  });

  app.post(`${INTERACTION_PREFIX}/:uid`, async (c) => {
    c.get('log').route = 'oauth-consent';
    const details = await load(c);
    if (!details) return expired(c);
    const body = await readBodyText(c, MAX_FORM_BYTES);
    if (body.tooLarge) return show(c, details, { error: `The form is larger than ${MAX_FORM_BYTES} bytes.` }, 400);
    const form = new URLSearchParams(body.text);
    const action = form.get('action');
    if (action === 'deny') return finish(c, { error: 'access_denied', error_description: 'The person declined the authorization.' });
    if (action === 'signup') {
      if (!allowDevKeySignup) return show(c, details, { error: 'Creating keys here is switched off: ask the operator of this service for a key.' }, 403);
      const issued = await keys.issue('dev', `OAuth consent page signup (${String(details.params.client_id ?? '').slice(0, 80)})`).catch(() => undefined);
      if (!issued) return show(c, details, { error: STORE_DOWN }, 503);
      return show(c, details, { newKey: issued.key });
    }
    if (action !== 'approve') return show(c, details, { error: 'Choose Allow or Deny.' }, 400);
    const key = (form.get('key') ?? '').trim();
    if (!key) return show(c, details, { error: 'Enter one of your API keys.' }, 400);
    const address = clientAddress(c, services.config.trustProxy);
    const blocked = limiter.anyAuthBlocked ? limiter.authBlocked(address) : undefined;
    if (blocked) return show(c, details, { error: `${refusalMessage(blocked)}.` }, 429);
    const record = key.length <= 512 ? await keys.lookup(key) : undefined;
    if (record === UNAVAILABLE) return show(c, details, { error: STORE_DOWN }, 503);
    if (!record) {
      const failure = await limiter.authFailure(address);
      return show(c, details, { error: failure.allowed ? 'This key is not known.' : `${refusalMessage(failure)}.` }, failure.allowed ? 403 : 429);
    }
    if (!record.scopes.includes(MCP_SCOPE)) return show(c, details, { error: `This key lacks the scope ${MCP_SCOPE}, which calling tools needs. Use another key.` }, 403);
    return approve(c, details, record);
  });

  return app;
}
