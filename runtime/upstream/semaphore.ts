// An upstream's concurrency cap, shared fairly between callers (API keys, or client addresses).
// While a slot is free anyone takes it. When all are taken, callers queue, each in a queue of its
// own, and every freed slot goes to the waiting caller that holds the fewest slots (among equals,
// the one served longest ago). So a caller with a backlog of slow requests cannot keep another out:
// the other is next at the first release, and slots drift toward an equal share (ceil(limit /
// callers)) as they are freed; a caller at or above its share is served only when no one below it waits.

interface CallerState {
  held: number;
  queue: Array<() => void>;
  /** Grant sequence number of the caller's last slot: the round-robin order among equals. */
  servedAt: number;
}

export class FairSemaphore {
  private active = 0;
  private grants = 0;
  private readonly callers = new Map<string, CallerState>();

  constructor(readonly limit: number) {}

  /**
   * Waits for a slot for `caller` and resolves to its release function (idempotent). An abort
   * while waiting leaves the queue and rejects with the signal's reason.
   */
  acquire(caller: string, signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    const state = this.state(caller);
    if (this.active < this.limit) {
      this.grant(state);
      return Promise.resolve(this.releaser(caller, state));
    }
    return new Promise((resolve, reject) => {
      const admit = () => {
        signal?.removeEventListener('abort', abandon);
        resolve(this.releaser(caller, state));
      };
      const abandon = () => {
        const at = state.queue.indexOf(admit);
        if (at >= 0) state.queue.splice(at, 1);
        this.forget(caller, state);
        reject(signal!.reason);
      };
      state.queue.push(admit);
      signal?.addEventListener('abort', abandon, { once: true });
    });
  }

  /** Slots held and requests waiting, per caller (health, tests). */
  snapshot(): { active: number; waiting: number; callers: Record<string, { held: number; waiting: number }> } {
    const callers: Record<string, { held: number; waiting: number }> = {};
    let waiting = 0;
    for (const [id, s] of this.callers) {
      callers[id] = { held: s.held, waiting: s.queue.length };
      waiting += s.queue.length;
    }
    return { active: this.active, waiting, callers };
  }

  private state(caller: string): CallerState {
    let state = this.callers.get(caller);
    if (!state) {
      state = { held: 0, queue: [], servedAt: 0 };
      this.callers.set(caller, state);
    }
    return state;
  }

  private grant(state: CallerState): void {
    this.active += 1;
    state.held += 1;
    state.servedAt = ++this.grants;
  }

  private forget(caller: string, state: CallerState): void {
    if (state.held === 0 && state.queue.length === 0) this.callers.delete(caller);
  }

  private releaser(caller: string, state: CallerState): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      state.held -= 1;
      this.active -= 1;
      this.forget(caller, state);
      this.admitNext();
    };
  }

  /** Hands a free slot to the waiting caller holding the fewest, the longest unserved among equals. */
  private admitNext(): void {
    let next: CallerState | undefined;
    for (const s of this.callers.values()) {
      if (s.queue.length === 0) continue;
      if (!next || s.held < next.held || (s.held === next.held && s.servedAt < next.servedAt)) next = s;
    }
    if (!next || this.active >= this.limit) return;
    this.grant(next);
    next.queue.shift()!();
  }
}
