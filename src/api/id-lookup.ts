/**
 * Ids that do not name their screen by themselves, found through the API: a bare run id (agent, hook or action run:
 * the embedded service answers `GET /runs/{runId}/owner`, docs/run-owner.md; a service without it has each agent,
 * hook and action asked), a profile id (its user), a validation task id (its validation), a hook or action id (its
 * latest run) and an app client's OAuth client id (its app client). The answer is the resource found, in the API's
 * terms (the shell feature names the screen that opens it), or null when nothing in this organization has that id:
 * 400 and 404 answers mean "not here", never "the service failed".
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
  type RunOwner,
  runOwnerSchema,
  userListSchema,
  validationListSchema,
  validationTaskSchema,
} from '@/contract';
import { api, segment, type Query } from './client';
import { isApiError, isMissingExtension } from './errors';
import { createFamilyKeys } from './keys';
import { bareId } from './run-ids';

/** What an id needs looked up: `run` a bare `svc:run:…`, `client-id` an app client's 32-hex OAuth client id. */
export type IdLookupKind = 'run' | 'profile' | 'validation-task' | 'hook' | 'action' | 'client-id';

export interface IdLookup {
  kind: IdLookupKind;
  id: string;
}

/**
 * What a looked-up id turned out to be, by bare ids, with its name as `label` (null when it has none, or a run's name
 * could not be read): not `name`, so a cached answer is never taken for a resource of its own by the palette's
 * search by name. `latest` marks the newest run of a hook or action found by the hook's or action's id.
 */
export type FoundResource =
  | { type: 'agent-run'; agentId: string; runId: string }
  | { type: 'hook-run' | 'action-run'; ownerId: string; runId: string; label: string | null; latest: boolean }
  | { type: 'user'; userId: string; label: string | null }
  | { type: 'app-client'; appClientId: string; label: string | null }
  | { type: 'validation'; validationId: string; label: string | null };

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

/**
 * A GET that answers null when the resource is not there (404), its id is not one this service takes (400: a seed
 * service may read ids more strictly) or the operator may not read it (403).
 */
async function getOrNull<T>(
  path: string,
  schema: z.core.$ZodType<T>,
  signal?: AbortSignal,
  query?: Query,
): Promise<T | null> {
  try {
    return await api(path, { schema, signal, query });
  } catch (error) {
    if (isApiError(error, 404) || isApiError(error, 400) || isApiError(error, 403)) return null;
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
    // Not readable by this operator (403), or a family this service does not have (404): nothing to search.
    if (isApiError(error, 403) || isApiError(error, 404)) return items;
    throw error;
  }
  return items;
}

type Owner = NonNullable<RunOwner['owner']>;

/**
 * The service was found not to answer `GET /runs/{runId}/owner`: remembered for the life of the page, so a service
 * without it costs one refused request per page load, not one per lookup.
 */
let ownerEndpointMissing = false;

/**
 * The run's owner in one request where the service has the extension. It answers 200 whether or not the run exists
 * (owner null), so a 404 or 400 here is the path itself being unknown (a seed service), and so is an answer of
 * another shape: then, and on 403 (no agent-run scope, which the per-owner reads treat as "not readable"), the
 * agents, hooks and actions are asked one by one.
 */
async function findRunOwner(runId: string, signal?: AbortSignal): Promise<Owner | null> {
  if (!ownerEndpointMissing) {
    try {
      return (await api(`/runs/${segment(runId)}/owner`, { schema: runOwnerSchema, signal })).owner;
    } catch (error) {
      if (isMissingExtension(error)) ownerEndpointMissing = true;
      else if (!isApiError(error, 403)) throw error;
    }
  }
  return probeRunOwners(runId, signal);
}

