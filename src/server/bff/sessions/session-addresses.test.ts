/**
 * Sessions say where they signed in from (issue 29 item 5): the client address at sign-in (request.ip, so
 * DPS_TRUST_PROXY decides whether X-Forwarded-For counts) is kept with the session and listed by `GET /bff/sessions`;
 * sessions stored before addresses were kept list with none. On the file store and, when DPS_DATABASE_URL names a
 * server, on the PostgreSQL store.
 */
import { describe, expect, it } from 'vitest';
import { operatorSessionListSchema, type OperatorSession } from '@/contract/operator-sessions';
import { bffsOnEachStore, STORE_KINDS } from '@/server/bff/testing/bffs-on-each-store';
import { TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';

const PASSWORD = 'correct-horse-battery';
const bffs = bffsOnEachStore();

/** Every session an admin sees, parsed by the contract the console parses it with. */
async function allSessions(browser: TestBrowser): Promise<OperatorSession[]> {
  const reply = await browser.request('/bff/sessions?scope=all');
  expect(reply.status, reply.text).toBe(200);
  return operatorSessionListSchema.parse(reply.json()).sessions;
}

async function signedInAdmin(bff: RunningBff, headers: Record<string, string> = {}): Promise<TestBrowser> {
  await bff.addOperator('ann', 'admin', PASSWORD);
  const browser = new TestBrowser(bff.origin);
  const reply = await browser.json('/bff/login', 'POST', { name: 'ann', password: PASSWORD }, { headers });
  expect(reply.status, reply.text).toBe(200);
  return browser;
}

describe.each(STORE_KINDS)('%s store', (kind) => {
  it('lists the address a session signed in from; a forwarded address is not taken from an untrusted peer', async () => {
    const bff = await bffs.start(kind);
    const ann = await signedInAdmin(bff, { 'x-forwarded-for': '203.0.113.7' });
    const [session] = await allSessions(ann);
    expect(session).toMatchObject({ current: true, address: '127.0.0.1' });
  });

  it('takes the client a trusted proxy names (DPS_TRUST_PROXY)', async () => {
    const bff = await bffs.start(kind, { config: { trustProxy: true } });
    const ann = await signedInAdmin(bff, { 'x-forwarded-for': '203.0.113.7' });
    const [session] = await allSessions(ann);
    expect(session).toMatchObject({ current: true, address: '203.0.113.7' });
  });

  it('lists a session stored before addresses were kept with none', async () => {
    const bff = await bffs.start(kind);
    const ann = await signedInAdmin(bff);
    // Stored without an address, as the BFF stored sessions before: a file without the key, a row with NULL.
    await bff.bff.app.sessionStore.create({ accountId: 'zed-id', name: 'zed', role: 'viewer' }, 'Firefox 128 on Linux');
    const sessions = await allSessions(ann);
    expect(sessions.find((s) => s.operator.name === 'zed')).toMatchObject({ current: false, address: null });
    expect(sessions.find((s) => s.operator.name === 'ann')).toMatchObject({ current: true, address: '127.0.0.1' });
  });
});
