/**
 * What hooks and actions do when an agent run moves (pure planning; the engine stores the result).
 *
 * - A hook named in the agent's `resourceIds` fires when the run enters the status in its `trigger` (`*` = every
 *   transition). A disabled hook leaves an `ignored` run. A hook with an `actionId` also starts that action.
 * - An action named in the agent's `resourceIds` runs on export (pending-export); a failed action moves the agent run
 *   to `error` unless its config says `noAgentRunUpdate: true`.
 * - Config keys honoured by both (the seed leaves config free-form): `requiredVariables` (names that must be present
 *   in the run's variables, else the run fails naming them), `minConfidence` (predictions below it become warnings),
 *   `destination` (echoed in the output), `noAgentRunUpdate` (actions only).
 */
import type { AgentRunStatus, RunStatus } from '@/contract';
import type { Prediction } from '@/server/service/storage/repositories/agent-runs';

export type HookResource = {
  hookId: string;
  name?: string | null;
  description?: string | null;
  enabled?: boolean | null;
  trigger?: string | null;
  actionId?: string | null;
  config?: Record<string, unknown> | null;
};

export type ActionResource = {
  actionId: string;
  name?: string | null;
  description?: string | null;
  enabled?: boolean | null;
  config?: Record<string, unknown> | null;
};

export type AgentRunContext = {
  agentId: string;
  runId: string;
  documentId: string | null;
  variables: Record<string, unknown>;
  predictions: Prediction[];
};

type PlannedRunCommon = {
  name: string | null;
  description: string | null;
  status: RunStatus;
  input: Record<string, unknown>;
  output: Record<string, unknown>;
  history: Record<string, unknown>[];
  errors: string[];
  warnings: string[];
};
export type PlannedHookRun = PlannedRunCommon & { hookId: string; actionId: string | null };
export type PlannedActionRun = PlannedRunCommon & {
  actionId: string;
  noAgentRunUpdate: boolean;
  viaHookId: string | null;
};

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function checks(config: Record<string, unknown> | null | undefined, context: AgentRunContext) {
  const errors = stringList(config?.requiredVariables)
    .filter((name) => context.variables[name] === undefined || context.variables[name] === null)
    .map((name) => `required variable ${name} is missing from the agent run's variables`);
  const minConfidence = typeof config?.minConfidence === 'number' ? config.minConfidence : null;
  const warnings =
    minConfidence === null
      ? []
      : context.predictions
          .filter((prediction) => prediction.value !== null && prediction.confidence < minConfidence)
          .map((prediction) => `${prediction.label} has confidence ${prediction.confidence}, below ${minConfidence}`);
  return { errors, warnings };
}

function history(time: string, status: RunStatus, message: string): Record<string, unknown>[] {
  return [
    { status: 'running', time, message: 'started' },
    { status, time, message },
  ];
}

function fieldsOf(predictions: Prediction[]): Record<string, string | null> {
  return Object.fromEntries(predictions.map((prediction) => [prediction.label, prediction.value]));
}

export function planActionRun(
  action: ActionResource,
  context: AgentRunContext,
  time: string,
  cause: { status: AgentRunStatus; viaHookId?: string | null },
): PlannedActionRun {
  const input = {
    agentRunId: `${context.agentId}/${context.runId}`,
    documentId: context.documentId,
    status: cause.status,
    variables: context.variables,
    ...(cause.viaHookId ? { hookId: cause.viaHookId } : {}),
  };
  const base = {
    actionId: action.actionId,
    name: action.name ?? null,
    description: action.description ?? null,
    input,
    noAgentRunUpdate: action.config?.noAgentRunUpdate === true,
    viaHookId: cause.viaHookId ?? null,
  };
  if (action.enabled === false) {
    return {
      ...base,
      status: 'ignored',
      output: {},
      errors: [],
      warnings: ['action is disabled'],
      history: history(time, 'ignored', 'action is disabled'),
    };
  }
  const { errors, warnings } = checks(action.config, context);
  if (errors.length) {
    return { ...base, status: 'failed', output: {}, errors, warnings, history: history(time, 'failed', errors[0]) };
  }
  const destination = typeof action.config?.destination === 'string' ? action.config.destination : null;
  return {
    ...base,
    status: 'succeeded',
    output: { destination, documentId: context.documentId, fields: fieldsOf(context.predictions) },
    errors: [],
    warnings,
    history: history(time, 'succeeded', destination ? `delivered to ${destination}` : 'done'),
  };
}

/** Hook runs (and the action runs their hooks start) for a run entering `to`. */
export function planHookRuns(
  hooks: HookResource[],
  actionsById: Map<string, ActionResource>,
  context: AgentRunContext,
  transition: { from: AgentRunStatus | null; to: AgentRunStatus },
  time: string,
): { hookRuns: PlannedHookRun[]; actionRuns: PlannedActionRun[] } {
  const hookRuns: PlannedHookRun[] = [];
  const actionRuns: PlannedActionRun[] = [];
  for (const hook of hooks) {
    if (hook.trigger !== '*' && hook.trigger !== transition.to) continue;
    const input = {
      agentRunId: `${context.agentId}/${context.runId}`,
      documentId: context.documentId,
      previousStatus: transition.from,
      status: transition.to,
      variables: context.variables,
    };
    const base = {
      hookId: hook.hookId,
      actionId: hook.actionId ?? null,
      name: hook.name ?? null,
      description: hook.description ?? null,
      input,
    };
    if (hook.enabled === false) {
      hookRuns.push({
        ...base,
        status: 'ignored',
        output: {},
        errors: [],
        warnings: ['hook is disabled'],
        history: history(time, 'ignored', 'hook is disabled'),
      });
      continue;
    }
    const { errors, warnings } = checks(hook.config, context);
    const action = hook.actionId ? actionsById.get(hook.actionId) : undefined;
    if (hook.actionId && !action) errors.push(`action ${hook.actionId} does not exist`);
    if (errors.length) {
      hookRuns.push({
        ...base,
        status: 'failed',
        output: {},
        errors,
        warnings,
        history: history(time, 'failed', errors[0]),
      });
      continue;
    }
    const actionRun = action
      ? planActionRun(action, context, time, { status: transition.to, viaHookId: hook.hookId })
      : null;
    if (actionRun) actionRuns.push(actionRun);
    hookRuns.push({
      ...base,
      status: 'succeeded',
      output: { trigger: hook.trigger, fired: true, ...(actionRun ? { actionStatus: actionRun.status } : {}) },
      errors: [],
      warnings,
      history: history(time, 'succeeded', actionRun ? `started action ${actionRun.actionId}` : 'fired'),
    });
  }
  return { hookRuns, actionRuns };
}
