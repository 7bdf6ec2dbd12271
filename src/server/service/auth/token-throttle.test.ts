/** The token endpoint's throttle parts on their own, with a hand-driven clock. */
import { describe, expect, it } from 'vitest';
import { addressKey, HashingGate, InMemoryFailureLimits, RememberedSecrets } from './token-throttle';

const limits = (now: () => number) =>
  new InMemoryFailureLimits(
    { windowSeconds: 60, maxFailuresPerClientId: 3, maxFailuresPerAddress: 5, maxTrackedKeys: 1000 },
    now,
  );

describe('failure limits', () => {
  it('at a client id limit, refuses only addresses that failed against it, and checks any other address', async () => {
    let now = 1_000_000;
    const failures = limits(() => now);
    for (let i = 0; i < 3; i++) {
      const attempt = await failures.begin({ clientId: 'c', address: `10.0.0.${i}` });
      expect(attempt).toMatchObject({ admitted: true, clientIdLimit: undefined });
      now += 10_000;
    }
    // A failed address waits for its own failure or the client id's oldest to leave the window, whichever is first.
    expect(await failures.begin({ clientId: 'c', address: '10.0.0.0' })).toEqual({
      admitted: false,
      limitedBy: 'clientId',
      retryAfterSeconds: 30,
    });
    // The same address, as a sender of a correct secret could be: checked, with the limit to answer a wrong one.
    expect(await failures.begin({ clientId: 'c', address: '10.0.0.9' })).toMatchObject({
      admitted: true,
      clientIdLimit: { limitedBy: 'clientId', retryAfterSeconds: 30 },
    });
    expect((await failures.begin({ clientId: 'c', address: '10.0.0.9' })).admitted).toBe(false);
    expect((await failures.begin({ clientId: 'other', address: '10.0.0.2' })).admitted).toBe(true);
    now += 60_000;
    expect(await failures.begin({ clientId: 'c', address: '10.0.0.0' })).toMatchObject({
      admitted: true,
      clientIdLimit: undefined,
    });
  });

  it('lets a client id at its limit be checked from a fresh address however often it is attacked', async () => {
    const failures = limits(() => 5_000);
    for (let i = 0; i < 20; i++) await failures.begin({ clientId: 'c', address: '10.0.0.1' });
    const holder = await failures.begin({ clientId: 'c', address: '10.0.0.2' });
    expect(holder.admitted).toBe(true);
  });

  it('refuses an address at its limit for every client id', async () => {
    const failures = limits(() => 5_000);
    for (let i = 0; i < 5; i++)
      expect((await failures.begin({ clientId: `c${i}`, address: '10.0.0.1' })).admitted).toBe(true);
    expect(await failures.begin({ clientId: 'fresh', address: '10.0.0.1' })).toMatchObject({
      admitted: false,
      limitedBy: 'address',
    });
    expect((await failures.begin({ clientId: 'fresh', address: '10.0.0.2' })).admitted).toBe(true);
  });

  it('counts an attempt from when it is let through, and takes it back once when withdrawn', async () => {
    const failures = limits(() => 5_000);
    const attempts = await Promise.all([1, 2, 3].map(() => failures.begin({ clientId: 'c', address: '10.0.0.1' })));
    expect(attempts.every((a) => a.admitted)).toBe(true);
    expect((await failures.begin({ clientId: 'c', address: '10.0.0.1' })).admitted).toBe(false);
    const first = attempts[0] as { withdraw(): void };
    first.withdraw();
    first.withdraw();
    expect((await failures.begin({ clientId: 'c', address: '10.0.0.1' })).admitted).toBe(true);
    expect((await failures.begin({ clientId: 'c', address: '10.0.0.1' })).admitted).toBe(false);
  });
});

describe('hashing gate', () => {
  it('runs a bounded number at once, caps each address, refuses beyond the queue bound', async () => {
    const gate = new HashingGate({ maxConcurrentHashes: 2, maxQueuedHashes: 2, maxPendingPerAddress: 2 });
    const a1 = gate.enter('a');
    const a2 = gate.enter('a');
    expect(gate.enter('a')).toEqual({ admitted: false, reason: 'address-busy' });
    const b1 = gate.enter('b');
    const c1 = gate.enter('c');
    expect(gate.load).toEqual({ running: 2, queued: 2 });
    expect(gate.enter('d')).toEqual({ admitted: false, reason: 'queue-full' });
    expect([a1, a2, b1, c1].every((e) => e.admitted)).toBe(true);
    const release = await (a1 as { slot: Promise<() => void> }).slot;
    release();
    release();
    expect(gate.load).toEqual({ running: 2, queued: 1 });
    expect(gate.enter('a').admitted).toBe(true);
  });

  it('serves waiting addresses in turn, not in arrival order', async () => {
    const gate = new HashingGate({ maxConcurrentHashes: 1, maxQueuedHashes: 10, maxPendingPerAddress: 10 });
    const started: string[] = [];
    const enter = (address: string) => {
      const entry = gate.enter(address);
      if (!entry.admitted) throw new Error('refused');
      return entry.slot.then((release) => {
        started.push(address);
        return release;
      });
    };
    const first = await enter('x');
    const queued = [enter('flood'), enter('flood'), enter('flood'), enter('holder')];
    first();
    (await queued[0])();
    (await queued[3])();
    (await queued[1])();
    (await queued[2])();
    expect(started).toEqual(['x', 'flood', 'holder', 'flood', 'flood']);
  });
});

describe('remembered secrets', () => {
  it('recognises a verified secret until it expires, never a different secret', () => {
    let now = 0;
    const remembered = new RememberedSecrets({ rememberSeconds: 60, maxRemembered: 2 }, () => now);
    remembered.remember('c', remembered.digest('c', 'right'), 'hash-1');
    expect(remembered.recall('c', remembered.digest('c', 'right'))).toBe('hash-1');
    expect(remembered.recall('c', remembered.digest('c', 'wrong'))).toBeUndefined();
    expect(remembered.recall('d', remembered.digest('d', 'right'))).toBeUndefined();
    now = 61_000;
    expect(remembered.recall('c', remembered.digest('c', 'right'))).toBeUndefined();
  });

  it('keeps at most maxRemembered clients, dropping the least recently verified', () => {
    const remembered = new RememberedSecrets({ rememberSeconds: 60, maxRemembered: 2 }, () => 0);
    for (const id of ['a', 'b', 'c']) remembered.remember(id, remembered.digest(id, 's'), id);
    expect(remembered.recall('a', remembered.digest('a', 's'))).toBeUndefined();
    expect(remembered.recall('c', remembered.digest('c', 's'))).toBe('c');
  });
});

describe('address key', () => {
  it('keeps IPv4 (also IPv4-mapped) and groups IPv6 by /64', () => {
    expect(addressKey('127.0.0.2')).toBe('127.0.0.2');
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:DB8:0:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
