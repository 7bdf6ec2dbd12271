import { describe, expect, it } from 'vitest';
import { AGENT_RUN_STATUSES, agentRunEventSchema, type AgentRunStatus, type FieldConfig } from '@/contract';
import {
  AGENT_RUN_TRIGGERS,
  LifecycleError,
  applyTransition,
  applyTransitions,
  canTransition,
} from './agent-run-lifecycle';
import { planActionRun, planHookRuns, type AgentRunContext } from './hook-action-runs';
import { predictFields } from './predictions';
import { evaluateRules } from './validation-rules';

const by = 'svc:app-client:test';

describe('agent run lifecycle', () => {
  it('walks the review path and records one event per transition', () => {
    const run = applyTransitions(
      null,
      [
        'start',
        'requestPredictions',
        'requestReview',
        'startReview',
        'completeReview',
        'requestExport',
        'export',
        'complete',
      ],
      { by },
    );
    expect(run.status).toBe('completed');
    expect(run.events.map((event) => event.status)).toEqual([
      'running',
      'pending-predictions',
      'ready-for-review',
      'review-in-progress',
      'review-completed',
      'pending-export',
      'exported',
      'completed',
    ]);
    for (const event of run.events) expect(agentRunEventSchema.parse(event).by).toBe(by);
    expect(run.events[1].previousStatus).toBe('running');
  });

  it('walks the auto-validated path', () => {
    const run = applyTransitions(null, ['start', 'requestPredictions', 'autoValidate', 'requestExport'], { by });
    expect(run.status).toBe('pending-export');
  });

  it('refuses transitions the machine does not have', () => {
    const ready = applyTransitions(null, ['start', 'requestPredictions', 'requestReview'], { by });
    expect(() => applyTransition(ready, 'completeReview', { by })).toThrow(LifecycleError);
    expect(() => applyTransition(ready, 'export', { by })).toThrow(/ready-for-review does not allow/);
    expect(() => applyTransition(null, 'archive', { by })).toThrow(LifecycleError);
  });

  it('archives from every state and fails into error from every non-final state', () => {
    for (const status of AGENT_RUN_STATUSES) {
      const archived = applyTransition({ status, events: [] }, 'archive', { by, message: 'done' });
      expect(archived.status).toBe('archived');
      expect(archived.events[0]).toMatchObject({ type: 'archived', previousStatus: status, message: 'done' });
      const terminal: AgentRunStatus[] = ['archived', 'completed', 'error'];
      expect(canTransition(status, 'fail')).toBe(!terminal.includes(status));
    }
  });

  it('every non-archived status is reachable from start', () => {
    const reached = new Set<AgentRunStatus>();
    const queue: AgentRunStatus[] = ['running'];
    while (queue.length) {
      const status = queue.shift()!;
      if (reached.has(status)) continue;
      reached.add(status);
      for (const trigger of Object.keys(AGENT_RUN_TRIGGERS) as (keyof typeof AGENT_RUN_TRIGGERS)[]) {
        if (canTransition(status, trigger)) queue.push(AGENT_RUN_TRIGGERS[trigger].to);
      }
    }
    expect([...reached].sort()).toEqual([...AGENT_RUN_STATUSES].sort());
  });
});

const fieldConfig: FieldConfig = {
  invoice_number: { type: 'string' },
  total_amount: { type: 'amount' },
  due_date: { type: 'date' },
  line_items: { type: 'lines', fields: { description: { type: 'string' } } },
};

