/**
 * Failed sign-ins counted per client IP and per operator name in a sliding window. Once either count reaches its
 * limit, every attempt for that IP or name — right password or not — is refused with 429 until the window passes,
 * so guessing cannot continue. An attempt counts as failed from the moment it is let through, before the (slow)
 * password check, so guesses sent all at once see each other; a success takes its own attempt back. In memory: each
 * BFF instance counts on its own.
 */
export interface LoginRateLimitOptions {
  windowMs: number;
  maxFailuresPerName: number;
  maxFailuresPerIp: number;
  now?: () => number;
}

export class LoginRateLimit {
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
  retryAfterSeconds(ip: string, name: string): number {
    const checks: [string, number][] = [
      [`ip:${ip}`, this.options.maxFailuresPerIp],
      [`name:${name.toLowerCase()}`, this.options.maxFailuresPerName],
    ];
    let wait = 0;
    for (const [key, max] of checks) {
      const times = this.recent(key);
      if (times.length >= max) {
        const oldestThatCounts = times[times.length - max];
        wait = Math.max(wait, Math.ceil((oldestThatCounts + this.options.windowMs - this.now()) / 1000));
      }
    }
    return wait;
  }

  /**
   * Lets an attempt through and counts it as failed until `succeeded` says otherwise, or refuses it: the seconds to
   * wait (0 = let through).
   */
  begin(ip: string, name: string): { wait: number; succeeded: () => void } {
    const wait = this.retryAfterSeconds(ip, name);
    if (wait > 0) return { wait, succeeded: () => {} };
    const at = this.now();
    for (const key of [`ip:${ip}`, `name:${name.toLowerCase()}`]) this.failures.set(key, [...this.recent(key), at]);
    if (this.failures.size > 10_000) this.prune();
    return {
      wait: 0,
      // A correct password clears the name's count and takes this attempt off the IP's (the IP keeps its other
      // failures: one success must not launder guesses).
      succeeded: () => {
        this.failures.delete(`name:${name.toLowerCase()}`);
        const times = this.failures.get(`ip:${ip}`) ?? [];
        const mine = times.indexOf(at);
        if (mine >= 0) times.splice(mine, 1);
      },
    };
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}
