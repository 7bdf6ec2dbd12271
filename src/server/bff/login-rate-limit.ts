/**
 * Failed sign-ins counted per client IP and per operator name in a sliding window. Once either count reaches its
 * limit, every attempt for that IP or name — right password or not — is refused with 429 until the window passes,
 * so guessing cannot continue. In memory: each BFF instance counts on its own.
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

  recordFailure(ip: string, name: string): void {
    const now = this.now();
    for (const key of [`ip:${ip}`, `name:${name.toLowerCase()}`]) {
      this.failures.set(key, [...this.recent(key), now]);
    }
    if (this.failures.size > 10_000) this.prune();
  }

  /** A correct password clears the name's count (not the IP's: one success must not launder guesses). */
  recordSuccess(name: string): void {
    this.failures.delete(`name:${name.toLowerCase()}`);
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}
