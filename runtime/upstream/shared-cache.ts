// A response cache shared by replicas (Redis, in a later issue). The local LRU stays in front
// of it; this interface is all the upstream layer knows of the shared store.
export interface SharedCache {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
}
