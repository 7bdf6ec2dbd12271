/**
 * Every capability of the contract's table that a viewer lacks is refused to a viewer, with a 403 naming the roles
 * that have it; the same requests pass for an admin. The table's capabilities are all listed below: adding one to
 * the contract fails this test until its refusal is tested too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_CAPABILITIES, roleMay, type OperatorCapability } from '@/contract/operator-capabilities';
import { bffsOnEachStore, STORE_KINDS } from '@/server/bff/testing/bffs-on-each-store';
import { TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';

const PASSWORD = 'correct-horse-battery';
const FILE_URL = (bff: RunningBff) =>
  encodeURIComponent(`${bff.bff.config.upstream.baseUrl}/documents/svc:document:1/file`);

/** The requests that need each capability, as the console sends them. */
const NEEDS: Record<OperatorCapability, ((bff: RunningBff) => [method: string, path: string])[]> = {
  read: [() => ['GET', '/api/users'], (bff) => ['GET', `/bff/file?url=${FILE_URL(bff)}`]],
  write: [
    () => ['POST', '/api/users'],
    () => ['DELETE', '/api/users/svc:user:1'],
    (bff) => ['PUT', `/bff/file?url=${FILE_URL(bff)}`],
  ],
  readAuditLog: [() => ['GET', '/bff/audit']],
  manageOwnSessions: [() => ['GET', '/bff/sessions'], () => ['DELETE', '/bff/sessions?others=1']],
  manageOthersSessions: [() => ['GET', '/bff/sessions?scope=all'], () => ['DELETE', '/bff/sessions?operator=ned']],
};

const bffs = bffsOnEachStore();

describe.each(STORE_KINDS)('capabilities (%s store)', (kind) => {
  let bff: RunningBff;
  const browsers: Partial<Record<'admin' | 'viewer', TestBrowser>> = {};
  beforeAll(async () => {
    bff = await bffs.start(kind);
    for (const [name, role] of [
      ['ned', 'admin'],
      ['ola', 'viewer'],
    ] as const) {
      await bff.addOperator(name, role, PASSWORD);
      const browser = new TestBrowser(bff.origin);
      expect((await browser.login(name, PASSWORD)).status).toBe(200);
      browsers[role] = browser;
    }
  });

  const send = (browser: TestBrowser, [method, path]: [string, string]) =>
    browser.request(path, {
      method,
      ...(method === 'GET' || method === 'DELETE'
        ? {}
        : { body: '{}', headers: { 'content-type': 'application/json' } }),
    });

  const denied = (Object.keys(OPERATOR_CAPABILITIES) as OperatorCapability[]).filter((c) => !roleMay('viewer', c));
  it.each(denied)('refuses %s to a viewer with a 403 naming who may', async (capability) => {
    const roles = (OPERATOR_CAPABILITIES[capability] as readonly string[]).join(' or ');
    for (const request of NEEDS[capability]) {
      const target = request(bff);
      const reply = await send(browsers.viewer!, target);
      expect(reply.status, target.join(' ')).toBe(403);
      expect(reply.json<{ message: string }>().message, target.join(' ')).toMatch(
        capability === 'write' ? /^Forbidden: operator role viewer may only read/ : `needs the ${roles} role`,
      );
    }
  });

  it.each(Object.keys(OPERATOR_CAPABILITIES) as OperatorCapability[])('lets an admin %s', async (capability) => {
    for (const request of NEEDS[capability]) {
      const target = request(bff);
      expect((await send(browsers.admin!, target)).status, target.join(' ')).toBeLessThan(400);
    }
  });
});
