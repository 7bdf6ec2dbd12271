import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import * as c from './index';

const hex = 'a'.repeat(32);
const ok = (schema: z.core.$ZodType, value: unknown) =>
  expect(z.safeParse(schema, value).success, JSON.stringify(value)).toBe(true);
const bad = (schema: z.core.$ZodType, value: unknown) =>
  expect(z.safeParse(schema, value).success, JSON.stringify(value)).toBe(false);

describe('timestamps', () => {
  it.each([
    '2024-01-31T12:00:00Z',
    '20240131T120000Z',
    '2024-01-31 12:00:00Z',
    '2024-01-3112:00:00Z',
    '20240131120000Z',
    '2024-01-31T12:00:00.1Z',
    '2024-01-31T12:00:00.123456Z',
    '2024-01-31T12:00:00+01:00',
    '2024-01-31T12:00:00+0100',
    '2024-01-31T120000.5+0000',
  ])('accepts %s', (value) => ok(c.timestampSchema, value));
  it.each([
    '2024-01-31',
    '2024-01-31T12:00:00',
    '2024-01-31T12:00:00.1234567Z',
    '2024-01-31T12:00:00.Z',
    '2024-01-31T12:00Z',
    '2024-01-31t12:00:00Z',
    '2024-01-31T12:00:00-01:00',
    '2024-01-31T12:00:00+1:00',
    '24-01-31T12:00:00Z',
    ' 2024-01-31T12:00:00Z',
  ])('rejects %s', (value) => bad(c.timestampSchema, value));
  it('produces its own format', () => ok(c.timestampSchema, c.nowTimestamp()));
});

describe('URL rule', () => {
  it.each(['http://localhost', 'http://localhost:8788/v1/x', 'https://example.com', 'https://'])('accepts %s', (v) =>
    ok(c.urlSchema, v),
  );
  it.each(['http://example.com', 'http://127.0.0.1:8788', 'ftp://x', 'HTTPS://x', 'localhost', ''])('rejects %s', (v) =>
    bad(c.urlSchema, v),
  );
});

describe('email rule of Create User', () => {
  it.each(['a@b.co', 'A1@example.com', 'first.last+tag@mail.example.org', '9-x_y@sub.domain.io', 'a.-+_@b-c.de'])(
    'accepts %s',
    (v) => ok(c.emailSchema, v),
  );
  it.each([
    '.a@b.co',
    '-a@b.co',
    'a@b.c',
    'a@bco',
    'a@b.c0',
    'a b@c.de',
    'a@@b.co',
    '@b.co',
    'a@.co',
    'a#b@c.de',
    'a@b.co.',
  ])('rejects %s', (v) => bad(c.emailSchema, v));
});

