/** Models and validations (with their tasks), field by field. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelListSchema, modelSchema, validationSchema } from '@/contract';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { apiClient, type ApiClient } from '@/server/service/testing/http';
import { expect400 } from '@/server/service/testing/expect-error';

let svc: TestService;
let api: ApiClient;

beforeAll(async () => {
  svc = await startTestService();
  api = apiClient(svc.baseUrl, await svc.getToken());
});
afterAll(() => svc?.close());

const fieldConfig = {
  invoice_number: { type: 'string', description: 'Number on the invoice', maxLength: 64 },
  total: { type: 'amount' },
  line_items: { type: 'table', fields: { description: { type: 'string' }, amount: { type: 'amount' } } },
};

describe('models', () => {
  it('creates with every documented field, reads back unchanged, lists, patches and deletes', async () => {
    const created = await api.post('/models', {
      name: 'Invoices',
      description: 'd',
      metadata: { a: 1 },
      fieldConfig,
      preprocessConfig: {
        trimMargins: true,
        startPage: 0,
        pages: [0, 1],
        useGhostScript: false,
        usePoppler: true,
        padToFit: false,
        useTextDetection: true,
        maxPages: 3,
        optimizeDimensions: true,
        deskewImage: false,
        autoRotate: true,
      },
      postprocessConfig: { strategy: 'BEST_FIRST' },
      llmVersion: 'sonnet-4.6',
      confidenceVersion: 'v2',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const model = modelSchema.parse(created.body);
    expect(model.modelId).toMatch(/^svc:model:[a-z0-9-_]+$/);
    expect(model).toMatchObject({
      status: 'active',
      version: expect.any(Number),
      llmVersion: 'sonnet-4.6',
      confidenceVersion: 'v2',
    });
    expect((await api.get(`/models/${model.modelId}`)).body.fieldConfig).toEqual(fieldConfig);
    expect(modelListSchema.parse((await api.get('/models')).body).models.map((m) => m.modelId)).toContain(
      model.modelId,
    );

    const patched = await api.patch(`/models/${model.modelId}`, {
      fieldConfig: { ...fieldConfig, due_date: { type: 'date' } },
      status: 'inactive',
    });
    expect(patched.status).toBe(200);
    expect(patched.body.version).toBe((model.version ?? 0) + 1);
    expect(patched.body.status).toBe('inactive');
    expect(patched.body.name).toBe('Invoices');

    const deleted = await api.delete(`/models/${model.modelId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.modelId).toBe(model.modelId);
    expect((await api.get(`/models/${model.modelId}`)).status).toBe(404);
  });

  it('keeps the order of fields and columns as written (not re-sorted by storage)', async () => {
    const ordered = {
      zeta: { type: 'string' },
      line_items: { type: 'table', fields: { zz: { type: 'string' }, a: { type: 'amount' } } },
      b: { type: 'date' },
    };
    const { body: model } = await api.post('/models', { fieldConfig: ordered, metadata: { zz: 1, a: 2 } });
    const { body: read } = await api.get(`/models/${model.modelId}`);
    expect(Object.keys(read.fieldConfig)).toEqual(['zeta', 'line_items', 'b']);
    expect(Object.keys(read.fieldConfig.line_items.fields)).toEqual(['zz', 'a']);
    expect(Object.keys(read.metadata)).toEqual(['zz', 'a']);
  });

  it.each([
    ['llmVersion', { llmVersion: 'gpt-5' }],
    ['confidenceVersion', { confidenceVersion: 'v3' }],
    ['name', { name: 'x'.repeat(4097) }],
    ['description', { description: 'x'.repeat(4097) }],
    ['preprocessConfig', { preprocessConfig: { rotation: 90 } }],
    ['preprocessConfig', { preprocessConfig: { maxPages: -1 } }],
    ['preprocessConfig', { preprocessConfig: { startPage: 1.5 } }],
    ['preprocessConfig', { preprocessConfig: { trimMargins: 'yes' } }],
    ['postprocessConfig', { postprocessConfig: { strategy: '' } }],
    ['postprocessConfig', { postprocessConfig: { strategy: 7 } }],
    ['postprocessConfig', { postprocessConfig: { outputFormat: 'v1' } }],
    ['fieldConfig', { fieldConfig: { 'Bad Name': { type: 'string' } } }],
    ['fieldConfig', { fieldConfig: { ok: { type: 'colour' } } }],
    ['fieldConfig', { fieldConfig: { t: { type: 'table', fields: { inner: { type: 'table', fields: {} } } } } }],
    ['status', { status: 'active' }],
    ['version', { version: 2 }],
  ])('refuses a bad %s on create', async (field, body) => {
    await expect400(api.post('/models', body), field);
  });

  it('accepts every llmVersion value', async () => {
    for (const llmVersion of ['sonnet-4.0', 'sonnet-4.5', 'sonnet-4.6', 'qwen3-vl']) {
      expect((await api.post('/models', { llmVersion })).status).toBe(200);
    }
  });

  it('refuses an empty PATCH and a response-only field in PATCH', async () => {
    const { body: model } = await api.post('/models', { name: 'p' });
    await expect400(api.patch(`/models/${model.modelId}`, {}), /empty|at least one/i);
    await expect400(api.patch(`/models/${model.modelId}`, { statistics: {} }), 'statistics');
    await expect400(api.patch(`/models/${model.modelId}`, { status: 'retired' }), 'status');
  });
});

describe('validations and their tasks', () => {
  it('creates, reads, patches (enable/disable, config), lists and deletes', async () => {
    const config = {
      rules: [
        { type: 'confidenceThreshold', threshold: 0.8 },
        { type: 'requiredField', field: 'total' },
        { type: 'pattern', field: 'invoice_number', pattern: '^INV-' },
      ],
    };
    const created = await api.post('/validations', {
      name: 'Checks',
      description: 'd',
      metadata: { m: 1 },
      config,
      enabled: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const validation = validationSchema.parse(created.body);
    expect(validation.validationId).toMatch(/^svc:validation:[0-9a-f]{32}$/);
    expect(validation.config).toEqual(config);

    const disabled = await api.patch(`/validations/${validation.validationId}`, { enabled: false });
    expect(disabled.body).toMatchObject({ enabled: false, name: 'Checks' });
    expect(
      (await api.get('/validations')).body.validations.map((v: { validationId: string }) => v.validationId),
    ).toContain(validation.validationId);
    expect((await api.get(`/validations/${validation.validationId}/tasks`)).body).toEqual({
      validationTasks: [],
      nextToken: null,
    });

    const deleted = await api.delete(`/validations/${validation.validationId}`);
    expect(deleted.status).toBe(200);
    expect((await api.get(`/validations/${validation.validationId}`)).status).toBe(404);
  });

  it.each([
    ['config', { config: [] }],
    ['config', { config: { rules: [{ type: 'confidenceThreshold', threshold: 2 }] } }],
    ['config', { config: { rules: [{ type: 'pattern', field: 'a', pattern: '(' }] } }],
    ['config', { config: { rules: [{ type: 'magic' }] } }],
    ['enabled', { enabled: 'yes' }],
    ['name', { name: 'x'.repeat(4097) }],
    ['validationId', { validationId: 'svc:validation:abc' }],
  ])('refuses a bad %s', async (field, body) => {
    await expect400(api.post('/validations', body), field);
  });

  it('refuses a validation id that is not 32 hex characters', async () => {
    await expect400(api.get('/validations/svc:validation:abc'), 'validationId');
  });
});
