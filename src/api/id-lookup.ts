/**
 * Ids that do not name their screen by themselves, found through the API: a bare run id (agent, hook or action run —
 * the seed has no `GET /runs/{runId}`, so each agent, hook and action is asked), a profile id (its user), a validation
 * task id (its validation), a hook or action id (its latest run) and an app client's OAuth client id (its app client).
 * The answer is a route to open, or null when nothing in this organization has that id.
 */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import {
  actionListSchema,
  actionRunListSchema,
  actionRunSchema,
  agentListSchema,
  agentRunSchema,
  appClientListSchema,
  hookListSchema,
  hookRunListSchema,
  hookRunSchema,
  MAX_LIST_RESULTS,
  userListSchema,
  validationListSchema,
  validationTaskSchema,
} from '@/contract';
import { api, segment, type Query } from './client';
import { isApiError } from './errors';
import { createFamilyKeys } from './keys';
import { bareId } from './run-ids';

/** What an id needs looked up: `run` a bare `svc:run:…`, `client-id` an app client's 32-hex OAuth client id. */
export type IdLookupKind = 'run' | 'profile' | 'validation-task' | 'hook' | 'action' | 'client-id';

export interface IdLookup {
  kind: IdLookupKind;
  id: string;
}

/** Where a looked-up id leads: a router path with params (the router encodes the ':' in ids) and what it is. */
export interface FoundTarget {
  /** "Agent run", "Hook run", "User", … */
  kind: string;
  to: string;
  params: Record<string, string>;
  /** Shown beside the target: the run's or resource's name when it has one. */
  label: string | null;
}

export const idLookupKeys = createFamilyKeys('id-lookup');

// The browser runs about six requests to one origin at a time; asking more at once only queues them.
const CONCURRENCY = 6;

