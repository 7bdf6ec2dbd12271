/**
 * What keeps the token endpoint answering under a flood of wrong credentials: every wrong attempt costs a full
 * scrypt (about 16 MiB and tens of milliseconds of a libuv thread), so without limits 500 bogus logins queued a
 * valid one for seconds.
 *
 * - Failure limits in a sliding window (`FailureLimits`): per source address; and per client id, which only holds
 *   back guesses: once a client id reaches its limit, an address that already failed against it is refused, and
 *   any other address is still checked (a correct secret gets its token, a wrong one 429). An attempt counts as
 *   failed from the moment it is let through, before the hash, so attempts sent all at once see each other; a
 *   success (or an attempt shed before hashing) takes its own count back.
 * - A bound on hashing (`HashingGate`): a few scrypts at a time, a bounded queue served round-robin by source
 *   address, and a cap on what one address may have pending. Beyond those the request is refused at once.
 * - Remembered holders (`RememberedSecrets`): a client whose secret this instance verified recently is recognised
 *   by a keyed digest of the secret and skips the limits and the queue.
 *
 * Who feels the limits. Before hashing, the endpoint cannot tell the holder of a client id from someone guessing
 * it, and client ids are not secret. Refusing a client id outright at its limit would let anyone lock the holder
 * out (ten wrong guesses, and a console whose service just restarted cannot renew its token); keying failures only
 * by address would let a distributed guesser try a client id at the full per-address rate. So an attacked client
 * id gives each address one guess per window, and the holder, on an address of its own, is always checked: what
 * bounds its wait is the hashing gate and the per-address limits. A holder this instance verified in the last day
 * skips even those.
 *
 * State is in memory, per service instance: with several instances each counts on its own (an attacker gets the
 * limits once per instance). The interfaces are small so that shared state in PostgreSQL can replace them.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { availableParallelism } from 'node:os';

export interface TokenThrottleOptions {
  windowSeconds: number;
  maxFailuresPerClientId: number;
  maxFailuresPerAddress: number;
  /** scrypt runs on the libuv thread pool (4 threads, shared with file I/O). */
  maxConcurrentHashes: number;
  /** Requests waiting for a hashing slot, all sources together; beyond it 503. */
  maxQueuedHashes: number;
  /** Requests one source address may have hashing or waiting; beyond it 429. */
  maxPendingPerAddress: number;
  rememberSeconds: number;
  maxRemembered: number;
  /** Entries kept per limiter; the least recently failed keys go first. */
  maxTrackedKeys: number;
}

export const TOKEN_THROTTLE_DEFAULTS: TokenThrottleOptions = {
  windowSeconds: 600,
  maxFailuresPerClientId: 10,
  maxFailuresPerAddress: 30,
  maxConcurrentHashes: Math.max(1, Math.min(4, availableParallelism())),
  maxQueuedHashes: 32,
  maxPendingPerAddress: 4,
  rememberSeconds: 24 * 3600,
  maxRemembered: 10_000,
  maxTrackedKeys: 100_000,
};

export type LimitedBy = 'clientId' | 'address';

export interface Refusal {
  limitedBy: LimitedBy;
  retryAfterSeconds: number;
}

export type Admission =
  | {
      admitted: true;
      withdraw(): void;
      /** The client id is at its limit: a correct secret still gets a token, a wrong one this refusal. */
      clientIdLimit?: Refusal;
    }
  | ({ admitted: false } & Refusal);

/** Failed attempts per source address, per client id, and per client id from each address. */
export interface FailureLimits {
  /**
   * Lets an attempt through, counted as failed under every key until `withdraw` takes it back, or refuses it with
   * the limit that is reached and the seconds until its window lets an attempt through.
   */
  begin(keys: { clientId: string; address: string }): Promise<Admission>;
}

