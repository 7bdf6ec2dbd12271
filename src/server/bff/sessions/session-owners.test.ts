/**
 * Whose a session is (issue 25 item 6): the launch link's operator name is reserved, and a session belongs to an
 * account (and the role it signed in with), never to whoever bears its display name. Over real HTTP against the echo
 * upstream, on the file store and, when DPS_DATABASE_URL names a server, on the PostgreSQL store.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { OperatorSession as SessionView } from '@/contract/operator-sessions';
import { bffDir, credentialFileName, randomCredential } from '@/server/bff/foundation/data-files';
import { hashPassword } from './operator-accounts';
import { bffsOnEachStore, STORE_KINDS } from '@/server/bff/testing/bffs-on-each-store';
import { TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';

const PASSWORD = 'correct-horse-battery';
const bffs = bffsOnEachStore();

async function sessionsOf(browser: TestBrowser): Promise<SessionView[]> {
  const reply = await browser.request('/bff/sessions');
  expect(reply.status, reply.text).toBe(200);
  return reply.json<{ sessions: SessionView[] }>().sessions;
}

describe.each(STORE_KINDS)('%s store', (kind) => {
  let bff: RunningBff;

  beforeAll(async () => {
    bff = await bffs.start(kind);
  });

  /** A browser signed in with a fresh launch link, as the operator who started the console. */
  async function launchAdmin(): Promise<TestBrowser> {
    const browser = new TestBrowser(bff.origin);
    const token = await bff.bff.app.launchLinks.issue();
    const reply = await browser.request(`/bff/launch?token=${token}`, { noCsrf: true });
    expect(reply.headers.location).toBe('/');
    const current = (await sessionsOf(browser)).find((s) => s.current);
    expect(current?.operator).toEqual({ name: 'local-admin', role: 'admin' });
    return browser;
  }

  /** An account written straight into the store, as one added before a rule existed would be there. */
  async function storeLegacyAccount(name: string, role: 'admin' | 'viewer'): Promise<void> {
    const now = new Date().toISOString();
    const account = { name, role, passwordHash: await hashPassword(PASSWORD), createdAt: now, updatedAt: now };
    if (kind === 'files') {
      const path = join(bff.dataDir, 'bff', 'operators.json');
      const operators = await bff.bff.app.operatorAccounts.list();
      writeFileSync(path, JSON.stringify({ operators: [...operators, account] }), { mode: 0o600 });
      return;
    }
    const { url, schema } = bff.bff.app.bffConfig.database!;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO "${schema}".operators (id, name, role, password_hash, created_time, updated_time)
         VALUES ($1, $2, $3, $4, $5, $5)`,
        [randomBytes(16).toString('hex'), name, role, account.passwordHash, now],
      );
    } finally {
      await client.end();
    }
  }

  it("refuses an account named after the launch link's operator, in any case", async () => {
    for (const name of ['local-admin', 'Local-Admin', 'LOCAL-ADMIN']) {
      await expect(bff.addOperator(name, 'viewer', PASSWORD)).rejects.toThrow(/reserved/);
    }
    expect((await bff.bff.app.operatorAccounts.list()).map((o) => o.name)).not.toContain('local-admin');
  });

  it("a viewer stored under the launch operator's name cannot sign in, see or end the launch admin's sessions", async () => {
    const admin = await launchAdmin();
    await storeLegacyAccount('local-admin', 'viewer');
    const impostor = new TestBrowser(bff.origin);
    expect((await impostor.login('local-admin', PASSWORD)).status).toBe(401);
    expect(await impostor.signedIn()).toBe(false);
    const launched = (await sessionsOf(admin)).find((s) => s.current)!;
    expect((await impostor.request(`/bff/sessions/${launched.handle}`, { method: 'DELETE' })).status).toBe(401);
    expect(await admin.signedIn()).toBe(true);
  });

  it("a viewer bearing an admin's former name neither lists nor ends that admin's sessions", async () => {
    await bff.addOperator('ann', 'admin', PASSWORD);
    const admin = new TestBrowser(bff.origin);
    expect((await admin.login('ann', PASSWORD)).status).toBe(200);
    const [adminSession] = await sessionsOf(admin);
    // The account goes (straight from the store, which leaves its sessions) and the name comes back as a viewer.
    expect(await bff.bff.app.operatorAccounts.remove('ann')).toBe(true);
    await bff.addOperator('ann', 'viewer', PASSWORD);
    const viewer = new TestBrowser(bff.origin);
    expect((await viewer.login('ann', PASSWORD)).status).toBe(200);

    const own = await sessionsOf(viewer);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ current: true, operator: { name: 'ann', role: 'viewer' } });
    const ended = await viewer.request(`/bff/sessions/${adminSession.handle}`, { method: 'DELETE' });
    expect(ended.status).toBe(404);
    const byName = await viewer.request('/bff/sessions?operator=ann', { method: 'DELETE' });
    expect(byName.status).toBe(200);
    expect(byName.json()).toEqual({ ended: 0 });
    const others = await viewer.request('/bff/sessions?others=1', { method: 'DELETE' });
    expect(others.json()).toEqual({ ended: 0 });
    expect(await admin.signedIn()).toBe(true);
  });

  it.skipIf(kind === 'postgres')(
    'a session stored before sessions named their account has ended, and goes',
    async () => {
      // PostgreSQL: migration 0002 deletes such sessions. Files: one stored as the BFF wrote it before.
      const id = randomCredential();
      const path = join(bffDir(bff.dataDir), 'sessions', `${credentialFileName(id)}.json`);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, JSON.stringify({ operator: { name: 'local-admin', role: 'admin' }, createdAt: Date.now() }));
      const legacy = new TestBrowser(bff.origin);
      legacy.cookies.set('__Host-dps_session', id);
      expect(await legacy.signedIn()).toBe(false);
      await sessionsOf(await launchAdmin());
      expect(existsSync(path)).toBe(false);
    },
  );

  it('a launch admin still lists and ends its own sessions', async () => {
    const first = await launchAdmin();
    const second = await launchAdmin();
    const before = (await sessionsOf(second)).length;
    expect(before).toBeGreaterThanOrEqual(2);
    const ended = await second.request('/bff/sessions?others=1', { method: 'DELETE' });
    expect(ended.json()).toEqual({ ended: before - 1 });
    expect(await first.signedIn()).toBe(false);
    expect(await second.signedIn()).toBe(true);
  });
});

describe('operator CLI', () => {
  it('`add local-admin --role viewer` is refused, before asking for a password', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dps-operator-cli-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/server/bff/operator-cli.ts', 'add', 'local-admin', '--role', 'viewer'],
      { env: { ...process.env, DPS_DATA_DIR: dataDir }, input: `${PASSWORD}\n`, encoding: 'utf8' },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`name "local-admin" is reserved for the launch link's operator`);
    const listed = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/bff/operator-cli.ts', 'list'], {
      env: { ...process.env, DPS_DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(listed.stdout).toBe('no operator accounts\n');
  });
});
