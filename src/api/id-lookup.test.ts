/**
 * Finding a bare run id's screen: one `GET /runs/{runId}/owner` where the service has it (found or not, no failed
 * request); against a service without it (404/400 on that path) the per-agent, hook and action probe, with 400 and
 * 404 read as "not this one", and the missing endpoint remembered so later lookups go straight to the probe.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const hex = (c: string) => c.repeat(32);
const RUN = `svc:run:${hex('1')}`;
const AGENTS = [`svc:agent:${hex('a')}`, `svc:agent:${hex('b')}`, `svc:agent:${hex('c')}`];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const audit = { createdTime: '2026-01-01T00:00:00Z', updatedTime: null, createdBy: null, updatedBy: null };
const agent = (agentId: string) => ({ agentId, name: null, description: null, resourceIds: [], ...audit });
const agentRun = (agentId: string, runId: string) => ({
  agentId,
  runId,
  status: 'ready-for-review',
  events: [],
  resourceIds: [],
  ...audit,
});

let calls: string[];
let answer: (path: string) => Response;

/** A fresh module per test: the "endpoint missing" memo lives as long as the page, here as long as the import. */
async function lookUp(runId = RUN) {
  const { lookUpId } = await import('./id-lookup');
  return lookUpId({ kind: 'run', id: runId });
}

beforeEach(() => {
  vi.resetModules();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = decodeURIComponent(url.replace(/^\/api/, '').replace(/\?.*$/, ''));
      calls.push(path);
      return answer(path);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** A seed-like service: no owner endpoint, three agents of which the second owns the run, no hooks or actions. */
function seedService(ownerRoute: Response = json({ message: 'no route GET /v1/runs/…/owner' }, 404)) {
  return (path: string) => {
    if (path.endsWith('/owner')) return ownerRoute.clone();
    if (path === '/agents') return json({ agents: AGENTS.map(agent), nextToken: null });
    if (path === '/hooks') return json({ hooks: [], nextToken: null });
    if (path === '/actions') return json({ actions: [], nextToken: null });
    const probe = path.match(/^\/agents\/([^/]+)\/runs\/([^/]+)$/);
    if (probe?.[1] === AGENTS[1] && probe[2] === RUN) return json(agentRun(AGENTS[1]!, RUN));
    // A stricter service refuses some ids with 400 rather than 404: either way, not this agent's run.
    return probe?.[1] === AGENTS[0] ? json({ message: 'runId is invalid' }, 400) : json({ message: 'not found' }, 404);
  };
}

describe('a bare run id, where the service has GET /runs/{runId}/owner', () => {
  it('finds the owner in one request', async () => {
    answer = () => json({ runId: RUN, owner: { kind: 'agent', ownerId: AGENTS[2] } });
    expect(await lookUp()).toEqual({ type: 'agent-run', agentId: AGENTS[2], runId: RUN });
    expect(calls).toEqual([`/runs/${RUN}/owner`]);
  });

  it('takes owner null as not found, without asking the agents', async () => {
    answer = () => json({ runId: RUN, owner: null });
    expect(await lookUp()).toBeNull();
    expect(calls).toEqual([`/runs/${RUN}/owner`]);
  });

  it('opens a hook run under its bare hook id, named after the run', async () => {
    const hookId = `svc:hook:${hex('d')}`;
    answer = (path) =>
      path.endsWith('/owner')
        ? json({ runId: RUN, owner: { kind: 'hook', ownerId: `svc:organization:acme/${hookId}` } })
        : json({ hookId, runId: RUN, name: 'notify ERP', status: 'succeeded', ...audit });
    expect(await lookUp()).toEqual({
      type: 'hook-run',
      ownerId: hookId,
      runId: RUN,
      label: 'notify ERP',
      latest: false,
    });
    expect(calls).toEqual([`/runs/${RUN}/owner`, `/hooks/${hookId}/runs/${RUN}`]);
  });

  it('still opens the run when reading its name fails', async () => {
    const actionId = `svc:action:${hex('e')}`;
    answer = (path) =>
      path.endsWith('/owner')
        ? json({ runId: RUN, owner: { kind: 'action', ownerId: actionId } })
        : json({ message: 'Internal Server Error' }, 500);
    expect(await lookUp()).toEqual({ type: 'action-run', ownerId: actionId, runId: RUN, label: null, latest: false });
  });

  it('does not hide a failing service behind the probe', async () => {
    answer = () => json({ message: 'Internal Server Error' }, 500);
    await expect(lookUp()).rejects.toMatchObject({ status: 500 });
    expect(calls).toEqual([`/runs/${RUN}/owner`]);
  });
});

describe('a bare run id, against a service without the owner endpoint', () => {
  it('asks each agent, reading 400 and 404 as "not this one"', async () => {
    answer = seedService();
    expect(await lookUp()).toEqual({ type: 'agent-run', agentId: AGENTS[1], runId: RUN });
    expect(calls[0]).toBe(`/runs/${RUN}/owner`);
    expect(calls).toContain('/agents');
  });

  it('also when the path is refused with 400 (a seed service reading the segment as an id)', async () => {
    answer = seedService(json({ message: 'runId must be …' }, 400));
    expect(await lookUp()).toMatchObject({ agentId: AGENTS[1] });
  });

  it('says not found when no agent, hook or action has the run, rather than failing', async () => {
    answer = seedService();
    expect(await lookUp(`svc:run:${hex('9')}`)).toBeNull();
  });

  it('remembers that the endpoint is missing: the next lookup goes straight to the probe', async () => {
    answer = seedService();
    await lookUp();
    calls = [];
    expect(await lookUp()).toMatchObject({ agentId: AGENTS[1] });
    expect(calls.filter((path) => path.endsWith('/owner'))).toEqual([]);
  });
});
