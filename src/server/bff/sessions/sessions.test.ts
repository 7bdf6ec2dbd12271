/**
 * Operator sign-in, sessions, the operator CLI, the audit log and the console's page headers (issue 3, DESIGN.md §5),
 * against the echo upstream. One test per rule.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileAuditLog } from '@/server/bff/audit/audit-log';
import { bffsOnEachStore } from '@/server/bff/testing/bffs-on-each-store';
import { freshDataDir, TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';

const PASSWORD = 'correct-horse-battery';
const MINUTE = 60_000;

const bffs = bffsOnEachStore();

/** A BFF on the file store (closed and removed at the end). */
function bffFor(options: Parameters<typeof bffs.start>[1] = {}): Promise<RunningBff> {
  return bffs.start('files', options);
}

function launchPath(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

function sessionCookie(browser: TestBrowser): string {
  return browser.cookies.get('__Host-dps_session') ?? '';
}

/** A browser that presents exactly this session id. */
function browserWithSession(origin: string, id: string): TestBrowser {
  const browser = new TestBrowser(origin);
  browser.cookies.set('__Host-dps_session', id);
  return browser;
}

describe('launch link', () => {
  it('signs the local operator in as admin exactly once', async () => {
    const bff = await bffFor();
    const link = await bff.bff.issueLaunchLink();
    const first = new TestBrowser(bff.origin);
    const redeemed = await first.request(launchPath(link), { noCsrf: true });
    expect(redeemed.status).toBe(303);
    expect(redeemed.headers.location).toBe('/');
    const session = await first.request('/bff/session');
    expect(session.status).toBe(200);
    expect(session.json().operator).toEqual({ name: 'local-admin', role: 'admin', agents: null });

    const second = new TestBrowser(bff.origin);
    const again = await second.request(launchPath(link), { noCsrf: true });
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe('/sign-in?error=launch-link');
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(await second.signedIn()).toBe(false);
    // Made-up tokens fail the same way.
    expect(
      (await second.request('/bff/launch?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', { noCsrf: true })).headers
        .location,
    ).toBe('/sign-in?error=launch-link');
  });

  it('expires unused after its lifetime', async () => {
    let now = Date.now();
    const bff = await bffFor({ config: { now: () => now, launchLinkTtlMs: 10 * MINUTE } });
    const link = await bff.bff.issueLaunchLink();
    now += 10 * MINUTE + 1;
    const reply = await new TestBrowser(bff.origin).request(launchPath(link), { noCsrf: true });
    expect(reply.headers.location).toBe('/sign-in?error=launch-link');
  });
});

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Strict, Path=/, Secure on loopback, and has no Domain', async () => {
    const bff = await bffFor();
    await bff.addOperator('ann', 'admin', PASSWORD);
    const reply = await new TestBrowser(bff.origin).login('ann', PASSWORD);
    const cookies = [reply.headers['set-cookie'] ?? []].flat();
    expect(cookies).toHaveLength(1);
    const attributes = cookies[0].split(';').map((a) => a.trim().toLowerCase());
    expect(attributes[0]).toMatch(/^__host-dps_session=[a-z0-9_-]{43}$/);
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=strict');
    expect(attributes).toContain('path=/');
    expect(attributes).toContain('secure');
    expect(attributes.some((a) => a.startsWith('domain='))).toBe(false);
    // Nothing in the body is the session id.
    expect(reply.text).not.toContain(cookies[0].split(';')[0].split('=')[1]);
  });

  it('gets a new id at every sign-in, and the old id stops working', async () => {
    const bff = await bffFor();
    await bff.addOperator('ben', 'admin', PASSWORD);
    const browser = new TestBrowser(bff.origin);
    await browser.login('ben', PASSWORD);
    const first = sessionCookie(browser);
    await browser.login('ben', PASSWORD);
    const second = sessionCookie(browser);
    expect(second).not.toBe(first);
    expect(await browserWithSession(bff.origin, first).signedIn()).toBe(false);
    expect(await browserWithSession(bff.origin, second).signedIn()).toBe(true);
    // A session id planted before sign-in (fixation) is not adopted.
    const planted = 'P'.repeat(43);
    const victim = browserWithSession(bff.origin, planted);
    await victim.login('ben', PASSWORD);
    expect(sessionCookie(victim)).not.toBe(planted);
  });

  it('ends after the idle time without requests', async () => {
    let now = Date.now();
    const bff = await bffFor({
      config: { now: () => now, sessionIdleMs: 30 * MINUTE, sessionAbsoluteMs: 12 * 60 * MINUTE },
    });
    await bff.addOperator('cat', 'admin', PASSWORD);
    const browser = new TestBrowser(bff.origin);
    await browser.login('cat', PASSWORD);
    // Activity keeps it alive past the idle time in total …
    for (let i = 0; i < 3; i++) {
      now += 20 * MINUTE;
      expect(await browser.signedIn()).toBe(true);
    }
    // … and 30 quiet minutes end it.
    now += 30 * MINUTE;
    expect(await browser.signedIn()).toBe(false);
  });

  it('ends at its absolute lifetime even when active', async () => {
    let now = Date.now();
    const bff = await bffFor({
      config: { now: () => now, sessionIdleMs: 60 * MINUTE, sessionAbsoluteMs: 2 * 60 * MINUTE },
    });
    await bff.addOperator('dan', 'admin', PASSWORD);
    const browser = new TestBrowser(bff.origin);
    await browser.login('dan', PASSWORD);
    for (let i = 0; i < 3; i++) {
      now += 30 * MINUTE;
      expect((await browser.request('/api/users')).status).toBe(200);
    }
    now += 30 * MINUTE;
    expect((await browser.request('/api/users')).status).toBe(401);
  });

  it('sign-out ends the session on the server, not only in the browser', async () => {
    const bff = await bffFor();
    await bff.addOperator('eve', 'admin', PASSWORD);
    const browser = new TestBrowser(bff.origin);
    await browser.login('eve', PASSWORD);
    const id = sessionCookie(browser);
    const out = await browser.request('/bff/logout', { method: 'POST' });
    expect(out.status).toBe(204);
    expect([out.headers['set-cookie'] ?? []].flat().join()).toMatch(
      /__Host-dps_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i,
    );
    // Someone who copied the id before sign-out gets nothing with it.
    const copy = browserWithSession(bff.origin, id);
    expect(await copy.signedIn()).toBe(false);
    expect((await copy.request('/api/users')).status).toBe(401);
    // Sign-out needs X-CSRF like every BFF write.
    expect((await copy.request('/bff/logout', { method: 'POST', noCsrf: true })).status).toBe(401);
  });

  it('survives a BFF restart on the same data dir', async () => {
    const dataDir = freshDataDir();
    const first = await bffFor({ dataDir });
    await first.addOperator('fay', 'viewer', PASSWORD);
    const browser = new TestBrowser(first.origin);
    await browser.login('fay', PASSWORD);
    await first.close();
    const second = await bffFor({ dataDir });
    const after = browserWithSession(second.origin, sessionCookie(browser));
    const session = await after.request('/bff/session');
    expect(session.status).toBe(200);
    expect(session.json().operator).toEqual({ name: 'fay', role: 'viewer', agents: null });
  });

  it('works across two BFF instances on one data dir, sign-out included', async () => {
    const a = await bffFor();
    const b = await bffFor({ dataDir: a.dataDir });
    await a.addOperator('gus', 'admin', PASSWORD);
    const atA = new TestBrowser(a.origin);
    await atA.login('gus', PASSWORD);
    const atB = browserWithSession(b.origin, sessionCookie(atA));
    expect((await atB.request('/api/users')).status).toBe(200);
    // A launch link printed by one instance works on the other, once.
    const link = await a.bff.issueLaunchLink();
    expect((await new TestBrowser(b.origin).request(launchPath(link), { noCsrf: true })).headers.location).toBe('/');
    expect((await new TestBrowser(a.origin).request(launchPath(link), { noCsrf: true })).headers.location).toBe(
      '/sign-in?error=launch-link',
    );
    // Signing out at B ends it at A.
    expect((await atB.request('/bff/logout', { method: 'POST' })).status).toBe(204);
    expect(await atA.signedIn()).toBe(false);
  });
});

