/**
 * The BFF takes who may do what from the contract's capability table alone: with a table that gives viewers every
 * capability, a viewer passes every check an admin passes (no role name is checked anywhere else).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bffsOnEachStore } from '@/server/bff/testing/bffs-on-each-store';
import { TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';

vi.mock('@/contract/operator-capabilities', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/contract/operator-capabilities')>();
  const everyone = ['admin', 'reviewer', 'viewer'] as const;
  const table = Object.fromEntries(Object.keys(real.OPERATOR_CAPABILITIES).map((c) => [c, everyone]));
  return { ...real, OPERATOR_CAPABILITIES: table, roleMay: () => true };
});

const PASSWORD = 'correct-horse-battery';
const bffs = bffsOnEachStore();

describe('a capability table that lets viewers do everything', () => {
  let bff: RunningBff;
  let viewer: TestBrowser;
  let other: TestBrowser;
  beforeAll(async () => {
    bff = await bffs.start('files');
    await bff.addOperator('ola', 'viewer', PASSWORD);
    await bff.addOperator('vic', 'viewer', PASSWORD);
    viewer = new TestBrowser(bff.origin);
    other = new TestBrowser(bff.origin);
    expect((await viewer.login('ola', PASSWORD)).status).toBe(200);
    expect((await other.login('vic', PASSWORD)).status).toBe(200);
  });

  it('lets a viewer write through /api and upload files', async () => {
    expect((await viewer.json('/api/users', 'POST', { email: 'a@b.co' })).status).toBe(200);
    const fileUrl = encodeURIComponent(`${bff.bff.config.upstream.baseUrl}/documents/svc:document:1/file`);
    const upload = await viewer.request(`/bff/file?url=${fileUrl}`, { method: 'PUT', body: 'bytes' });
    expect(upload.status).toBe(200);
  });

  it("lets a viewer read the audit log and list and end other operators' sessions", async () => {
    expect((await viewer.request('/bff/audit')).status).toBe(200);
    const all = await viewer.request('/bff/sessions?scope=all');
    expect(all.status).toBe(200);
    const sessions = all.json<{ sessions: { handle: string; operator: { name: string } }[] }>().sessions;
    const vics = sessions.find((s) => s.operator.name === 'vic')!;
    expect((await viewer.request(`/bff/sessions/${vics.handle}`, { method: 'DELETE' })).status).toBe(200);
    expect(await other.signedIn()).toBe(false);
    expect((await viewer.request('/bff/sessions?operator=vic', { method: 'DELETE' })).status).toBe(200);
  });
});
