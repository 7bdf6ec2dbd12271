/**
 * U+0000 in the BFF's own inputs (issue 25 item 7): refused with a 400 `{message}` naming the field, never a 500, on
 * the file store and, when DPS_DATABASE_URL names a server, on the PostgreSQL store (which refuses it in text).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '@/contract';
import { bffsOnEachStore, STORE_KINDS } from '@/server/bff/testing/bffs-on-each-store';
import { TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';

const PASSWORD = 'correct-horse-battery';
const bffs = bffsOnEachStore();

describe.each(STORE_KINDS)('%s store', (kind) => {
  let bff: RunningBff;
  let admin: TestBrowser;

  beforeAll(async () => {
    bff = await bffs.start(kind);
    await bff.addOperator('ned', 'admin', PASSWORD);
    admin = new TestBrowser(bff.origin);
    expect((await admin.login('ned', PASSWORD)).status).toBe(200);
  });

  function expectRefused(reply: { status: number; json(): Record<string, unknown> }, field: string) {
    expect(reply.status).toBe(400);
    expect(reply.json()).toEqual({ message: `${field} ${NUL_MESSAGE}` });
  }

  it('refuses it in the sign-in name and password', async () => {
    const browser = new TestBrowser(bff.origin);
    expectRefused(await browser.login('ne\u0000d', PASSWORD), 'name');
    expectRefused(await browser.login('ned', `${PASSWORD}\u0000`), 'password');
    expectRefused(
      await browser.json('/bff/login', 'POST', { name: 'ned', password: PASSWORD, ['x\u0000']: 1 }),
      'x\\u0000',
    );
    // The refusals were not failed sign-ins: the right password still works.
    expect((await browser.login('ned', PASSWORD)).status).toBe(200);
  });

  it('refuses it in every audit filter', async () => {
    expectRefused(await admin.request('/bff/audit?path=/%00'), 'path');
    expectRefused(await admin.request('/bff/audit?operator=%00'), 'operator');
    expectRefused(await admin.request('/bff/audit?cursor=a%00b'), 'cursor');
    expectRefused(await admin.request('/bff/audit?operator=ned&operator=n%00'), 'operator[1]');
    expect((await admin.request('/bff/audit?operator=ned')).status).toBe(200);
  });

  it('refuses it in session filters', async () => {
    expectRefused(await admin.request('/bff/sessions?operator=n%00', { method: 'DELETE' }), 'operator');
    expectRefused(await admin.request('/bff/sessions?scope=%00'), 'scope');
    expect(await admin.signedIn()).toBe(true);
  });

  it('refuses it in a new password', async () => {
    await expect(bff.addOperator('nul', 'viewer', `${PASSWORD}\u0000`)).rejects.toThrow(`password ${NUL_MESSAGE}`);
  });
});
