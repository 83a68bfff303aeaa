// A grace window for rotating refresh tokens. The library revokes the whole grant when a used
// refresh token comes back (reuse detection), so two parallel refreshes of a benign client (two
// tabs, a retry after a lost answer) logged the person out. Here, a refresh token used again
// within REFRESH_GRACE_MS of its first use, by the same client, gets the very answer of the first
// use (the same new access and refresh token); after the window a reuse revokes the grant as
// before. The first answer is kept for the window only, sealed (AES-256-GCM) under a key derived
// from the old refresh token itself, so the store never holds a usable token.
//
// How: a Koa middleware around the token endpoint opens a scope (AsyncLocalStorage); the adapter
// asks `findRefreshToken` when the library looks the presented token up. Uses of one token in this
// process take turns, so the second waits for the first's answer; on another replica, a second
// use that finds the token consumed but no answer yet waits for it a little.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { hashId } from './adapter.js';
import type { OAuthArtifactStore, StoredArtifact } from './artifacts.js';

/** How long after its first use a refresh token still gets the same answer. */
export const REFRESH_GRACE_MS = 5_000;
/** How long a use waits for an earlier use of the same token to answer (in process: its turn; across replicas: the kept answer). */
const WAIT_FOR_FIRST_MS = 2_000;
const POLL_MS = 50;
const REPLAY_KIND = 'RefreshReplay';

interface TokenRequest {
  /** The refresh token presented, once the library looked it up. */
  presented?: string;
  /** Lets the next use of the same token in this process go on. */
  release?: () => void;
  /** A use within the window: the kept answer, or (first use still running elsewhere) the token to wait for. */
  replay?: { answer?: StoredArtifact; token: StoredArtifact };
}

const keyFor = (token: string) => Buffer.from(hkdfSync('sha256', token, '', 'oauth refresh replay', 32));

function seal(answer: unknown, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(token), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function unseal(sealed: string, token: string): unknown {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(token), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'));
}

export class RefreshGrace {
  private readonly scope = new AsyncLocalStorage<TokenRequest>();
  /** The latest use of each refresh token (by hash) running in this process. */
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly store: OAuthArtifactStore,
    /** The token endpoint's path. */
    private readonly tokenPath: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Koa middleware: token requests run in a scope the adapter sees; the answer is kept or replayed after. */
  middleware = async (ctx: KoaContextWithOIDC, next: () => Promise<unknown>): Promise<void> => {
    if (ctx.method !== 'POST' || ctx.path !== this.tokenPath) {
      await next();
      return;
    }
    const request: TokenRequest = {};
    try {
      await this.scope.run(request, next);
      if (request.presented === undefined) return;
      if (request.replay) await this.replay(ctx, request.presented, request.replay);
      else await this.keep(ctx, request.presented);
    } finally {
      request.release?.();
    }
  };

  /**
   * The adapter's find of a RefreshToken. Outside a token request, or for a token used longer ago
   * than the window, it is the stored artifact (the library then revokes a reused token's grant).
   * Within the window it is undefined, and the middleware answers with the first use's answer.
   */
  async findRefreshToken(token: string, load: () => Promise<StoredArtifact | undefined>): Promise<StoredArtifact | undefined> {
    const request = this.scope.getStore();
    if (!request || request.presented !== undefined) return load();
    request.presented = token;
    await this.takeTurn(hashId(token), request);
    const found = await load();
    const consumed = found?.payload.consumed;
    if (!found || typeof consumed !== 'number') return found;
    const answer = await this.store.find(REPLAY_KIND, found.idHash);
    // Consumed a moment ago with no answer kept yet: the first use may still be running elsewhere.
    const firstStillRunning = !answer && this.now() - consumed * 1000 <= WAIT_FOR_FIRST_MS;
    if (!answer && !firstStillRunning) return found;
    request.replay = { answer, token: found };
    return undefined;
  }

  private async takeTurn(key: string, request: TokenRequest): Promise<void> {
    const before = this.running.get(key);
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    this.running.set(key, mine);
    request.release = () => {
      if (this.running.get(key) === mine) this.running.delete(key);
      done();
    };
    if (before) await Promise.race([before, delay(WAIT_FOR_FIRST_MS, undefined, { ref: false })]);
  }

  /** After a first use that rotated the token: its answer, sealed, for the window. */
  private async keep(ctx: KoaContextWithOIDC, presented: string): Promise<void> {
    const rotated = ctx.oidc?.entities?.RotatedRefreshToken as { grantId?: string; clientId?: string } | undefined;
    const answer = ctx.body as { refresh_token?: unknown } | undefined;
    if (ctx.status !== 200 || !rotated?.grantId || typeof answer?.refresh_token !== 'string') return;
    await this.store.upsert({
      kind: REPLAY_KIND,
      idHash: hashId(presented),
      grantIdHash: hashId(rotated.grantId),
      payload: { clientId: rotated.clientId, sealed: seal(answer, presented) },
      expiresAt: this.now() + REFRESH_GRACE_MS,
    });
  }

  /** A use within the window: the first use's answer, to the same client; none to be had revokes the grant as a reuse would. */
  private async replay(ctx: KoaContextWithOIDC, presented: string, replay: NonNullable<TokenRequest['replay']>): Promise<void> {
    const clientId = ctx.oidc?.client?.clientId;
    if (clientId === undefined || clientId !== replay.token.payload.clientId) return; // the library's own refusal stands
    let answer = replay.answer;
    for (let waited = 0; !answer && waited < WAIT_FOR_FIRST_MS; waited += POLL_MS) {
      await delay(POLL_MS, undefined, { ref: false });
      answer = await this.store.find(REPLAY_KIND, replay.token.idHash);
    }
    if (answer && answer.payload.clientId === clientId && typeof answer.payload.sealed === 'string') {
      ctx.status = 200;
      ctx.body = unseal(answer.payload.sealed, presented);
      return;
    }
    await Promise.all([
      this.store.destroy('RefreshToken', replay.token.idHash),
      replay.token.grantIdHash ? this.store.revokeByGrantId(replay.token.grantIdHash) : undefined,
    ]);
    ctx.status = 400;
    ctx.body = { error: 'invalid_grant', error_description: 'refresh token already used' };
  }
}