export class InMemoryFailureLimits implements FailureLimits {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly options: Pick<
      TokenThrottleOptions,
      'windowSeconds' | 'maxFailuresPerClientId' | 'maxFailuresPerAddress' | 'maxTrackedKeys'
    >,
    private readonly now: () => number = Date.now,
  ) {}

  async begin(keys: { clientId: string; address: string }): Promise<Admission> {
    // A client id is whatever the caller sent (up to the body limit): keyed by its digest, not kept as sent.
    const clientDigest = createHash('sha256').update(keys.clientId).digest('base64url');
    const addressKey = `a:${keys.address}`;
    const clientKey = `c:${clientDigest}`;
    const pairKey = `p:${clientDigest}:${keys.address}`;
    const now = this.now();
    const address = this.recent(addressKey, now);
    const client = this.recent(clientKey, now);
    const pair = this.recent(pairKey, now);

    if (address.length >= this.options.maxFailuresPerAddress) {
      return {
        admitted: false,
        limitedBy: 'address',
        retryAfterSeconds: this.wait(address, this.options.maxFailuresPerAddress, now),
      };
    }
    let clientIdLimit: Refusal | undefined;
    if (client.length >= this.options.maxFailuresPerClientId) {
      // Until the client id's window or this address's own failures against it run out, whichever comes first.
      const retryAfterSeconds = Math.min(
        this.wait(client, this.options.maxFailuresPerClientId, now),
        pair.length > 0 ? this.wait(pair, 1, now) : Infinity,
      );
      clientIdLimit = { limitedBy: 'clientId', retryAfterSeconds };
      // An address that already failed against this client id is not let guess it again; one that did not is
      // checked, so that guesses from elsewhere never lock the holder out.
      if (pair.length > 0) return { admitted: false, ...clientIdLimit };
    }
    const counted: [string, number[]][] = [
      [addressKey, address],
      [clientKey, client],
      [pairKey, pair],
    ];
    for (const [key, times] of counted) {
      this.failures.delete(key); // re-inserted last: the map's order is least recently failed first
      this.failures.set(key, [...times, now]);
    }
    this.evict(now);
    let withdrawn = false;
    return {
      admitted: true,
      clientIdLimit,
      withdraw: () => {
        if (withdrawn) return;
        withdrawn = true;
        for (const [key] of counted) {
          const times = this.failures.get(key);
          const mine = times?.indexOf(now) ?? -1;
          if (times && mine >= 0) times.splice(mine, 1);
          if (times && times.length === 0) this.failures.delete(key);
        }
      },
    };
  }

  /** Seconds until fewer than `max` of `times` (ascending) are in the window. */
  private wait(times: number[], max: number, now: number): number {
    return Math.max(1, Math.ceil((times[times.length - max] + this.options.windowSeconds * 1000 - now) / 1000));
  }

  private recent(key: string, now: number): number[] {
    const cutoff = now - this.options.windowSeconds * 1000;
    return (this.failures.get(key) ?? []).filter((t) => t > cutoff);
  }

  private evict(now: number): void {
    if (this.failures.size <= this.options.maxTrackedKeys) return;
    for (const key of [...this.failures.keys()]) if (this.recent(key, now).length === 0) this.failures.delete(key);
    for (const key of this.failures.keys()) {
      if (this.failures.size <= this.options.maxTrackedKeys) break;
      this.failures.delete(key);
    }
  }
}

export type GateEntry =
  { admitted: true; slot: Promise<() => void> } | { admitted: false; reason: 'address-busy' | 'queue-full' };

/**
 * At most `maxConcurrentHashes` hashes at a time. Waiting requests are served round-robin by source address, so a
 * flood from one address delays another address's request by at most one turn of each busy address.
 */
export class HashingGate {
  private running = 0;
  private queued = 0;
  private readonly pending = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(
    private readonly options: Pick<
      TokenThrottleOptions,
      'maxConcurrentHashes' | 'maxQueuedHashes' | 'maxPendingPerAddress'
    >,
  ) {}