/** Each item's answer in parallel (at most CONCURRENCY in flight); the first non-null one, or null. */
async function firstFound<T, R>(
  items: readonly T[],
  find: (item: T) => Promise<R | null>,
  signal?: AbortSignal,
): Promise<R | null> {
  let found: R | null = null;
  let next = 0;
  const worker = async () => {
    while (found === null && next < items.length && !signal?.aborted) {
      const result = await find(items[next++]!);
      if (result !== null) found ??= result;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return found;
}

/** A GET that answers null when the resource is not there (404) or not readable by this operator (403). */
async function getOrNull<T>(
  path: string,
  schema: z.core.$ZodType<T>,
  signal?: AbortSignal,
  query?: Query,
): Promise<T | null> {
  try {
    return await api(path, { schema, signal, query });
  } catch (error) {
    if (isApiError(error, 404) || isApiError(error, 403)) return null;
    throw error;
  }
}

/** Every item of a paged list (following nextToken); an empty list when the operator may not read it (403). */
async function listAll<K extends string, T>(
  path: string,
  schema: z.core.$ZodType<Record<K, T[]> & { nextToken?: string | null }>,
  key: K,
  signal?: AbortSignal,
  stop?: (item: T) => boolean,
): Promise<T[]> {
  const items: T[] = [];
  let nextToken: string | undefined;
  try {
    do {
      const page = await api(path, { query: { maxResults: MAX_LIST_RESULTS, nextToken }, schema, signal });
      items.push(...page[key]);
      if (stop && page[key].some(stop)) break;
      nextToken = page.nextToken ?? undefined;
    } while (nextToken);
  } catch (error) {
    if (isApiError(error, 403)) return items;
    throw error;
  }
  return items;
}

async function findRun(runId: string, signal?: AbortSignal): Promise<FoundTarget | null> {
  // Agent runs first: they are what operators copy most; hooks and actions only when no agent has the run.
  const agents = await listAll('/agents', agentListSchema, 'agents', signal);
  const agentRun = await firstFound(
    agents,
    (a) => getOrNull(`/agents/${segment(a.agentId)}/runs/${segment(runId)}`, agentRunSchema, signal),
    signal,
  );
  if (agentRun)
    return {
      kind: 'Agent run',
      to: '/runs/$agentId/$runId',
      params: { agentId: agentRun.agentId, runId: agentRun.runId },
      label: null,
    };
  const [hooks, actions] = await Promise.all([
    listAll('/hooks', hookListSchema, 'hooks', signal),
    listAll('/actions', actionListSchema, 'actions', signal),
  ]);
  const hookRun = await firstFound(
    hooks,
    (h) => getOrNull(`/hooks/${segment(h.hookId)}/runs/${segment(runId)}`, hookRunSchema, signal),
    signal,
  );
  if (hookRun)
    return {
      kind: 'Hook run',
      to: '/runs/hooks/$hookId/$runId',
      params: { hookId: bareId(hookRun.hookId), runId: hookRun.runId },
      label: hookRun.name ?? null,
    };
  const actionRun = await firstFound(
    actions,
    (a) => getOrNull(`/actions/${segment(a.actionId)}/runs/${segment(runId)}`, actionRunSchema, signal),
    signal,
  );
  if (actionRun)
    return {
      kind: 'Action run',
      to: '/runs/actions/$actionId/$runId',
      params: { actionId: actionRun.actionId, runId: actionRun.runId },
      label: actionRun.name ?? null,
    };
  return null;
}

/** A hook's or action's newest run: the console shows hooks and actions through their runs. */
async function findLatestRun(
  kind: 'hook' | 'action',
  ownerId: string,
  signal?: AbortSignal,
): Promise<FoundTarget | null> {
  const latest = { maxResults: 1, sort: 'createdTime:desc' };
  if (kind === 'hook') {
    const run = (await getOrNull(`/hooks/${segment(ownerId)}/runs`, hookRunListSchema, signal, latest))?.runs[0];
    return run
      ? {
          kind: 'Latest hook run',
          to: '/runs/hooks/$hookId/$runId',
          params: { hookId: ownerId, runId: run.runId },
          label: run.name ?? null,
        }
      : null;
  }
  const run = (await getOrNull(`/actions/${segment(ownerId)}/runs`, actionRunListSchema, signal, latest))?.runs[0];
  return run
    ? {
        kind: 'Latest action run',
        to: '/runs/actions/$actionId/$runId',
        params: { actionId: ownerId, runId: run.runId },
        label: run.name ?? null,
      }
    : null;
}

export async function lookUpId({ kind, id }: IdLookup, signal?: AbortSignal): Promise<FoundTarget | null> {
  switch (kind) {
    case 'run':
      return findRun(id, signal);
    case 'hook':
    case 'action':
      return findLatestRun(kind, id, signal);
    case 'profile': {
      const users = await listAll('/users', userListSchema, 'users', signal, (u) => u.profileId === id);
      const user = users.find((u) => u.profileId === id);
      return user
        ? { kind: 'User', to: '/settings/users/$userId', params: { userId: user.userId }, label: user.name ?? null }
        : null;
    }
    case 'client-id': {
      const clients = await listAll('/appClients', appClientListSchema, 'appClients', signal, (c) => c.clientId === id);
      const client = clients.find((c) => c.clientId === id);
      return client
        ? {
            kind: 'App client',
            to: '/settings/app-clients/$appClientId',
            params: { appClientId: client.appClientId },
            label: client.name ?? null,
          }
        : null;
    }
    case 'validation-task': {
      const validations = await listAll('/validations', validationListSchema, 'validations', signal);
      const owner = await firstFound(
        validations,
        async (v) =>
          (await getOrNull(
            `/validations/${segment(v.validationId)}/tasks/${segment(id)}`,
            validationTaskSchema,
            signal,
          ))
            ? v
            : null,
        signal,
      );
      return owner
        ? {
            kind: 'Validation',
            to: '/validations/$validationId',
            params: { validationId: owner.validationId },
            label: owner.name ?? null,
          }
        : null;
    }
  }
}

/** The lookup as a query: cached per organization and id, so pasting the same id twice asks once. */
export function idLookupQueryOptions(org: string, lookup: IdLookup) {
  return queryOptions({
    queryKey: idLookupKeys.detail(org, `${lookup.kind}:${lookup.id}`),
    queryFn: ({ signal }) => lookUpId({ kind: lookup.kind, id: lookup.id }, signal),
    staleTime: 30_000,
  });
}
