/**
 * Operators' own sessions (issue 16 item 10): the `__Host-` cookie, `GET /bff/sessions`, ending sessions with
 * `DELETE /bff/sessions…`, who may end whose, and the operator CLI's `sessions` / `end-sessions`. One test per rule,
 * over real HTTP against the echo upstream.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OperatorSession as SessionView } from '@/contract/operator-sessions';
import { bffsOnEachStore } from '@/server/bff/testing/bffs-on-each-store';
import { TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';
import { summarizeUserAgent } from './user-agent-summary';

const PASSWORD = 'correct-horse-battery';
const SECURE_COOKIE = '__Host-dps_session';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

const bffs = bffsOnEachStore();

/** A BFF on the file store (closed and removed at the end). */
function bffFor(options: Parameters<typeof bffs.start>[1] = {}): Promise<RunningBff> {
  return bffs.start('files', options);
}

/** A browser signed in as `name`, sending `userAgent` on every request. */
async function signedIn(bff: RunningBff, name: string, userAgent = CHROME_LINUX): Promise<TestBrowser> {
  const browser = new TestBrowser(bff.origin);
  const reply = await browser.json(
    '/bff/login',
    'POST',
    { name, password: PASSWORD },
    { headers: { 'user-agent': userAgent } },
  );
  expect(reply.status).toBe(200);
  return browser;
}