  /** A slot (resolves with its release) or an immediate refusal. */
  enter(address: string): GateEntry {
    const mine = this.pending.get(address) ?? 0;
    if (mine >= this.options.maxPendingPerAddress) return { admitted: false, reason: 'address-busy' };
    const free = this.running < this.options.maxConcurrentHashes;
    if (!free && this.queued >= this.options.maxQueuedHashes) return { admitted: false, reason: 'queue-full' };
    this.pending.set(address, mine + 1);
    const release = this.releaser(address);
    if (free) {
      this.running++;
      return { admitted: true, slot: Promise.resolve(release) };
    }
    this.queued++;
    return {
      admitted: true,
      slot: new Promise((resolve) => {
        const line = this.waiting.get(address) ?? [];
        line.push(() => resolve(release));
        this.waiting.set(address, line);
      }),
    };
  }

  /** Requests hashing now and waiting, for tests and metrics. */
  get load(): { running: number; queued: number } {
    return { running: this.running, queued: this.queued };
  }

  private releaser(address: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.pending.get(address) ?? 1) - 1;
      if (left > 0) this.pending.set(address, left);
      else this.pending.delete(address);
      this.running--;
      this.next();
    };
  }

  private next(): void {
    const first = this.waiting.entries().next();
    if (first.done) return;
    const [address, line] = first.value;
    const start = line.shift()!;
    // This address goes to the back of the turn order; it leaves it when it has nobody waiting.
    this.waiting.delete(address);
    if (line.length > 0) this.waiting.set(address, line);
    this.queued--;
    this.running++;
    start();
  }
}

/**
 * Clients whose secret this instance verified recently: a keyed digest of the secret (never the secret) and the
 * stored hash it was verified against, so a rotated secret or a deleted client is not recognised any more.
 */
export class RememberedSecrets {
  private readonly key = randomBytes(32);
  private readonly entries = new Map<string, { digest: Buffer; secretHash: string; until: number }>();
  private readonly nobody = { digest: Buffer.alloc(32), secretHash: '', until: 0 };

  constructor(
    private readonly options: Pick<TokenThrottleOptions, 'rememberSeconds' | 'maxRemembered'>,
    private readonly now: () => number = Date.now,
  ) {}

  digest(clientId: string, secret: string): Buffer {
    return createHmac('sha256', this.key).update(clientId).update('\0').update(secret).digest();
  }

  /** The stored hash the secret was verified against, when it was; the same work whether or not it was. */
  recall(clientId: string, digest: Buffer): string | undefined {
    const entry = this.entries.get(clientId) ?? this.nobody;
    const same = timingSafeEqual(entry.digest, digest);
    return same && entry.until > this.now() ? entry.secretHash : undefined;
  }

  remember(clientId: string, digest: Buffer, secretHash: string): void {
    this.entries.delete(clientId);
    this.entries.set(clientId, { digest, secretHash, until: this.now() + this.options.rememberSeconds * 1000 });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.maxRemembered) break;
      this.entries.delete(oldest);
    }
  }

  forget(clientId: string): void {
    this.entries.delete(clientId);
  }
}

export interface TokenThrottle {
  failures: FailureLimits;
  gate: HashingGate;
  remembered: RememberedSecrets;
}

export function createTokenThrottle(
  overrides: Partial<TokenThrottleOptions> = {},
  now: () => number = Date.now,
): TokenThrottle {
  const options = { ...TOKEN_THROTTLE_DEFAULTS, ...overrides };
  return {
    failures: new InMemoryFailureLimits(options, now),
    gate: new HashingGate(options),
    remembered: new RememberedSecrets(options, now),
  };
}

/**
 * The source a limit applies to: the IPv4 address (also when written IPv4-mapped), or the /64 of an IPv6 address (one
 * host usually holds a whole /64, so single IPv6 addresses cost an attacker nothing).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
