// Concurrency slots shared by replicas in Redis, as leases: one sorted set per key whose members
// are the holders (replica id and a counter) scored by the time their lease ends. A holder renews
// its leases while it runs; a replica that dies stops renewing, so its slots free themselves when
// their leases end, at most one lease after its last renewal. Taking a slot is one Lua script
// (drop ended leases, count, add), and a refused attempt writes nothing: retrying clients cannot
// keep a dead holder's slots alive, as they did when a slot was a counter whose expiry every
// attempt renewed.
import { randomUUID } from 'node:crypto';
import type { RedisLink } from '../redis.js';

/** KEYS[1]: the slot set. ARGV: now, lease end, max, member, key lifetime (ms). 1 when taken. */
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

/** KEYS[1]: the slot set. ARGV: lease end, key lifetime (ms), members. Only leases still held are renewed. */
const RENEW = `
for i = 3, #ARGV do redis.call('ZADD', KEYS[1], 'XX', ARGV[1], ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 0`;

export interface SlotLeaseOptions {
  /** How long a slot outlives its holder's last renewal. */
  leaseMs: number;
  /** This replica's clock (tests move it by hand). Replicas' clocks may differ by well under a lease. */
  now?: () => number;
}

export class RedisSlotLeases {
  readonly leaseMs: number;
  /** Renewals come three times a lease, so a live holder survives two missed ones. */
  readonly renewEveryMs: number;
  private readonly now: () => number;
  private readonly replica = randomUUID();
  private serial = 0;
  /** Leases this replica holds: slot set → members. */
  private readonly held = new Map<string, Set<string>>();
  private renewer?: NodeJS.Timeout;

  constructor(
    private readonly redis: RedisLink,
    options: SlotLeaseOptions,
  ) {
    this.leaseMs = options.leaseMs;
    this.renewEveryMs = Math.max(1, Math.floor(options.leaseMs / 3));
    this.now = options.now ?? Date.now;
  }

  /** Takes one of `max` slots of `key`: its release, or null when all are held. Throws when Redis fails. */
  async acquire(key: string, max: number): Promise<(() => void) | null> {
    // Not `slot:`: earlier versions kept a counter there, of another type, and may still run beside this one.
    const set = `slots:${key}`;
    const member = `${this.replica}:${++this.serial}`;
    const now = this.now();
    const taken = await this.redis.client.eval(ACQUIRE, 1, set, now, now + this.leaseMs, max, member, this.keyLifetimeMs());
    if (taken !== 1) return null;
    this.hold(set, member);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.drop(set, member);
      // If Redis is away now, the lease ends on its own.
      this.redis.client.zrem(set, member).catch(() => {});
    };
  }

  /** Extends every lease this replica holds by a lease from now. */
  async renew(): Promise<void> {
    if (!this.redis.ready()) return;
    const end = this.now() + this.leaseMs;
    await Promise.all(
      [...this.held].map(([set, members]) => this.redis.client.eval(RENEW, 1, set, end, this.keyLifetimeMs(), ...members).catch(() => {})),
    );
  }

  /** How many leases this replica holds (tests, diagnostics). */
  holding(): number {
    let n = 0;
    for (const members of this.held.values()) n += members.size;
    return n;
  }

  /** The set itself goes when no holder renews it, with some margin for clocks that differ. */
  private keyLifetimeMs(): number {
    return this.leaseMs * 2;
  }

  private hold(set: string, member: string): void {
    let members = this.held.get(set);
    if (!members) this.held.set(set, (members = new Set()));
    members.add(member);
    if (!this.renewer) {
      this.renewer = setInterval(() => void this.renew(), this.renewEveryMs);
      this.renewer.unref();
    }
  }

  private drop(set: string, member: string): void {
    const members = this.held.get(set);
    members?.delete(member);
    if (members?.size === 0) this.held.delete(set);
    if (this.held.size === 0 && this.renewer) {
      clearInterval(this.renewer);
      this.renewer = undefined;
    }
  }
}