async function listSessions(browser: TestBrowser, query = ''): Promise<SessionView[]> {
  const reply = await browser.request(`/bff/sessions${query}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.json<{ sessions: SessionView[] }>().sessions;
}

async function currentHandle(browser: TestBrowser): Promise<string> {
  return (await listSessions(browser)).find((s) => s.current)!.handle;
}

async function isSignedIn(browser: TestBrowser): Promise<boolean> {
  return browser.signedIn();
}

describe('session cookie name', () => {
  it('is __Host-dps_session when Secure (loopback): Secure, Path=/, no Domain; a plain dps_session cookie is not read there', async () => {
    const bff = await bffFor();
    await bff.addOperator('ann', 'admin', PASSWORD);
    const browser = new TestBrowser(bff.origin);
    const reply = await browser.login('ann', PASSWORD);
    const cookies = [reply.headers['set-cookie'] ?? []].flat();
    expect(cookies).toHaveLength(1);
    const attributes = cookies[0].split(';').map((a) => a.trim());
    expect(attributes[0]).toMatch(/^__Host-dps_session=[A-Za-z0-9_-]{43}$/);
    const lower = attributes.map((a) => a.toLowerCase());
    expect(lower).toEqual(expect.arrayContaining(['secure', 'path=/', 'httponly', 'samesite=strict']));
    expect(lower.some((a) => a.startsWith('domain='))).toBe(false);
    expect(await isSignedIn(browser)).toBe(true);

    // The same id under the unprefixed name (as a sibling host or plain-http page could plant it) is not accepted.
    const planted = new TestBrowser(bff.origin);
    planted.cookies.set('dps_session', browser.cookies.get(SECURE_COOKIE)!);
    expect(await isSignedIn(planted)).toBe(false);

    // Sign-out clears the prefixed cookie.
    const out = await browser.request('/bff/logout', { method: 'POST' });
    expect([out.headers['set-cookie'] ?? []].flat().join()).toMatch(
      /__Host-dps_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i,
    );
  });

  it('keeps the plain name without Secure on plain http to a non-loopback host', async () => {
    const bff = await bffFor({ config: { allowedHosts: ['console.example'] } });
    await bff.addOperator('ann', 'admin', PASSWORD);
    const port = new URL(bff.origin).port;
    const host = { host: `console.example:${port}` };
    const browser = new TestBrowser(bff.origin);
    const reply = await browser.json('/bff/login', 'POST', { name: 'ann', password: PASSWORD }, { headers: host });
    expect(reply.status).toBe(200);
    const attributes = [reply.headers['set-cookie'] ?? []]
      .flat()[0]
      .split(';')
      .map((a) => a.trim().toLowerCase());
    expect(attributes[0]).toMatch(/^dps_session=/);
    expect(attributes).not.toContain('secure');
    expect(await browser.signedIn({ headers: host })).toBe(true);
  });
});

describe('GET /bff/sessions', () => {
  it("lists the operator's own sessions — created, last seen, short user agent, which is this one — never an id", async () => {
    const bff = await bffFor();
    await bff.addOperator('ann', 'viewer', PASSWORD);
    await bff.addOperator('bob', 'viewer', PASSWORD);
    const laptop = await signedIn(bff, 'ann', CHROME_LINUX);
    const desktop = await signedIn(bff, 'ann', FIREFOX_WINDOWS);
    await signedIn(bff, 'bob');

    const reply = await laptop.request('/bff/sessions');
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const sessions = reply.json<{ sessions: SessionView[] }>().sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions.every((s) => s.operator.name === 'ann' && s.operator.role === 'viewer')).toBe(true);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => s.current)!.userAgent).toBe('Chrome 131 on Linux');
    expect(sessions.find((s) => !s.current)!.userAgent).toBe('Firefox 128 on Windows');
    for (const session of sessions) {
      expect(Object.keys(session).sort()).toEqual([
        'address',
        'createdAt',
        'current',
        'handle',
        'lastSeenAt',
        'operator',
        'userAgent',
      ]);
      expect(session.handle).toMatch(/^[0-9a-f]{32}$/);
      expect(new Date(session.createdAt).toISOString()).toBe(session.createdAt);
      expect(new Date(session.lastSeenAt).toISOString()).toBe(session.lastSeenAt);
    }
    // Neither the session ids nor the names of their files (their SHA-256) appear.
    for (const id of [laptop.cookies.get(SECURE_COOKIE)!, desktop.cookies.get(SECURE_COOKIE)!]) {
      expect(reply.text).not.toContain(id);
      expect(reply.text).not.toContain(createHash('sha256').update(id).digest('hex').slice(0, 16));
    }
    // The other device sees the same two, with itself as current.
    const seen = await listSessions(desktop);
    expect(seen.find((s) => s.current)!.handle).toBe(sessions.find((s) => !s.current)!.handle);
    expect((await new TestBrowser(bff.origin).request('/bff/sessions')).status).toBe(401);
  });

  it('records last seen at most once a minute, without rewriting the session file', async () => {
    let now = Date.parse('2026-03-01T10:00:00.000Z');
    const bff = await bffFor({ config: { now: () => now } });
    await bff.addOperator('ann', 'admin', PASSWORD);
    const watcher = await signedIn(bff, 'ann');
    const active = await signedIn(bff, 'ann', FIREFOX_WINDOWS);
    const activeHandle = await currentHandle(active);
    const file = join(
      bff.dataDir,
      'bff',
      'sessions',
      `${createHash('sha256').update(active.cookies.get(SECURE_COOKIE)!).digest('hex')}.json`,
    );
    const content = readFileSync(file, 'utf8');
    const lastSeen = async () => (await listSessions(watcher)).find((s) => s.handle === activeHandle)!.lastSeenAt;

    now += 30_000;
    expect((await active.request('/api/users')).status).toBe(200);
    expect(await lastSeen()).toBe('2026-03-01T10:00:00.000Z');
    now += 31_000;
    expect((await active.request('/api/users')).status).toBe(200);
    expect(await lastSeen()).toBe('2026-03-01T10:01:01.000Z');
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it("scope=all lists every operator's sessions for an admin, and is refused to a viewer", async () => {
    const bff = await bffFor();
    await bff.addOperator('ada', 'admin', PASSWORD);
    await bff.addOperator('val', 'viewer', PASSWORD);
    const admin = await signedIn(bff, 'ada');
    const viewer = await signedIn(bff, 'val');
    const all = await listSessions(admin, '?scope=all');
    expect(all.map((s) => s.operator.name).sort()).toEqual(['ada', 'val']);
    const refused = await viewer.request('/bff/sessions?scope=all');
    expect(refused.status).toBe(403);
    expect(refused.json().message).toMatch(/admin/);
    expect((await admin.request('/bff/sessions?scope=everyone')).json()).toEqual({
      message: 'scope must be "own" or "all"',
    });
  });
});

describe('ending sessions', () => {
  it('an operator ends another of their sessions: refused on its very next request; the ending session stays', async () => {
    const bff = await bffFor();
    await bff.addOperator('ann', 'viewer', PASSWORD);
    const here = await signedIn(bff, 'ann');
    const there = await signedIn(bff, 'ann', FIREFOX_WINDOWS);
    const handle = await currentHandle(there);
    // Same rules as every BFF write: X-CSRF, and nothing cross-site.
    expect((await here.request(`/bff/sessions/${handle}`, { method: 'DELETE', noCsrf: true })).status).toBe(401);
    expect(
      (await here.request(`/bff/sessions/${handle}`, { method: 'DELETE', headers: { origin: 'https://evil.example' } }))
        .status,
    ).toBe(403);
    expect(
      (await here.request(`/bff/sessions/${handle}`, { method: 'DELETE', headers: { 'sec-fetch-site': 'cross-site' } }))
        .status,
    ).toBe(403);
    expect(await isSignedIn(there)).toBe(true);

    const ended = await here.request(`/bff/sessions/${handle}`, { method: 'DELETE' });
    expect(ended.status).toBe(200);
    expect(ended.json<{ session: SessionView }>().session).toMatchObject({
      handle,
      userAgent: 'Firefox 128 on Windows',
      current: false,
    });
    expect((await there.request('/api/users')).status).toBe(401);
    expect(await isSignedIn(there)).toBe(false);
    expect(await isSignedIn(here)).toBe(true);
    expect((await listSessions(here)).map((s) => s.handle)).toEqual([await currentHandle(here)]);
    // Gone is gone; a malformed handle is named as such.
    expect((await here.request(`/bff/sessions/${handle}`, { method: 'DELETE' })).status).toBe(404);
    expect((await here.request('/bff/sessions/not-a-handle', { method: 'DELETE' })).json()).toEqual({
      message: 'handle must be 32 lowercase hex characters',
    });
  });

  it("?others=1 ends every other session of the operator and no one else's", async () => {
    const bff = await bffFor();
    await bff.addOperator('ann', 'viewer', PASSWORD);
    await bff.addOperator('bob', 'viewer', PASSWORD);
    const here = await signedIn(bff, 'ann');
    const others = [await signedIn(bff, 'ann'), await signedIn(bff, 'ann', FIREFOX_WINDOWS)];
    const bob = await signedIn(bff, 'bob');
    const reply = await here.request('/bff/sessions?others=1', { method: 'DELETE' });
    expect(reply.status).toBe(200);
    expect(reply.json()).toEqual({ ended: 2 });
    for (const other of others) expect(await isSignedIn(other)).toBe(false);
    expect(await isSignedIn(here)).toBe(true);
    expect(await isSignedIn(bob)).toBe(true);
    expect((await here.request('/bff/sessions', { method: 'DELETE' })).status).toBe(400);
  });

  it("a viewer cannot end another operator's sessions", async () => {
    const bff = await bffFor();
    await bff.addOperator('ada', 'admin', PASSWORD);
    await bff.addOperator('val', 'viewer', PASSWORD);
    const admin = await signedIn(bff, 'ada');
    const viewer = await signedIn(bff, 'val');
    const adminHandle = await currentHandle(admin);
    expect((await viewer.request(`/bff/sessions/${adminHandle}`, { method: 'DELETE' })).status).toBe(404);
    expect((await viewer.request('/bff/sessions?operator=ada', { method: 'DELETE' })).status).toBe(403);
    expect(await isSignedIn(admin)).toBe(true);
  });

  it("an admin ends any operator's sessions, one or all of them", async () => {
    const bff = await bffFor();
    await bff.addOperator('ada', 'admin', PASSWORD);
    await bff.addOperator('val', 'viewer', PASSWORD);
    const admin = await signedIn(bff, 'ada');
    const first = await signedIn(bff, 'val');
    const second = await signedIn(bff, 'val', FIREFOX_WINDOWS);
    const third = await signedIn(bff, 'val');
    const firstHandle = await currentHandle(first);
    const ended = await admin.request(`/bff/sessions/${firstHandle}`, { method: 'DELETE' });
    expect(ended.status).toBe(200);
    expect(ended.json<{ session: SessionView }>().session.operator.name).toBe('val');
    expect(await isSignedIn(first)).toBe(false);
    expect(await isSignedIn(second)).toBe(true);

    const all = await admin.request('/bff/sessions?operator=val', { method: 'DELETE' });
    expect(all.json()).toEqual({ ended: 2 });
    expect(await isSignedIn(second)).toBe(false);
    expect(await isSignedIn(third)).toBe(false);
    expect(await isSignedIn(admin)).toBe(true);
  });
});

describe('operator CLI', () => {
  function cli(dataDir: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/bff/operator-cli.ts', ...args], {
      env: { ...process.env, DPS_DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  it('`sessions <name>` lists them without ids; `end-sessions <name>` ends them', async () => {
    const bff = await bffFor();
    await bff.addOperator('ann', 'viewer', PASSWORD);
    await bff.addOperator('bob', 'viewer', PASSWORD);
    const laptop = await signedIn(bff, 'ann');
    const desktop = await signedIn(bff, 'ann', FIREFOX_WINDOWS);
    const bob = await signedIn(bff, 'bob');

    const listed = cli(bff.dataDir, ['sessions', 'ann']);
    expect(listed.status).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).toContain('Firefox 128 on Windows');
    expect(lines.join('\n')).toContain('Chrome 131 on Linux');
    for (const line of lines)
      expect(line).toMatch(/^[0-9a-f]{32}\tcreated \d{4}-\d\d-\d\dT[\d:.]+Z\tlast seen \d{4}-\d\d-\d\dT[\d:.]+Z\t/);
    for (const browser of [laptop, desktop]) expect(listed.stdout).not.toContain(browser.cookies.get(SECURE_COOKIE)!);
    expect(cli(bff.dataDir, ['sessions', 'nobody']).stdout).toBe('no sessions of nobody\n');

    const ended = cli(bff.dataDir, ['end-sessions', 'ann']);
    expect(ended.status).toBe(0);
    expect(ended.stdout).toBe('ended 2 session(s) of ann\n');
    expect(await isSignedIn(laptop)).toBe(false);
    expect(await isSignedIn(desktop)).toBe(false);
    expect(await isSignedIn(bob)).toBe(true);
    expect(cli(bff.dataDir, ['end-sessions']).status).toBe(1);
  });
});

describe('user agent summary', () => {
  it.each([
    [CHROME_LINUX, 'Chrome 131 on Linux'],
    [FIREFOX_WINDOWS, 'Firefox 128 on Windows'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      'Safari 17 on macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.2849.80',
      'Edge 130 on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari 17 on iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome 131 on Android',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      'Chrome 140 on Linux',
    ],
    ['curl/8.5.0', 'curl 8'],
    ['', 'Unknown browser'],
  ])('%s → %s', (userAgent, summary) => {
    expect(summarizeUserAgent(userAgent)).toBe(summary);
  });

  it('keeps an unknown agent short and printable', () => {
    const summary = summarizeUserAgent(`Some\u0007Bot/1.0 ${'x'.repeat(500)}`);
    expect(summary.length).toBeLessThanOrEqual(60);
    // eslint-disable-next-line no-control-regex -- control characters must not survive
    expect(summary).not.toMatch(/[\u0000-\u001f]/);
  });
});
