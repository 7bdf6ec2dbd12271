/**
 * Every capability of the contract's table that a role lacks is refused to an operator of that role (viewer,
 * reviewer) with a 403 naming the roles that have it; every capability it has passes, and an admin passes them all.
 * The table's capabilities are all listed below: adding one to the contract fails this test until its requests are
 * listed too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperatorRole } from '@/contract/bff-session';
import { OPERATOR_CAPABILITIES, roleMay, type OperatorCapability } from '@/contract/operator-capabilities';
import { bffsOnEachStore, STORE_KINDS } from '@/server/bff/testing/bffs-on-each-store';
import { TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';

const PASSWORD = 'correct-horse-battery';
const FILE_URL = (bff: RunningBff) =>
  encodeURIComponent(`${bff.bff.config.upstream.baseUrl}/documents/svc:document:1/file`);
const AGENT = 'svc:agent:00000000000000000000000000000001';

type Target = [method: string, path: string, body?: unknown];

/**
 * The requests that need each capability, as the console sends them. `manageReviewHolds` is the review endpoints'
 * own decision (which hold is whose), tested beside them in src/server/bff/review/; here only its table entry.
 */
const NEEDS: Record<OperatorCapability, ((bff: RunningBff) => Target)[]> = {
  read: [
    () => ['GET', '/api/users'],
    () => ['GET', `/api/agents/${AGENT}/runs`],
    (bff) => ['GET', `/bff/file?url=${FILE_URL(bff)}`],
  ],
  write: [
    // Users, roles, app clients, the organization, models, validations, agents.
    () => ['POST', '/api/users', { email: 'a@b.co' }],
    () => ['DELETE', '/api/users/svc:user:1'],
    () => ['PATCH', '/api/roles/svc:role:x', { name: 'x' }],
    () => ['POST', '/api/appClients', { name: 'x' }],
    () => ['PATCH', '/api/organizations/me', { name: 'x' }],
    () => ['POST', '/api/models', { name: 'x' }],
    () => ['PATCH', '/api/validations/svc:validation:1', { name: 'x' }],
    () => ['POST', '/api/agents', { name: 'x' }],
    () => ['PATCH', `/api/agents/${AGENT}`, { name: 'x' }],
    // Runs: start, export, delete (archive is review's).
    () => ['POST', `/api/agents/${AGENT}/runs`, { documentId: 'svc:document:1' }],
    () => ['POST', `/api/agents/${AGENT}/runs/svc:run:1/export`, {}],
    () => ['DELETE', `/api/agents/${AGENT}/runs/svc:run:1`],
    // Documents: upload (metadata, then the file), delete, and properties other than the ground truth.
    () => ['POST', '/api/documents', { name: 'x' }],
    (bff) => ['PUT', `/bff/file?url=${FILE_URL(bff)}`, 'bytes'],
    () => ['DELETE', '/api/documents/svc:document:1'],
    () => ['PATCH', '/api/documents/svc:document:1', { name: 'x' }],
    () => ['PATCH', '/api/documents/svc:document:1', { groundTruth: null, metadata: {} }],
  ],
  review: [
    () => ['PATCH', '/api/validations/svc:validation:1/tasks/svc:validation-task:1', { status: 'in-progress' }],
    () => ['PATCH', '/api/documents/svc:document:1', { groundTruth: [{ label: 'total', value: '1' }] }],
    () => ['PATCH', `/api/agents/${AGENT}/runs/svc:run:1`, { status: 'archived' }],
  ],
  manageReviewHolds: [],
  manageReviewSettings: [() => ['PUT', '/bff/review/settings', { maxWaitMinutes: 240 }]],
  readAuditLog: [() => ['GET', '/bff/audit']],
  manageOwnSessions: [() => ['GET', '/bff/sessions'], () => ['DELETE', '/bff/sessions?others=1']],
  manageOthersSessions: [() => ['GET', '/bff/sessions?scope=all'], () => ['DELETE', '/bff/sessions?operator=ned']],
};

const CAPABILITIES = Object.keys(OPERATOR_CAPABILITIES) as OperatorCapability[];
const OPERATORS = { admin: 'ned', reviewer: 'rex', viewer: 'ola' } as const satisfies Record<OperatorRole, string>;