describe('identifiers', () => {
  const cases: [z.core.$ZodType, string[], string[]][] = [
    [
      c.documentIdSchema,
      [`svc:document:${hex}`, `legacy:document:${hex}`],
      [
        `svc:document:${'A'.repeat(32)}`,
        `svc:document:${hex}0`,
        `other:document:${hex}`,
        `svc:document:${hex.slice(1)}`,
      ],
    ],
    [c.datasetIdSchema, [`svc:dataset:${hex}`, `legacy:dataset:${hex}`], [`svc:dataset:xyz`]],
    [c.consentIdSchema, [`legacy:consent:${hex}`], [`svc:consent:${hex}`]],
    [
      c.organizationIdSchema,
      ['svc:organization:acme-1_x', 'legacy:organization:a'],
      ['svc:organization:', 'svc:organization:Acme'],
    ],
    [
      c.planIdSchema,
      ['svc:plan:free', 'legacy:plan:pro:@team', 'svc:plan:pro:12', 'svc:organization:o1/svc:plan:pro'],
      ['svc:plan:', 'svc:plan:pro:x', 'plan:pro'],
    ],
    [c.paymentMethodIdSchema, [`svc:payment-method:${hex}`], ['svc:payment-method:1']],
    [c.modelIdSchema, ['svc:model:invoice-v2', 'legacy:model:a_b'], ['svc:model:Invoice']],
    [c.trainingIdSchema, ['legacy:model-training:t1'], ['svc:model-training:t1']],
    [c.userIdSchema, ['svc:user:AbC-1_z', 'legacy:user:x'], ['svc:user:', 'svc:user:a.b']],
    [
      c.roleIdSchema,
      ['svc:role:a', `svc:role:${'R'.repeat(32)}`, 'legacy:role:admin'],
      ['svc:role:', `svc:role:${'R'.repeat(33)}`, 'svc:role:a.b'],
    ],
    [c.profileIdSchema, [`svc:profile:${hex}`], ['svc:profile:abc']],
    [c.appClientIdSchema, ['svc:app-client:abc-1', 'legacy:app-client:x'], ['svc:app-client:ABC']],
    [c.validationIdSchema, [`svc:validation:${hex}`], [`legacy:validation:${hex}`, 'svc:validation:abc']],
    [
      c.validationRefSchema,
      ['svc:validation:abc', 'legacy:organization:o/svc:validation:x-1'],
      ['legacy:validation:abc'],
    ],
    [c.agentIdSchema, [`svc:agent:${hex}`], [`legacy:agent:${hex}`]],
    [c.runIdSchema, [`svc:run:${hex}`], ['svc:run:abc']],
    [
      c.agentRunRefSchema,
      [
        'svc:agent:a/svc:run:b',
        'svc:organization:o/svc:agent:a-1/svc:run:b_2',
        'legacy:organization:o/svc:agent:a/svc:run:b',
      ],
      ['svc:agent:a', 'legacy:agent:a/svc:run:b', 'svc:agent:A/svc:run:b'],
    ],
    [c.hookRefSchema, ['svc:hook:h1', 'svc:organization:o/svc:hook:h'], ['legacy:hook:h']],
    [c.actionRefSchema, ['svc:action:a1'], ['svc:action:']],
    [c.actionIdSchema, [`svc:action:${hex}`], ['svc:action:a1']],
    [c.logIdSchema, [`svc:log:${hex}`, `legacy:log:${hex}`], ['svc:log:1']],
  ];
  it.each(cases)('%#: accepts and rejects', (schema, good, wrong) => {
    good.forEach((v) => ok(schema, v));
    wrong.forEach((v) => bad(schema, v));
  });
  it('makes new ids of the svc namespace with 32 hex', () => {
    ok(c.documentIdSchema, c.newId('document'));
    ok(c.agentIdSchema, c.newId('agent'));
    ok(c.validationIdSchema, c.newId('validation'));
  });
});

describe('length and range limits', () => {
  it('text: 4096 chars max', () => {
    ok(c.textSchema, 'x'.repeat(4096));
    bad(c.textSchema, 'x'.repeat(4097));
  });
  it('retention: 1 to 1825 integers', () => {
    [1, 1825, 30].forEach((v) => ok(c.retentionInDaysSchema, v));
    [0, 1826, 1.5, '30', -1].forEach((v) => bad(c.retentionInDaysSchema, v));
  });
  it('content: 1 to 6,250,000 chars', () => {
    ok(c.documentContentSchema, 'A');
    ok(c.documentContentSchema, 'A'.repeat(6_250_000));
    bad(c.documentContentSchema, '');
    bad(c.documentContentSchema, 'A'.repeat(6_250_001));
  });
  it('counters are integers >= 0', () => {
    ok(c.nonNegativeIntSchema, 0);
    bad(c.nonNegativeIntSchema, -1);
    bad(c.nonNegativeIntSchema, 0.5);
  });
  it('list maxResults 1 to 1000', () => {
    ok(c.listQuerySchema, { maxResults: '1' });
    ok(c.listQuerySchema, { maxResults: '1000' });
    bad(c.listQuerySchema, { maxResults: '0' });
    bad(c.listQuerySchema, { maxResults: '1001' });
    bad(c.listQuerySchema, { maxResults: 'ten' });
  });
});

