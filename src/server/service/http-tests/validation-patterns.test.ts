/**
 * Validation pattern rules over HTTP: refused when saved if RE2 cannot run them in linear time (naming the field and
 * the rule), and matched without backtracking when a run checks its predictions — `^(a+)+$` against a's and a `!`
 * once froze the whole service inside the run's transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRunSchema, validationTaskInputSchema, validationTaskListSchema } from '@/contract';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { apiClient, type ApiClient } from '@/server/service/testing/http';

let svc: TestService;
let api: ApiClient;

beforeAll(async () => {
  svc = await startTestService();
  api = apiClient(svc.baseUrl, await svc.getToken());
});
afterAll(() => svc?.close());

const patternConfig = (pattern: string) => ({ rules: [{ type: 'pattern', field: 'code', pattern }] });

describe('pattern rules when saved', () => {
  it('refuse backreferences and lookaround on create and on update, naming the field and the rule', async () => {
    for (const pattern of ['(a)\\1', '^(?=a)a$', '(?<!x)y']) {
      const created = await api.post('/validations', { name: 'v', config: patternConfig(pattern) });
      expect(created.status, pattern).toBe(400);
      expect(created.body.message).toMatch(
        /^config\.rules\[0\]\.pattern must use RE2 syntax, which has no backreferences, lookahead or lookbehind/,
      );
    }
    const saved = await api.post('/validations', { name: 'v', config: patternConfig('^\\d+$') });
    expect(saved.status).toBe(200);
    const patched = await api.patch(`/validations/${saved.body.validationId}`, { config: patternConfig('(a)\\1') });
    expect(patched.status).toBe(400);
    expect(patched.body.message).toMatch(/^config\.rules\[0\]\.pattern must use RE2 syntax/);
  });

  it('refuse a pattern longer than 500 characters', async () => {
    const created = await api.post('/validations', { config: patternConfig('a'.repeat(501)) });
    expect(created.status).toBe(400);
    expect(created.body.message).toBe('config.rules[0].pattern must be at most 500 characters');
  });
});

describe('pattern rules when a run checks its predictions', () => {
  it('match ^(a+)+$ against 48 a and a ! at once, and send the run to review with the issue', async () => {
    const model = await api.post('/models', { name: 'codes', fieldConfig: { code: { type: 'string' } } });
    const validation = await api.post('/validations', { name: 'only a', config: patternConfig('^(a+)+$') });
    const document = await api.post('/documents', {
      name: 'd',
      groundTruth: [{ label: 'code', value: `${'a'.repeat(48)}!` }],
    });
    const agent = await api.post('/agents', {
      name: 'a',
      resourceIds: [model.body.modelId, validation.body.validationId],
    });
    for (const result of [model, validation, document, agent])
      expect(result.status, JSON.stringify(result.body)).toBe(200);

    const started = await api.post(`/agents/${agent.body.agentId}/runs`, { documentId: document.body.documentId });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(agentRunSchema.parse(started.body).status).toBe('ready-for-review');
    const tasks = validationTaskListSchema.parse(
      (await api.get(`/validations/${validation.body.validationId}/tasks`)).body,
    );
    expect(tasks.validationTasks).toHaveLength(1);
    const input = validationTaskInputSchema.parse(tasks.validationTasks[0].input);
    expect(input.issues).toEqual([{ field: 'code', rule: 'pattern', message: 'code does not match ^(a+)+$' }]);
  });
});
