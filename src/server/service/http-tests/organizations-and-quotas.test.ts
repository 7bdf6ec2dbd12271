/** Organizations (`/organizations/me`, create, patch with the seed's constraints), counters and quotas (429). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTER_FIELDS, organizationSchema } from '@/contract';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { apiClient, hex32, type ApiClient } from '@/server/service/testing/http';
import { expect400 } from '@/server/service/testing/expect-error';

let svc: TestService;
let api: ApiClient;

beforeAll(async () => {
  svc = await startTestService({
    env: { DPS_DEFAULT_QUOTAS: JSON.stringify({ numberOfUsersAllowed: 3, numberOfModelsAllowed: 2 }) },
  });
  api = apiClient(svc.baseUrl, await svc.getToken());
});
afterAll(() => svc?.close());

describe('organizations', () => {
  it('/organizations/me is the caller organization with every counter', async () => {
    const result = await api.get('/organizations/me');
    expect(result.status).toBe(200);
    const org = organizationSchema.parse(result.body) as Record<string, unknown>;
    expect(org.numberOfUsersAllowed).toBe(3);
    expect(org.numberOfUsersCreated).toBe(0);
    expect(org.numberOfAppClientsCreated).toBe(1);
    expect(org).toHaveProperty('monthlyNumberOfPagePredictionsUsed');
    // Every counter the seed names, usage-only ones included, is an integer >= 0.
    for (const field of COUNTER_FIELDS)
      expect(Number.isInteger(org[field]) && (org[field] as number) >= 0, field).toBe(true);
  });

  it('PATCH applies the seed constraints and keeps counters read-only', async () => {
    const { body: me } = await api.get('/organizations/me');
    const path = `/organizations/${me.organizationId}`;
    const ok = await api.patch(path, {
      name: 'Acme',
      description: 'd',
      url: 'https://acme.example',
      documentRetentionInDays: 1825,
      metadata: { tier: 1 },
      planId: 'svc:plan:team:@monthly',
      paymentMethodId: `svc:payment-method:${hex32('a')}`,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(organizationSchema.parse(ok.body)).toMatchObject({
      name: 'Acme',
      url: 'https://acme.example',
      documentRetentionInDays: 1825,
    });
    expect((await api.patch(path, { planId: `legacy:organization:acme/svc:plan:pro:12` })).status).toBe(200);

    await expect400(api.patch(path, { url: 'http://acme.example' }), 'url');
    await expect400(api.patch(path, { documentRetentionInDays: 0 }), 'documentRetentionInDays');
    await expect400(api.patch(path, { documentRetentionInDays: 1826 }), 'documentRetentionInDays');
    await expect400(api.patch(path, { planId: 'plan-1' }), 'planId');
    await expect400(api.patch(path, { paymentMethodId: 'svc:payment-method:xyz' }), 'paymentMethodId');
    await expect400(api.patch(path, { numberOfUsersAllowed: 1000 }), 'numberOfUsersAllowed');
    await expect400(api.patch(path, {}), /empty|at least one/i);
  });

  it('POST creates an organization the caller can see; the other fields of the seed are refused', async () => {
    const created = await api.post('/organizations', {
      name: 'Child',
      description: 'c',
      url: 'http://localhost:9000',
      useNewScopes: true,
      metadata: {},
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const child = organizationSchema.parse(created.body);
    expect((await api.get(`/organizations/${child.organizationId}`)).body.name).toBe('Child');
    expect(
      (await api.get('/organizations')).body.organizations.map((o: { organizationId: string }) => o.organizationId),
    ).toContain(child.organizationId);
    await expect400(api.post('/organizations', { name: 'x', documentRetentionInDays: 10 }), 'documentRetentionInDays');
    await expect400(api.post('/organizations', { url: 'ftp://x' }), 'url');
  });
});

describe('quotas', () => {
  it('counts created users and refuses the one over the quota with 429 Limit Exceeded, writing nothing', async () => {
    for (let i = 0; i < 3; i++) expect((await api.post('/users', { email: `q${i}@example.com` })).status).toBe(200);
    const over = await api.post('/users', { email: 'q3@example.com' });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ message: 'Limit Exceeded' });
    const { body: me } = await api.get('/organizations/me');
    expect(me.numberOfUsersCreated).toBe(3);
    expect((await api.get('/users?maxResults=1000')).body.users).toHaveLength(3);
  });

  it('deleting frees the quota again', async () => {
    for (let i = 0; i < 2; i++) expect((await api.post('/models', { name: `m${i}` })).status).toBe(200);
    expect((await api.post('/models', { name: 'm2' })).status).toBe(429);
    const { body: list } = await api.get('/models');
    expect((await api.delete(`/models/${list.models[0].modelId}`)).status).toBe(200);
    expect((await api.post('/models', { name: 'm3' })).status).toBe(200);
  });
});
