/**
 * Profiles and user search (extensions, docs/profiles.md): every new user has a profile with its invited email,
 * readable one by one and in batches, scoped to the organization; users are found by part of their name or email.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileListSchema, profileSchema, userSchema, userSearchResultSchema, type User } from '@/contract';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { apiClient, hex32, type ApiClient } from '@/server/service/testing/http';

let svc: TestService;
let api: ApiClient;
const run = Date.now().toString(36);

async function createUser(email: string, name: string | null): Promise<User> {
  const result = await api.post('/users', { email, name });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return userSchema.parse(result.body);
}

beforeAll(async () => {
  svc = await startTestService();
  api = apiClient(svc.baseUrl, await svc.getToken());
});
afterAll(() => svc?.close());

describe('profiles', () => {
  it('gives every new user a profile holding the email it was invited with', async () => {
    const user = await createUser(`Grace.Hopper-${run}@Example.com`, 'Grace Hopper');
    expect(user.profileId).toMatch(/^svc:profile:[0-9a-f]{32}$/);
    const result = await api.get(`/profiles/${user.profileId}`);
    expect(result.status).toBe(200);
    expect(profileSchema.parse(result.body)).toEqual({
      profileId: user.profileId,
      email: `Grace.Hopper-${run}@Example.com`,
      name: 'Grace Hopper',
      createdTime: user.createdTime,
    });
  });

  it('reads several profiles at once in the order asked, leaving out unknown ids', async () => {
    const a = await createUser(`batch-a-${run}@example.com`, 'A');
    const b = await createUser(`batch-b-${run}@example.com`, null);
    const unknown = `svc:profile:${hex32('e')}`;
    const result = await api.get(`/profiles?profileIds=${b.profileId},${unknown},${a.profileId}`);
    expect(result.status).toBe(200);
    const { profiles } = profileListSchema.parse(result.body);
    expect(profiles.map((p) => [p.profileId, p.email, p.name])).toEqual([
      [b.profileId, `batch-b-${run}@example.com`, null],
      [a.profileId, `batch-a-${run}@example.com`, 'A'],
    ]);
  });

  it('refuses malformed and too many profile ids, naming the parameter', async () => {
    for (const query of ['profileIds=svc:user:abc', 'profileIds=', '']) {
      const result = await api.get(`/profiles?${query}`);
      expect(result.status, query).toBe(400);
      expect(result.body.message).toMatch(/profileIds/);
    }
    const many = Array.from({ length: 101 }, (_, i) => `svc:profile:${i.toString(16).padStart(32, '0')}`);
    const result = await api.get(`/profiles?profileIds=${many.join(',')}`);
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/profileIds.*at most 100/);
  });

  it('answers 404 for an unknown profile and for another organization’s', async () => {
    expect((await api.get(`/profiles/svc:profile:${hex32('d')}`)).status).toBe(404);
    const mine = await createUser(`tenant-check-${run}@example.com`, 'Mine');
    const tenant = await svc.createTenant();
    const other = apiClient(svc.baseUrl, await tenant.getToken());
    const result = await other.get(`/profiles/${mine.profileId}`);
    expect(result.status).toBe(404);
    expect(JSON.stringify(result.body)).not.toContain('tenant-check');
    const batch = await other.get(`/profiles?profileIds=${mine.profileId}`);
    expect(batch.body).toEqual({ profiles: [] });
  });

  it('is gone with its user', async () => {
    const user = await createUser(`leaving-${run}@example.com`, 'Leaving');
    expect((await api.delete(`/users/${user.userId}`)).status).toBe(200);
    expect((await api.get(`/profiles/${user.profileId}`)).status).toBe(404);
  });
});

describe('GET /users/search', () => {
  it('finds users by part of the name or the email, case-insensitively, in the list order', async () => {
    const linus = await createUser(`ltorvalds-${run}@kernel.example.org`, 'Linus Torvalds');
    const tove = await createUser(`tove-${run}@moomin.example.fi`, `Tove Jansson ${run}`);
    const byEmail = await api.get(`/users/search?text=${encodeURIComponent(`KERNEL.example.org`)}`);
    expect(byEmail.status).toBe(200);
    expect(userSearchResultSchema.parse(byEmail.body).users.map((u) => u.userId)).toContain(linus.userId);
    expect(byEmail.body.users.map((u: User) => u.userId)).not.toContain(tove.userId);
    const byName = await api.get(`/users/search?text=${encodeURIComponent(`jansson ${run}`)}`);
    expect(byName.body.users.map((u: User) => u.userId)).toEqual([tove.userId]);
    const byRun = await api.get(`/users/search?text=${run}`);
    const ids = byRun.body.users.map((u: User) => u.userId);
    expect(ids.indexOf(linus.userId)).toBeLessThan(ids.indexOf(tove.userId));
  });

  it('matches LIKE wildcards literally', async () => {
    await createUser(`percent-${run}@example.com`, `100% sure ${run}`);
    const literal = await api.get(`/users/search?text=${encodeURIComponent(`0% sure ${run}`)}`);
    expect(literal.body.users).toHaveLength(1);
    const wildcard = await api.get(`/users/search?text=${encodeURIComponent(`1_0`)}`);
    expect(wildcard.body.users).toEqual([]);
  });

  it('pages with nextToken, and a token belongs to its own search', async () => {
    for (let i = 0; i < 3; i++) await createUser(`pager-${i}-${run}@example.com`, `Pager ${i}`);
    const first = await api.get(`/users/search?text=pager-&maxResults=2`);
    expect(first.body.users).toHaveLength(2);
    expect(first.body.nextToken).toEqual(expect.any(String));
    const second = await api.get(`/users/search?text=pager-&maxResults=2&nextToken=${first.body.nextToken}`);
    expect(second.body.users.map((u: User) => u.name)).toEqual(['Pager 2']);
    expect(second.body.nextToken).toBeNull();
    const other = await api.get(`/users/search?text=other&maxResults=2&nextToken=${first.body.nextToken}`);
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/nextToken/);
  });

  it('refuses an empty or over-long text, naming the parameter', async () => {
    for (const query of ['', 'text=', 'text=%20%20', `text=${'x'.repeat(201)}`]) {
      const result = await api.get(`/users/search?${query}`);
      expect(result.status, query).toBe(400);
      expect(result.body.message).toMatch(/text/);
    }
  });

  it('finds only the caller’s organization’s users', async () => {
    await createUser(`only-mine-${run}@example.com`, 'Only mine');
    const tenant = await svc.createTenant();
    const other = apiClient(svc.baseUrl, await tenant.getToken());
    const result = await other.get(`/users/search?text=only-mine-${run}`);
    expect(result.status).toBe(200);
    expect(result.body.users).toEqual([]);
  });
});
