/**
 * What an operator limited to some agents (the session operator's `agents`) is shown of the service's answers that
 * span agents. Paths under `/api/agents/{agentId}` are refused for other agents before (access/access-rules.ts);
 * these answers are read whole (they are small) and passed on filtered:
 *
 * - `GET /agents`: every agent of theirs in one answer (`nextToken: null`), whatever page was asked for: the BFF reads
 *   the service's list page by page (`operatorAgents`), so a client that reads one page (a picker) misses none;
 * - `GET /insights/agents`: only their agents' figures;
 * - `GET /runs/{runId}/owner`: a run of another agent is answered as no such run (`owner: null`, as the service
 *   answers for a run it does not have);
 * - `GET /validations/{validationId}/tasks`: only the tasks of their agents' runs (and tasks of no run); one task of
 *   another agent's run is refused (`GET`, and `PATCH` after looking it up: `taskOutOfReach`).
 *
 * An answer not shaped as the contract says is not passed on at all (the caller gets a 502).
 */
import type { FastifyRequest } from 'fastify';
import { MAX_LIST_RESULTS } from '@/contract/common';
import { reachesAgent } from '@/contract/operator-capabilities';
import { readResponseBody } from '@/server/bff/foundation/response-body';

/** The most of a service answer read whole (a page of 1,000 agents is well under it). */
const ANSWER_LIMIT = 8 * 1024 * 1024;
/** The most pages of agents read for one answer (a million agents): past it the answer is refused, never cut. */
const MAX_AGENT_PAGES = 1000;

/** Turns the service's parsed answer into what the operator may see; throws when it is not shaped as expected. */
export type AnswerFilter = (body: unknown) => unknown;

export class UnexpectedAnswerError extends Error {}

/** The answer is about another agent's run as a whole: refused (403), not filtered. */
export class OutOfReachError extends Error {}

function record(value: unknown): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new UnexpectedAnswerError('not an object');
  return value as Record<string, unknown>;
}

/** The agent of a run reference (`[org/]svc:agent:X/svc:run:Y`); undefined for a task of no run. */
function agentOfRunRef(ref: unknown): string | undefined {
  if (ref === null || ref === undefined) return undefined;
  const agent = typeof ref === 'string' ? /(?:^|\/)(svc:agent:[^/]+)\/svc:run:[^/]+$/.exec(ref)?.[1] : undefined;
  if (!agent) throw new UnexpectedAnswerError('a run reference without its agent');
  return agent;
}

function taskReached(agents: readonly string[], task: unknown): boolean {
  const agent = agentOfRunRef(record(task).agentRunId);
  return agent === undefined || reachesAgent({ agents: [...agents] }, agent);
}

/** `{ <key>: [...], … }` with only the items `keep` keeps. */
function keepItems(key: string, keep: (item: unknown) => boolean): AnswerFilter {
  return (body) => {
    const answer = record(body);
    const items = answer[key];
    if (!Array.isArray(items)) throw new UnexpectedAnswerError(`no ${key} array`);
    return { ...answer, [key]: items.filter(keep) };
  };
}

function hideOtherAgentsRun(agents: readonly string[]): AnswerFilter {
  return (body) => {
    const answer = record(body);
    if (answer.owner === null) return answer;
    const owner = record(answer.owner);
    if (owner.kind !== 'agent' || agents.includes(owner.ownerId as string)) return answer;
    return { ...answer, owner: null };
  };
}

// A trailing slash names the same resource (the embedded service ignores it).
const AGENT_LIST = /^\/agents\/?$/;
const INSIGHTS_OVERVIEW = /^\/insights\/agents\/?$/;
const OWNER_PATH = /^\/runs\/[^/]+\/owner\/?$/;
const TASK_LIST = /^\/validations\/[^/]+\/tasks\/?$/;
const TASK_PATH = /^\/validations\/[^/]+\/tasks\/[^/]+\/?$/;

/**
 * The filter for a read of `servicePath` (the path under `{base_url}`, as sent, without the query) by an operator
 * limited to `agents`; undefined when the answer does not span agents.
 */
export function agentLimitFilter(agents: readonly string[], servicePath: string): AnswerFilter | undefined {
  if (INSIGHTS_OVERVIEW.test(servicePath))
    return keepItems('agents', (item) => agents.includes(record(item).agentId as string));
  if (OWNER_PATH.test(servicePath)) return hideOtherAgentsRun(agents);
  if (TASK_LIST.test(servicePath)) return keepItems('validationTasks', (task) => taskReached(agents, task));
  if (TASK_PATH.test(servicePath))
    return (task) => {
      if (!taskReached(agents, task)) throw new OutOfReachError();
      return task;
    };
  return undefined;
}

/**
 * Whether a write to `servicePath` by an operator limited to `agents` would change a validation task of another
 * agent's run: the task is looked up first (the path does not say whose it is). A task the service does not answer
 * for (404, …) is left to the write, which gets the same answer.
 */
export async function taskOutOfReach(
  request: FastifyRequest,
  agents: readonly string[],
  servicePath: string,
): Promise<boolean> {
  if (!TASK_PATH.test(servicePath)) return false;
  const { upstream } = request.server;
  const response = await upstream.send({
    url: upstream.urlFor(servicePath),
    method: 'GET',
    headers: { accept: 'application/json' },
    requestId: request.id,
  });
  if (response.statusCode !== 200) {
    response.resume();
    return false;
  }
  const task: unknown = JSON.parse((await readResponseBody(response, ANSWER_LIMIT)).toString('utf8'));
  return !taskReached(agents, task);
}

/** Whether a read of `servicePath` is the agents list, which a limited operator gets whole (`operatorAgents`). */
export function isAgentList(servicePath: string): boolean {
  return AGENT_LIST.test(servicePath);
}

/**
 * `GET /agents` for an operator limited to `agents`: every page of the service's list read in turn, their agents kept,
 * one answer `{ agents, nextToken: null }`. A page the service refuses is answered as it answered (status and body).
 */
export async function operatorAgents(
  request: FastifyRequest,
  agents: readonly string[],
): Promise<{ status: number; body: unknown }> {
  const { upstream } = request.server;
  const kept: unknown[] = [];
  let nextToken: string | null = null;
  for (let page = 0; page < MAX_AGENT_PAGES; page++) {
    const query = new URLSearchParams({ maxResults: String(MAX_LIST_RESULTS), ...(nextToken ? { nextToken } : {}) });
    const response = await upstream.send({
      url: upstream.urlFor(`/agents?${query.toString()}`),
      method: 'GET',
      headers: { accept: 'application/json' },
      requestId: request.id,
    });
    const body: unknown = JSON.parse((await readResponseBody(response, ANSWER_LIMIT)).toString('utf8'));
    if (response.statusCode !== 200) return { status: response.statusCode ?? 502, body };
    const answer = record(body);
    if (!Array.isArray(answer.agents)) throw new UnexpectedAnswerError('no agents array');
    kept.push(...answer.agents.filter((item) => agents.includes(record(item).agentId as string)));
    if (answer.nextToken === null || answer.nextToken === undefined) {
      return { status: 200, body: { agents: kept, nextToken: null } };
    }
    if (typeof answer.nextToken !== 'string') throw new UnexpectedAnswerError('a nextToken that is not a string');
    nextToken = answer.nextToken;
  }
  throw new UnexpectedAnswerError(`more than ${MAX_AGENT_PAGES} pages of agents`);
}