describe('enums', () => {
  it('has exactly the seed values', () => {
    expect(c.AGENT_RUN_STATUSES).toHaveLength(11);
    expect(c.CONTENT_TYPES).toEqual([
      'application/pdf',
      'image/jpeg',
      'image/png',
      'image/tiff',
      'image/webp',
      'message/rfc822',
    ]);
    ok(c.llmVersionSchema, 'sonnet-4.6');
    bad(c.llmVersionSchema, 'sonnet-5');
    ok(c.confidenceVersionSchema, 'v2');
    bad(c.confidenceVersionSchema, 'v3');
    bad(c.userStatusSchema, 'invite-pending');
    bad(c.contentTypeSchema, 'image/gif');
  });
});

describe('request bodies', () => {
  it('Create User requires email and rejects other fields', () => {
    ok(c.createUserBodySchema, { email: 'a@b.co' });
    ok(c.createUserBodySchema, {
      email: 'a@b.co',
      name: null,
      description: null,
      metadata: {},
      roleIds: ['svc:role:admin'],
      appClientId: 'svc:app-client:x',
    });
    bad(c.createUserBodySchema, {});
    bad(c.createUserBodySchema, { email: 'a@b.co', status: 'active' });
    bad(c.createUserBodySchema, { email: 'a@b.co', metadata: [] });
    ok(c.createUserBodySchema, { email: 'a@b.co', metadata: null, roleIds: null });
    bad(c.createUserBodySchema, { email: 'a@b.co', roleIds: ['svc:role:'] });
  });
  it('PATCH bodies are partial, closed and not empty', () => {
    ok(c.updateUserBodySchema, { name: 'n' });
    ok(c.updateUserBodySchema, { metadata: null, roleIds: null });
    bad(c.updateUserBodySchema, { metadata: 'text' });
    bad(c.updateUserBodySchema, {});
    bad(c.updateUserBodySchema, { email: 'a@b.co' });
    ok(c.updateDocumentBodySchema, { groundTruth: null });
    ok(c.updateDocumentBodySchema, {
      groundTruth: [{ label: 'total', value: '10', pages: [0], rawValue: '10,00', confidence: 0.9 }],
    });
    bad(c.updateDocumentBodySchema, { groundTruth: [{ label: 'total' }] });
    bad(c.updateDocumentBodySchema, { groundTruth: [{ label: 'total', value: '1', extra: 1 }] });
    bad(c.updateDocumentBodySchema, { retentionInDays: 1826 });
    ok(c.updateOrganizationBodySchema, { documentRetentionInDays: 1825, planId: 'svc:plan:pro' });
    bad(c.updateOrganizationBodySchema, { numberOfUsersAllowed: 3 });
    ok(c.updateAppClientBodySchema, { loginUrls: ['https://a.b'], defaultLoginUrl: 'http://localhost:3000' });
    bad(c.updateAppClientBodySchema, { loginUrls: ['http://a.b'] });
    ok(c.updateRoleBodySchema, {
      permissions: [{ resourceId: 'users' }, { resourceId: '*', effect: 'deny', action: 'write' }],
    });
    bad(c.updateRoleBodySchema, { permissions: [{ effect: 'allow' }] });
  });
  it('agent run PATCH accepts only archived', () => {
    ok(c.updateAgentRunBodySchema, { status: 'archived' });
    bad(c.updateAgentRunBodySchema, { status: 'completed' });
    bad(c.updateAgentRunBodySchema, { status: 'archived', x: 1 });
    bad(c.updateAgentRunBodySchema, {});
  });
  it('document content needs its content type', () => {
    ok(c.createDocumentBodySchema, { content: 'QQ==', contentType: 'application/pdf' });
    bad(c.createDocumentBodySchema, { content: 'QQ==' });
    ok(c.createDocumentBodySchema, { name: 'metadata first' });
  });
  it('model bodies: preprocess fields, llmVersion, field config', () => {
    ok(c.createModelBodySchema, {
      name: 'Invoice',
      llmVersion: 'qwen3-vl',
      confidenceVersion: 'v1',
      postprocessConfig: { strategy: 'BEST_FIRST' },
      preprocessConfig: { trimMargins: true, startPage: 0, pages: [0, 1], maxPages: 3, autoRotate: false },
      fieldConfig: { total: { type: 'amount' }, lines: { type: 'lines', fields: { qty: { type: 'number' } } } },
    });
    bad(c.createModelBodySchema, { preprocessConfig: { rotation: 90 } });
    bad(c.createModelBodySchema, { preprocessConfig: { startPage: -1 } });
    bad(c.createModelBodySchema, { fieldConfig: { 'Total Amount': { type: 'amount' } } });
    bad(c.createModelBodySchema, { fieldConfig: { lines: { type: 'lines' } } });
    bad(c.createModelBodySchema, { fieldConfig: { kind: { type: 'enum' } } });
    bad(c.createModelBodySchema, {
      fieldConfig: { lines: { type: 'lines', fields: { inner: { type: 'table', fields: {} } } } },
    });
    bad(c.createModelBodySchema, { status: 'active' });
  });
  it('validation config rules', () => {
    ok(c.createValidationBodySchema, { config: {} });
    ok(c.createValidationBodySchema, {
      config: {
        rules: [
          { type: 'confidenceThreshold', threshold: 0.8 },
          { type: 'pattern', field: 'iban', pattern: '^NO\\d+$' },
        ],
      },
    });
    bad(c.createValidationBodySchema, { config: { rules: [{ type: 'confidenceThreshold', threshold: 1.5 }] } });
    bad(c.createValidationBodySchema, { config: { rules: [{ type: 'pattern', field: 'x', pattern: '(' }] } });
  });
});