describe('predictions and validation rules', () => {
  const truth = [
    { label: 'invoice_number', value: 'INV-1', pages: [0] },
    { label: 'total_amount', value: '12.50', confidence: 0.4 },
    { label: 'line_items.description', value: 'Paper' },
    { label: 'unrelated', value: 'x' },
  ];

  it('predicts every configured field deterministically from ground truth', () => {
    const first = predictFields(fieldConfig, truth, 'svc:document:1');
    expect(first).toEqual(predictFields(fieldConfig, truth, 'svc:document:1'));
    expect(first.map((p) => p.label)).toEqual(['invoice_number', 'total_amount', 'due_date', 'line_items.description']);
    expect(first[0]).toMatchObject({ value: 'INV-1', pages: [0] });
    expect(first[0].confidence).toBeGreaterThanOrEqual(0.55);
    expect(first[0].confidence).toBeLessThan(1);
    expect(first[1].confidence).toBe(0.4);
    expect(first[2]).toEqual({ label: 'due_date', value: null, rawValue: null, pages: [], confidence: 0 });
  });

  it('flags low confidence, missing required fields and pattern mismatches', () => {
    const predictions = predictFields(fieldConfig, truth, 'svc:document:1');
    const issues = evaluateRules(
      {
        rules: [
          { type: 'confidenceThreshold', threshold: 0.5 },
          { type: 'requiredField', field: 'due_date' },
          { type: 'requiredField', field: 'invoice_number' },
          { type: 'pattern', field: 'invoice_number', pattern: '^INV-\\d{4}$' },
        ],
      },
      predictions,
    );
    expect(issues.map((issue) => `${issue.rule}:${issue.field}`)).toEqual([
      'confidenceThreshold:total_amount',
      'requiredField:due_date',
      'pattern:invoice_number',
    ]);
    expect(evaluateRules({ rules: [] }, predictions)).toEqual([]);
  });
});

describe('hook and action runs', () => {
  const context: AgentRunContext = {
    agentId: 'svc:agent:a',
    runId: 'svc:run:r',
    documentId: 'svc:document:d',
    variables: { customer: 'ACME' },
    predictions: [{ label: 'total_amount', value: '1', rawValue: '1', pages: [], confidence: 0.3 }],
  };
  const action = { actionId: 'svc:action:x', name: 'Export', config: { destination: 'erp' } };

  it('fires hooks on their trigger status only, and starts their action', () => {
    const hooks = [
      { hookId: 'svc:hook:1', trigger: 'ready-for-review', actionId: 'svc:action:x' },
      { hookId: 'svc:hook:2', trigger: 'exported' },
      { hookId: 'svc:hook:3', trigger: '*', enabled: false },
      {
        hookId: 'svc:hook:4',
        trigger: '*',
        config: { requiredVariables: ['customer', 'poNumber'], minConfidence: 0.5 },
      },
    ];
    const planned = planHookRuns(
      hooks,
      new Map([[action.actionId, action]]),
      context,
      { from: 'pending-predictions', to: 'ready-for-review' },
      '2024-01-01T00:00:00.000000Z',
    );
    expect(planned.hookRuns.map((run) => `${run.hookId}:${run.status}`)).toEqual([
      'svc:hook:1:succeeded',
      'svc:hook:3:ignored',
      'svc:hook:4:failed',
    ]);
    expect(planned.hookRuns[2].errors).toEqual([
      "required variable poNumber is missing from the agent run's variables",
    ]);
    expect(planned.hookRuns[2].warnings).toEqual(['total_amount has confidence 0.3, below 0.5']);
    expect(planned.actionRuns).toHaveLength(1);
    expect(planned.actionRuns[0]).toMatchObject({
      actionId: 'svc:action:x',
      status: 'succeeded',
      viaHookId: 'svc:hook:1',
      output: { destination: 'erp', fields: { total_amount: '1' } },
    });
  });

  it('fails a hook whose action does not exist', () => {
    const planned = planHookRuns(
      [{ hookId: 'svc:hook:1', trigger: '*', actionId: 'svc:action:gone' }],
      new Map(),
      context,
      { from: null, to: 'running' },
      '2024-01-01T00:00:00Z',
    );
    expect(planned.hookRuns[0]).toMatchObject({ status: 'failed', errors: ['action svc:action:gone does not exist'] });
  });

  it('plans disabled, failing and noAgentRunUpdate actions', () => {
    const time = '2024-01-01T00:00:00Z';
    expect(planActionRun({ ...action, enabled: false }, context, time, { status: 'pending-export' }).status).toBe(
      'ignored',
    );
    const failed = planActionRun(
      { actionId: 'svc:action:y', config: { requiredVariables: ['erpId'], noAgentRunUpdate: true } },
      context,
      time,
      { status: 'pending-export' },
    );
    expect(failed).toMatchObject({ status: 'failed', noAgentRunUpdate: true });
    expect(failed.history.at(-1)).toMatchObject({ status: 'failed' });
  });
});