/** The refusal a role gets for a capability: a reader that may not review "may only read"; others name who may. */
function refusalPattern(role: OperatorRole, capability: OperatorCapability): RegExp {
  if ((capability === 'write' || capability === 'review') && !roleMay(role, 'review'))
    return new RegExp(`^Forbidden: operator role ${role} may only read; [A-Z]+ is not allowed$`);
  const roles = (OPERATOR_CAPABILITIES[capability] as readonly string[]).join(' or ');
  return new RegExp(`^Forbidden: .* needs the ${roles} role; operator "${OPERATORS[role]}" is ${role}`);
}

const bffs = bffsOnEachStore();

describe.each(STORE_KINDS)('capabilities (%s store)', (kind) => {
  let bff: RunningBff;
  const browsers: Partial<Record<OperatorRole, TestBrowser>> = {};
  beforeAll(async () => {
    bff = await bffs.start(kind);
    for (const [role, name] of Object.entries(OPERATORS) as [OperatorRole, string][]) {
      await bff.addOperator(name, role, PASSWORD);
      const browser = new TestBrowser(bff.origin);
      expect((await browser.login(name, PASSWORD)).status).toBe(200);
      browsers[role] = browser;
    }
  });

  const send = (browser: TestBrowser, [method, path, body]: Target) =>
    browser.request(path, {
      method,
      ...(body === undefined
        ? {}
        : typeof body === 'string'
          ? { body }
          : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });

  it('lists requests for every capability but the review endpoints’ own', () => {
    expect(CAPABILITIES.filter((c) => NEEDS[c].length === 0)).toEqual(['manageReviewHolds']);
  });

  for (const role of ['viewer', 'reviewer'] as const) {
    const denied = CAPABILITIES.filter((c) => !roleMay(role, c) && NEEDS[c].length > 0);
    it.each(denied)(`refuses %s to a ${role} with a 403 naming who may`, async (capability) => {
      for (const request of NEEDS[capability]) {
        const target = request(bff);
        const reply = await send(browsers[role]!, target);
        const what = `${target[0]} ${target[1]} ${JSON.stringify(target[2] ?? '')}`;
        expect(reply.status, what).toBe(403);
        expect(reply.json<{ message: string }>().message, what).toMatch(refusalPattern(role, capability));
      }
    });

    const allowed = CAPABILITIES.filter((c) => roleMay(role, c));
    it.each(allowed)(`lets a ${role} %s`, async (capability) => {
      // A reviewer's sessions requests name "ned": ending another's sessions is refused before; own ones pass.
      for (const request of NEEDS[capability]) {
        const target = request(bff);
        expect((await send(browsers[role]!, target)).status, target.join(' ')).toBeLessThan(400);
      }
    });
  }

  it.each(CAPABILITIES)('lets an admin %s', async (capability) => {
    for (const request of NEEDS[capability]) {
      const target = request(bff);
      expect((await send(browsers.admin!, target)).status, target.join(' ')).toBeLessThan(400);
    }
  });

  // By path, like every rule: a path under /bff/review that no route serves gets the same checks as the routes.
  it('gives /bff/review/* sign-in, X-CSRF on writes, reads to every role and writes to reviewers', async () => {
    const path = '/bff/review/no-such-endpoint';
    expect((await new TestBrowser(bff.origin).request(path)).status).toBe(401);
    expect((await browsers.reviewer!.request(path, { method: 'POST', noCsrf: true })).status).toBe(401);
    const crossSite = { headers: { 'sec-fetch-site': 'cross-site' } };
    expect((await browsers.reviewer!.request(path, crossSite)).status).toBe(403);
    const viewerWrite = await browsers.viewer!.request(path, { method: 'POST' });
    expect(viewerWrite.status).toBe(403);
    expect(viewerWrite.json<{ message: string }>().message).toMatch(refusalPattern('viewer', 'review'));
    // Let through by the rules: the router's 404.
    for (const role of ['viewer', 'reviewer', 'admin'] as const) {
      expect((await browsers[role]!.request(path)).status, role).toBe(404);
    }
    for (const role of ['reviewer', 'admin'] as const) {
      expect((await browsers[role]!.request(path, { method: 'POST' })).status, role).toBe(404);
    }
  });
});
