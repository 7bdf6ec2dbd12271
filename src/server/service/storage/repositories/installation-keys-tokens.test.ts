/**
 * The repository functions with rules of their own (not a plain resource repository): who wins the first start's
 * state, which tokens a new token purges and a revocation removes, which roles' permissions a delegation check sees,
 * and when an Idempotency-Key can be claimed, marked, released. Against the configured database like storage.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore } from '@/server/service/testing/test-store';
import type { Role } from '@/contract';
import { rows, type Store } from '@/server/service/storage';
import { revokeAccessTokens, storeAccessToken } from './access-tokens';
import { claimKey, findLiveKey, markKeyApplied, releaseKey } from './idempotency-keys';
import { rolePermissions, rolesRepo } from './roles';
import { claimServiceState, readServiceState, writeServiceState } from './service-state';

let store: Store;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ store, close } = await openTestStore('repos'));
});
afterAll(() => close?.());

const tokenHashes = async () =>
  (await rows<{ token_hash: string }>(store.db, sql`SELECT token_hash FROM access_tokens ORDER BY token_hash`)).map(
    (r) => r.token_hash,
  );

describe('service state', () => {
  it('lets exactly one of concurrent claims take a key, and reads back what was written', async () => {
    const claims = await Promise.all([1, 2, 3].map(() => claimServiceState(store.db, 'first-start')));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimServiceState(store.db, 'first-start')).toBe(false);
    await writeServiceState(store.db, 'first-start', { organizationId: 'org-1' });
    expect(await readServiceState(store.db, 'first-start')).toEqual({ organizationId: 'org-1' });
    expect(await readServiceState(store.db, 'never-claimed')).toBeUndefined();
  });
});

describe('access tokens', () => {
  it('purges expired tokens when storing one, and revokes only the given client of the given organization', async () => {
    const token = (tokenHash: string, organizationId: string, appClientId: string, inMs: number) => ({
      tokenHash,
      organizationId,
      appClientId,
      expiresAt: new Date(Date.now() + inMs).toISOString(),
    });
    await store.transaction(async (tx) => {
      await storeAccessToken(tx, token('a-expired', 'org-1', 'client-1', -1000));
      await storeAccessToken(tx, token('b-live', 'org-1', 'client-1', 60_000));
    });
    expect(await tokenHashes()).toEqual(['b-live']);
    await store.transaction(async (tx) => {
      await storeAccessToken(tx, token('c-other-client', 'org-1', 'client-2', 60_000));
      await storeAccessToken(tx, token('d-other-org', 'org-2', 'client-1', 60_000));
    });
    await store.transaction((tx) => revokeAccessTokens(tx, 'org-1', 'client-1'));
    expect(await tokenHashes()).toEqual(['c-other-client', 'd-other-org']);
  });
});

describe('role permissions', () => {
  it("maps each id that is a role of the organization to its permissions; another organization's role is absent", async () => {
    const role = (roleId: string, resourceId: string): Role => ({
      roleId,
      name: null,
      description: null,
      metadata: {},
      permissions: [{ resourceId, effect: 'allow', action: 'read' }],
      createdTime: new Date().toISOString(),
      createdBy: null,
      updatedTime: null,
      updatedBy: null,
    });
    await rolesRepo.create(store.db, 'org-1', role('svc:role:reader', 'documents'));
    await rolesRepo.create(store.db, 'org-2', role('svc:role:elsewhere', 'users'));
    const found = await rolePermissions(store.db, 'org-1', ['svc:role:reader', 'svc:role:elsewhere', 'svc:role:none']);
    expect([...found]).toEqual([['svc:role:reader', [{ resourceId: 'documents', effect: 'allow', action: 'read' }]]]);
    expect(await rolePermissions(store.db, 'org-1', [])).toEqual(new Map());
  });
});

describe('idempotency keys', () => {
  const scope = { organizationId: 'org-1', appClientId: 'client-1', key: 'key-1' };
  const age = (hours: number) =>
    store.db.execute(sql`UPDATE idempotency_keys SET created_time = now() - make_interval(hours => ${hours})`);

  it('claims a free or expired key only, marks and releases it only under its own claim token', async () => {
    expect(await claimKey(store.db, scope, 'hash-1', 'token-1')).toBe(true);
    expect(await claimKey(store.db, scope, 'hash-2', 'token-2')).toBe(false);
    expect(await claimKey(store.db, { ...scope, appClientId: 'client-2' }, 'hash-2', 'token-3')).toBe(true);

    expect(await store.transaction((tx) => markKeyApplied(tx, scope, 'token-2'))).toBe(false);
    expect(await store.transaction((tx) => markKeyApplied(tx, scope, 'token-1'))).toBe(true);
    expect(await releaseKey(store.db, scope, 'token-1')).toBe(false); // applied: kept
    expect(await findLiveKey(store.db, scope)).toMatchObject({ request_hash: 'hash-1', applied: true });

    await age(25);
    expect(await findLiveKey(store.db, scope)).toBeUndefined();
    expect(await claimKey(store.db, scope, 'hash-4', 'token-4')).toBe(true); // expired: taken over, reset
    expect(await findLiveKey(store.db, scope)).toMatchObject({ request_hash: 'hash-4', applied: false });
    expect(await releaseKey(store.db, scope, 'token-1')).toBe(false); // the old claim no longer owns it
    expect(await releaseKey(store.db, scope, 'token-4')).toBe(true);
    expect(await findLiveKey(store.db, scope)).toBeUndefined();
  });
});