describe('describeZodError', () => {
  const describe_ = (schema: z.core.$ZodType, input: unknown) => {
    const result = z.safeParse(schema, input);
    if (result.success) throw new Error('expected failure');
    return c.describeZodError(result.error, input);
  };
  it('names the field and the rule', () => {
    expect(describe_(c.updateDocumentBodySchema, { retentionInDays: 0 })).toBe(
      'retentionInDays must be an integer from 1 to 1825',
    );
    expect(describe_(c.createUserBodySchema, {})).toBe('email is required');
    expect(describe_(c.createUserBodySchema, { email: 'x', foo: 1 })).toContain('foo is not an allowed field');
    expect(describe_(c.createUserBodySchema, { email: 'x' })).toMatch(/^email must be a valid email address/);
    expect(describe_(c.updateDocumentBodySchema, { groundTruth: [{ label: 1, value: 'v' }] })).toBe(
      'groundTruth[0].label must be a string',
    );
    expect(describe_(c.createUserBodySchema, [])).toBe('body must be a JSON object');
    expect(describe_(c.updateUserBodySchema, {})).toBe('body must contain at least one field to update');
    expect(describe_(c.createModelBodySchema, { fieldConfig: { totalAmount: { type: 'amount' } } })).toBe(
      'fieldConfig.totalAmount is not a valid key: it must be snake_case: a lowercase letter, then lowercase letters, digits or _ (at most 64)',
    );
  });
});

describe('resources', () => {
  it('the user response accepts no fields beyond the seed', () => {
    const user = {
      userId: 'svc:user:u1',
      name: null,
      description: null,
      metadata: null,
      roleIds: null,
      profileId: null,
      status: 'active',
      statusReason: null,
      createdTime: c.nowTimestamp(),
      updatedTime: null,
      createdBy: 'x',
      updatedBy: null,
    };
    ok(c.userSchema, user);
    bad(c.userSchema, { ...user, email: 'a@b.co' });
    const { createdBy: _createdBy, ...withoutCreatedBy } = user;
    bad(c.userSchema, withoutCreatedBy);
  });
  it('list envelopes carry nextToken', () => {
    ok(c.roleListSchema, { roles: [], nextToken: null });
    bad(c.roleListSchema, { roles: [] });
  });
  it('organization counters must be integers >= 0', () => {
    const org = {
      organizationId: 'svc:organization:o',
      createdTime: c.nowTimestamp(),
      updatedTime: null,
      createdBy: null,
      updatedBy: null,
    };
    ok(c.organizationSchema, { ...org, numberOfUsersAllowed: 10, monthlyNumberOfPagePredictionsUsed: 0 });
    bad(c.organizationSchema, { ...org, numberOfUsersCreated: -1 });
    expect(c.COUNTER_FIELDS).toContain('monthlyNumberOfValidationTasksAllowed');
    expect(c.COUNTER_FIELDS).toContain('monthlyNumberOfModelDeploymentUnitsUsed');
  });
});