describe('signed out', () => {
  it('GET /bff/session answers 200 {"signedIn": false}, never an error status; /api and /bff/sessions still answer 401', async () => {
    const bff = await bffFor();
    await bff.addOperator('gus', 'admin', PASSWORD);
    const browser = new TestBrowser(bff.origin);
    for (const reply of [
      await browser.request('/bff/session'),
      await browserWithSession(bff.origin, 'A'.repeat(43)).request('/bff/session'),
    ]) {
      expect(reply.status).toBe(200);
      expect(reply.json()).toEqual({ signedIn: false, signIn: { localAccounts: true, provider: null } });
      expect(reply.headers['cache-control']).toBe('no-store');
    }
    expect((await browser.request('/api/users')).status).toBe(401);
    expect((await browser.request('/bff/sessions')).status).toBe(401);
    expect((await browser.request('/bff/file?url=http%3A%2F%2F127.0.0.1%2Fv1%2Fx')).status).toBe(401);

    const signedIn = await browser.login('gus', PASSWORD);
    expect(signedIn.json()).toMatchObject({ signedIn: true, operator: { name: 'gus', role: 'admin' } });
    expect((await browser.request('/bff/session')).json()).toMatchObject({
      signedIn: true,
      operator: { name: 'gus', role: 'admin' },
    });
    await browser.request('/bff/logout', { method: 'POST' });
    expect((await browser.request('/bff/session')).json()).toEqual({
      signedIn: false,
      signIn: { localAccounts: true, provider: null },
    });
    // Still a BFF endpoint: the X-CSRF and cross-site rules hold for it signed out too.
    expect((await browser.request('/bff/session', { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
  });
});

describe('password sign-in', () => {
  it('answers 401 "Wrong name or password" for a wrong password and an unknown name alike', async () => {
    const bff = await bffFor();
    await bff.addOperator('hal', 'admin', PASSWORD);
    const browser = new TestBrowser(bff.origin);
    for (const [name, password] of [
      ['hal', 'wrong-password-123'],
      ['nobody', PASSWORD],
    ]) {
      const reply = await browser.login(name, password);
      expect(reply.status).toBe(401);
      expect(reply.json()).toEqual({ message: 'Wrong name or password' });
      expect(reply.headers['set-cookie']).toBeUndefined();
    }
    expect(
      (
        await browser.request('/bff/login', {
          method: 'POST',
          body: '{"name":"hal"}',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await browser.json('/bff/login', 'POST', { name: 'hal', password: PASSWORD }, { noCsrf: true })).status,
    ).toBe(401);
  });

  it('rate-limits failures per name and per IP with 429, right password or not', async () => {
    const bff = await bffFor({
      config: { loginRateLimit: { windowMs: 15 * MINUTE, maxFailuresPerName: 3, maxFailuresPerIp: 6 } },
    });
    await bff.addOperator('ida', 'admin', PASSWORD);
    await bff.addOperator('jon', 'admin', PASSWORD);
    const browser = new TestBrowser(bff.origin);
    for (let i = 0; i < 3; i++) expect((await browser.login('ida', `wrong-${i}-password`)).status).toBe(401);
    const limited = await browser.login('ida', PASSWORD);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Too many failed sign-ins/);
    // Another name from the same IP still works until the IP's own limit …
    expect((await browser.login('jon', PASSWORD)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await browser.login(`guess-${i}`, 'wrong-password-123')).status).toBe(401);
    // … 6 failures from this IP: now every name is refused.
    expect((await browser.login('jon', PASSWORD)).status).toBe(429);
  });

  it('guesses sent all at once count against the limit before their passwords are checked', async () => {
    const bff = await bffFor({
      config: { loginRateLimit: { windowMs: 15 * MINUTE, maxFailuresPerName: 3, maxFailuresPerIp: 100 } },
    });
    await bff.addOperator('kim', 'admin', PASSWORD);
    const browser = new TestBrowser(bff.origin);
    const guesses = Array.from({ length: 12 }, (_, i) => browser.login('kim', `wrong-guess-${i}-password`));
    const statuses = (await Promise.all([...guesses, browser.login('kim', PASSWORD)])).map((reply) => reply.status);
    // Only 3 attempts reach the password check (before the fix all 13 did, and the right one signed in).
    expect(statuses.filter((status) => status !== 429)).toHaveLength(3);
  });
});

describe('operator CLI', () => {
  function cli(dataDir: string, args: string[], input = ''): { status: number | null; stdout: string; stderr: string } {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/bff/operator-cli.ts', ...args], {
      env: { ...process.env, DPS_DATA_DIR: dataDir },
      input,
      encoding: 'utf8',
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  it('adds, lists, resets and removes operators with scrypt hashes; reset and remove end their sessions', async () => {
    const bff = await bffFor();
    const dir = bff.dataDir;
    expect(cli(dir, ['add', 'kim', '--role', 'viewer'], `${PASSWORD}\n`).status).toBe(0);
    expect(cli(dir, ['add', 'lee', '--role', 'admin'], `${PASSWORD}\n`).status).toBe(0);
    expect(cli(dir, ['add', 'kim', '--role', 'viewer'], `${PASSWORD}\n`).stderr).toMatch(/already exists/);
    expect(cli(dir, ['add', 'max', '--role', 'root'], `${PASSWORD}\n`).status).toBe(1);
    expect(cli(dir, ['add', 'max', '--role', 'admin'], 'short\n').stderr).toMatch(/password must be/);

    const list = cli(dir, ['list']);
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/^kim\tviewer\t/m);
    expect(list.stdout).toMatch(/^lee\tadmin\t/m);
    const stored = readFileSync(join(dir, 'bff', 'operators.json'), 'utf8');
    expect(stored).not.toContain(PASSWORD);
    const hashes = (JSON.parse(stored) as { operators: { passwordHash: string }[] }).operators.map(
      (o) => o.passwordHash,
    );
    for (const hash of hashes) expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(new Set(hashes).size).toBe(2); // salted

    const kim = new TestBrowser(bff.origin);
    expect((await kim.login('kim', PASSWORD)).json().operator).toEqual({ name: 'kim', role: 'viewer', agents: null });
    const newPassword = 'another-long-password';
    expect(cli(dir, ['reset', 'kim'], `${newPassword}\n`).stdout).toMatch(/ended 1 session/);
    expect(await kim.signedIn()).toBe(false);
    expect((await kim.login('kim', PASSWORD)).status).toBe(401);
    expect((await kim.login('kim', newPassword)).status).toBe(200);

    expect(cli(dir, ['remove', 'kim']).stdout).toMatch(/removed operator kim; ended 1 session/);
    expect(await kim.signedIn()).toBe(false);
    expect((await kim.login('kim', newPassword)).status).toBe(401);
    expect(cli(dir, ['list']).stdout).not.toMatch(/^kim/m);
  });
});

describe('audit log', () => {
  it('records every write with operator, method, path and status; GET is admin only and pages newest first', async () => {
    const bff = await bffFor();
    await bff.addOperator('ned', 'admin', PASSWORD);
    await bff.addOperator('ola', 'viewer', PASSWORD);
    const admin = new TestBrowser(bff.origin);
    await admin.login('ned', PASSWORD);
    const viewer = new TestBrowser(bff.origin);
    await viewer.login('ola', PASSWORD);

    await admin.json('/api/users', 'POST', { email: 'a@b.co' });
    await admin.json('/api/models/svc%3Amodel%3A1', 'PATCH', { name: 'x' });
    await admin.request('/api/always-401', { method: 'DELETE' });
    await admin.request('/api/users'); // reads are not recorded
    await viewer.json('/api/users', 'POST', { email: 'c@d.co' }); // refused, and recorded as such

    const page1 = await admin.request('/bff/audit?limit=2');
    expect(page1.status).toBe(200);
    const body1 = page1.json<{
      entries: { time: string; operator: string; method: string; path: string; status: number }[];
      nextCursor: string | null;
    }>();
    expect(body1.entries.map((e) => [e.operator, e.method, e.path, e.status])).toEqual([
      ['ola', 'POST', '/api/users', 403],
      ['ned', 'DELETE', '/api/always-401', 401],
    ]);
    expect(new Date(body1.entries[0].time).toISOString()).toBe(body1.entries[0].time);
    expect(body1.nextCursor).toEqual(expect.any(String));
    const body2 = (await admin.request(`/bff/audit?limit=2&cursor=${body1.nextCursor}`)).json<typeof body1>();
    expect(body2.entries.map((e) => [e.operator, e.method, e.path, e.status])).toEqual([
      ['ned', 'PATCH', '/api/models/svc%3Amodel%3A1', 200],
      ['ned', 'POST', '/api/users', 200],
    ]);
    expect(body2.nextCursor).toBeNull();

    const filtered = (await admin.request('/bff/audit?operator=ned&method=PATCH')).json<typeof body1>();
    expect(filtered.entries.map((e) => e.method)).toEqual(['PATCH']);
    expect((await admin.request('/bff/audit?limit=0')).status).toBe(400);
    expect((await admin.request('/bff/audit?cursor=abc')).status).toBe(400);

    expect((await viewer.request('/bff/audit')).status).toBe(403);
    expect((await new TestBrowser(bff.origin).request('/bff/audit')).status).toBe(401);
    // Append-only JSON lines in the data dir: a forwarded write is two (sent, outcome), the refused one is one.
    const lines = readFileSync(join(bff.dataDir, 'bff', 'audit.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(7);
  });

  it('entries appended at the same time are read newest first with times in the same order', async () => {
    const log = new FileAuditLog(freshDataDir());
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        log.append({ operator: 'ned', method: 'PATCH', path: `/api/x/${i}`, status: 200 }),
      ),
    );
    const { entries } = await log.page({ limit: 500 });
    expect(entries).toHaveLength(200);
    const times = entries.map((entry) => entry.time);
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe('console pages', () => {
  it('carry a strict CSP and the security headers; index.html serves every client route', async () => {
    const dataDir = freshDataDir();
    const consoleDir = join(dataDir, 'console');
    mkdirSync(join(consoleDir, 'assets'), { recursive: true });
    writeFileSync(
      join(consoleDir, 'index.html'),
      '<!doctype html><title>DPS</title><script type="module" src="/assets/app-abc.js"></script>',
    );
    writeFileSync(join(consoleDir, 'assets', 'app-abc.js'), 'console.log(1)');
    const bff = await bffFor({ dataDir, config: { consoleDir } });
    const browser = new TestBrowser(bff.origin);
    for (const path of ['/', '/runs', '/settings/users/svc%3Auser%3Aabc', '/assets/app-abc.js']) {
      const reply = await browser.request(path, { noCsrf: true });
      expect(reply.status, path).toBe(200);
      const csp = String(reply.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['x-frame-options']).toBe('DENY');
      expect(reply.headers['referrer-policy']).toBe('no-referrer');
      expect(reply.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
    expect((await browser.request('/runs', { noCsrf: true })).text).toContain('<title>DPS</title>');
    expect((await browser.request('/assets/app-abc.js', { noCsrf: true })).headers['cache-control']).toMatch(
      /immutable/,
    );
    expect((await browser.request('/assets/missing.js', { noCsrf: true })).status).toBe(404);
    expect([403, 404]).toContain((await browser.request('/.env', { noCsrf: true })).status);
  });
});
