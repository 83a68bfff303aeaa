// The oidc-provider adapter over an OAuthArtifactStore. Every id the provider hands over (token
// values, codes, session ids, grant ids, client ids) is hashed before it reaches the store, and
// the raw id is taken out of the payload (`jti`, and `uid` for interactions and sessions), so
// nothing stored can be presented as a token; find() puts the id it was asked for back. A payload
// still names its grant (the provider looks the grant up by it; no endpoint accepts a grant id).
// A registered client expires after UNUSED_CLIENT_TTL_MS until a grant is made for it, and is
// then kept; a refresh token's lookup goes through the grace window (refresh-grace.ts).
import { createHash } from 'node:crypto';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { OAuthArtifactStore, StoredArtifact } from './artifacts.js';
import type { RefreshGrace } from './refresh-grace.js';

/** How long a registered client lives when no authorization completes for it (registration-policy.ts says why). */
export const UNUSED_CLIENT_TTL_MS = 24 * 60 * 60 * 1000;

export const hashId = (id: string): string => createHash('sha256').update(id).digest('hex');

export function artifactAdapter(store: OAuthArtifactStore, now: () => number = Date.now, grace?: RefreshGrace): new (name: string) => Adapter {
  /** A grant was made for the client (a person approved it): it is no longer an unused registration. */
  async function keepClient(clientId: string): Promise<void> {
    const client = await store.find('Client', hashId(clientId));
    if (client?.expiresAt !== undefined) await store.upsert({ ...client, expiresAt: undefined });
  }

  return class ArtifactAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const { jti: _jti, uid, userCode, ...rest } = payload;
      const artifact: StoredArtifact = {
        kind: this.kind,
        idHash: hashId(id),
        payload: rest as Record<string, unknown>,
        ...(payload.grantId && { grantIdHash: hashId(payload.grantId) }),
        ...(uid && { uidHash: hashId(uid) }),
        ...(userCode && { userCodeHash: hashId(userCode) }),
        ...(expiresIn !== undefined && { expiresAt: now() + expiresIn * 1000 }),
        // The library gives clients no lifetime: one nobody authorizes is swept a day later.
        ...(expiresIn === undefined && this.kind === 'Client' && { expiresAt: now() + UNUSED_CLIENT_TTL_MS }),
      };
      // An interaction's uid is also its id; a session's uid is looked up by hash and kept for
      // the provider (it is the session's public handle, not the cookie).
      if (uid && this.kind === 'Session') artifact.payload.uid = uid;
      // An interaction notes its session's id (the session cookie); the provider never reads it back.
      if (payload.session?.cookie) artifact.payload.session = { ...payload.session, cookie: hashId(payload.session.cookie) };
      await store.upsert(artifact);
      if (this.kind === 'Grant' && typeof payload.clientId === 'string') await keepClient(payload.clientId);
    }

    private restore(id: string, artifact: StoredArtifact | undefined): AdapterPayload | undefined {
      if (!artifact) return undefined;
      const payload = artifact.payload as AdapterPayload;
      if (this.kind === 'Client') return payload;
      return { ...payload, jti: id, ...(this.kind === 'Interaction' && { uid: id }) };
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const load = () => store.find(this.kind, hashId(id));
      return this.restore(id, await (this.kind === 'RefreshToken' && grace ? grace.findRefreshToken(id, load) : load()));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const artifact = await store.findByUid(this.kind, hashId(uid));
      // A session's id (its cookie) is not stored: what is found by uid has only its hash.
      return artifact ? ({ ...(artifact.payload as AdapterPayload), uid }) : undefined;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const artifact = await store.findByUserCode(this.kind, hashId(userCode));
      return artifact ? ({ ...(artifact.payload as AdapterPayload), userCode }) : undefined;
    }

    async consume(id: string): Promise<void> {
      await store.consume(this.kind, hashId(id), Math.floor(now() / 1000));
    }

    async destroy(id: string): Promise<void> {
      await store.destroy(this.kind, hashId(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await store.revokeByGrantId(hashId(grantId));
    }
  };
}
