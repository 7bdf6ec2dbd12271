/**
 * Failed sign-ins counted per client IP and per operator name in a sliding window. Once either count reaches its
 * limit, every attempt for that IP or name — right password or not — is refused with 429 until the window passes,
 * so guessing cannot continue. An attempt counts as failed from the moment it is let through, before the (slow)
 * password check, so guesses sent all at once see each other; a success takes its own attempt back.
 *
 * MemoryLoginRateLimit counts in memory (each BFF instance on its own: the embedded default); PgLoginRateLimit counts
 * in PostgreSQL, one limit across every instance.
 */
export interface LoginRateLimitOptions {
  windowMs: number;
  maxFailuresPerName: number;
  maxFailuresPerIp: number;
  now?: () => number;
}

/** An attempt let through (`wait` 0) or refused (`wait` seconds until one is allowed). */
export interface SignInAttempt {
  wait: number;
  /** The password was right: takes this attempt back (see `begin`). */
  succeeded: () => Promise<void>;
}

export interface LoginRateLimit {
  /**
   * Lets an attempt through and counts it as failed until `succeeded` says otherwise, or refuses it. A correct
   * password clears the name's count and takes this attempt off the IP's (the IP keeps its other failures: one
   * success must not launder guesses).
   */
  begin(ip: string, name: string): Promise<SignInAttempt>;
}

/** The two counts an attempt is checked against and added to. */
export function attemptKeys(ip: string, name: string, options: LoginRateLimitOptions): [string, number][] {
  return [
    [`ip:${ip}`, options.maxFailuresPerIp],
    [`name:${name.toLowerCase()}`, options.maxFailuresPerName],
  ];
}

/** Seconds until the oldest failure that still counts leaves the window, when `times` (oldest first) is at `max`. */
export function secondsUntilAllowed(times: number[], max: number, windowMs: number, now: number): number {
  if (times.length < max) return 0;
  return Math.ceil((times[times.length - max] + windowMs - now) / 1000);
}

export class MemoryLoginRateLimit implements LoginRateLimit {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly options: LoginRateLimitOptions) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.options.windowMs;
    const times = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (times.length) this.failures.set(key, times);
    else this.failures.delete(key);
    return times;
  }

  /** Seconds until an attempt is allowed again, or 0 when it is allowed now. */
  private retryAfterSeconds(ip: string, name: string): number {
    let wait = 0;
    for (const [key, max] of attemptKeys(ip, name, this.options)) {
      wait = Math.max(wait, secondsUntilAllowed(this.recent(key), max, this.options.windowMs, this.now()));
    }
    return wait;
  }

  begin(ip: string, name: string): Promise<SignInAttempt> {
    const wait = this.retryAfterSeconds(ip, name);
    if (wait > 0) return Promise.resolve({ wait, succeeded: async () => {} });
    const at = this.now();
    for (const [key] of attemptKeys(ip, name, this.options)) this.failures.set(key, [...this.recent(key), at]);
    if (this.failures.size > 10_000) this.prune();
    return Promise.resolve({
      wait: 0,
      succeeded: async () => {
        this.failures.delete(`name:${name.toLowerCase()}`);
        const times = this.failures.get(`ip:${ip}`) ?? [];
        const mine = times.indexOf(at);
        if (mine >= 0) times.splice(mine, 1);
      },
    });
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}