/** Without the extension: each agent, then each hook and action, asked for the run (404 from all but its owner). */
async function probeRunOwners(runId: string, signal?: AbortSignal): Promise<Owner | null> {
  // Agent runs first: they are what operators copy most; hooks and actions only when no agent has the run.
  const agents = await listAll('/agents', agentListSchema, 'agents', signal);
  const agentRun = await firstFound(
    agents,
    (a) => getOrNull(`/agents/${segment(a.agentId)}/runs/${segment(runId)}`, agentRunSchema, signal),
    signal,
  );
  if (agentRun) return { kind: 'agent', ownerId: agentRun.agentId };
  const [hooks, actions] = await Promise.all([
    listAll('/hooks', hookListSchema, 'hooks', signal),
    listAll('/actions', actionListSchema, 'actions', signal),
  ]);
  const hookRun = await firstFound(
    hooks,
    (h) => getOrNull(`/hooks/${segment(h.hookId)}/runs/${segment(runId)}`, hookRunSchema, signal),
    signal,
  );
  if (hookRun) return { kind: 'hook', ownerId: hookRun.hookId };
  const actionRun = await firstFound(
    actions,
    (a) => getOrNull(`/actions/${segment(a.actionId)}/runs/${segment(runId)}`, actionRunSchema, signal),
    signal,
  );
  return actionRun ? { kind: 'action', ownerId: actionRun.actionId } : null;
}

async function findRun(runId: string, signal?: AbortSignal): Promise<FoundResource | null> {
  const owner = await findRunOwner(runId, signal);
  if (!owner) return null;
  const ownerId = bareId(owner.ownerId);
  if (owner.kind === 'agent') return { type: 'agent-run', agentId: ownerId, runId };
  const hook = owner.kind === 'hook';
  return {
    type: hook ? 'hook-run' : 'action-run',
    ownerId,
    runId,
    label: await runName(
      `/${owner.kind}s/${segment(ownerId)}/runs/${segment(runId)}`,
      hook ? hookRunSchema : actionRunSchema,
      signal,
    ),
    latest: false,
  };
}

/** Hook and action runs have names, shown beside the target: a nicety, so a failed read only leaves it out. */
async function runName(
  path: string,
  schema: z.core.$ZodType<{ name?: string | null }>,
  signal?: AbortSignal,
): Promise<string | null> {
  try {
    return (await api(path, { schema, signal })).name ?? null;
  } catch {
    return null;
  }
}

/** A hook's or action's newest run: the console shows hooks and actions through their runs. */
async function findLatestRun(
  kind: 'hook' | 'action',
  ownerId: string,
  signal?: AbortSignal,
): Promise<FoundResource | null> {
  const latest = { maxResults: 1, sort: 'createdTime:desc' };
  const run =
    kind === 'hook'
      ? (await getOrNull(`/hooks/${segment(ownerId)}/runs`, hookRunListSchema, signal, latest))?.runs[0]
      : (await getOrNull(`/actions/${segment(ownerId)}/runs`, actionRunListSchema, signal, latest))?.runs[0];
  return run ? { type: `${kind}-run`, ownerId, runId: run.runId, label: run.name ?? null, latest: true } : null;
}

export async function lookUpId({ kind, id }: IdLookup, signal?: AbortSignal): Promise<FoundResource | null> {
  switch (kind) {
    case 'run':
      return findRun(id, signal);
    case 'hook':
    case 'action':
      return findLatestRun(kind, id, signal);
    case 'profile': {
      const users = await listAll('/users', userListSchema, 'users', signal, (u) => u.profileId === id);
      const user = users.find((u) => u.profileId === id);
      return user ? { type: 'user', userId: user.userId, label: user.name ?? null } : null;
    }
    case 'client-id': {
      const clients = await listAll('/appClients', appClientListSchema, 'appClients', signal, (c) => c.clientId === id);
      const client = clients.find((c) => c.clientId === id);
      return client ? { type: 'app-client', appClientId: client.appClientId, label: client.name ?? null } : null;
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
      return owner ? { type: 'validation', validationId: owner.validationId, label: owner.name ?? null } : null;
    }
  }
}

/**
 * The lookup as a query: cached per organization and id, so pasting the same id twice asks once. `enabled` false
 * (the palette's input has not settled yet) shows a cached answer but asks nothing.
 */
export function idLookupQueryOptions(org: string, lookup: IdLookup, enabled = true) {
  return queryOptions({
    queryKey: idLookupKeys.detail(org, `${lookup.kind}:${lookup.id}`),
    queryFn: ({ signal }) => lookUpId({ kind: lookup.kind, id: lookup.id }, signal),
    staleTime: 30_000,
    enabled,
  });
}
