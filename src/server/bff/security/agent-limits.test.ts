/**
 * A reviewer limited to named agents, through the BFF in front of the real embedded service: the session answer says
 * the limit; another agent, its runs, counts and insights are refused by any path; the lists that span agents (agents,
 * the insights overview, a run's owner, a validation's tasks) show only theirs; their own review writes go through.
 * On each state store (files; PostgreSQL when DPS_DATABASE_URL is set).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BffConfig } from '@/server/bff/config';
import { dropBffSchema } from '@/server/bff/state/postgres/bff-database';
import { startBff, TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';
import { STORE_KINDS, type StoreKind } from '@/server/bff/testing/bffs-on-each-store';
import { apiClient, type ApiClient } from '@/server/service/testing/http';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';

const PASSWORD = 'correct-horse-battery';
const enc = encodeURIComponent;

let service: TestService;
let api: ApiClient;
const cleanups: (() => Promise<void>)[] = [];

interface Queued {
  agentId: string;
  runs: { runId: string; documentId: string; taskId: string }[];
}

/** Two agents sharing one validation that sends every run to review, each with `count` runs waiting. */
let validationId: string;
let mine: Queued;
let theirs: Queued;

async function agentWithRuns(count: number, modelId: string): Promise<Queued> {
  const agent = await api.post('/agents', {
    name: `agent ${randomBytes(3).toString('hex')}`,
    resourceIds: [modelId, validationId],
  });
  const agentId = agent.body.agentId as string;
  const runs: Queued['runs'] = [];
  for (let i = 0; i < count; i++) {
    const document = await api.post('/documents', { name: `doc ${i}`, groundTruth: [{ label: 'total', value: '1' }] });
    const run = await api.post(`/agents/${agentId}/runs`, { documentId: document.body.documentId });
    expect(run.body.status).toBe('ready-for-review');
    runs.push({ runId: run.body.runId as string, documentId: document.body.documentId as string, taskId: '' });
  }
  const tasks = (await api.get(`/validations/${validationId}/tasks?maxResults=100`)).body.validationTasks as {
    taskId: string;
    agentRunId: string;
  }[];
  for (const run of runs) run.taskId = tasks.find((t) => t.agentRunId === `${agentId}/${run.runId}`)!.taskId;
  return { agentId, runs };
}

beforeAll(async () => {
  service = await startTestService();
  api = apiClient(service.baseUrl, await service.getToken());
  const model = await api.post('/models', { name: 'm', fieldConfig: { total: { type: 'amount' } } });
  const validation = await api.post('/validations', {
    name: 'v',
    config: { rules: [{ type: 'confidenceThreshold', threshold: 1 }] },
  });
  validationId = validation.body.validationId as string;
  mine = await agentWithRuns(2 * STORE_KINDS.length, model.body.modelId as string);
  theirs = await agentWithRuns(1, model.body.modelId as string);
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await service?.close();
});

async function bffOn(kind: StoreKind): Promise<RunningBff> {
  const database: Partial<BffConfig> =
    kind === 'postgres'
      ? { database: { url: process.env.DPS_DATABASE_URL!, schema: `bff_t_${randomBytes(6).toString('hex')}` } }
      : {};
  const bff = await startBff(service.credentials, { config: database });
  cleanups.push(async () => {
    await bff.close();
    bff.cleanup();
    if (database.database) await dropBffSchema(database.database.url, database.database.schema!);
  });
  return bff;
}

async function signedIn(bff: RunningBff, name: string): Promise<TestBrowser> {
  const browser = new TestBrowser(bff.origin);
  expect((await browser.login(name, PASSWORD)).status).toBe(200);
  return browser;
}

describe.each(STORE_KINDS)('a reviewer limited to one agent (%s store)', (kind) => {
  let rex: TestBrowser;
  let ria: TestBrowser;
  let ned: TestBrowser;
  const limitMessage = () => `Forbidden: operator "rex" reviews only agents ${mine.agentId}`;

  beforeAll(async () => {
    const bff = await bffOn(kind);
    const accounts = bff.bff.app.operatorAccounts;
    await accounts.add('rex', 'reviewer', PASSWORD, { agents: [mine.agentId] });
    await accounts.add('ria', 'reviewer', PASSWORD);
    await accounts.add('ned', 'admin', PASSWORD);
    [rex, ria, ned] = [await signedIn(bff, 'rex'), await signedIn(bff, 'ria'), await signedIn(bff, 'ned')];
  });

  it('is told its role and agents in the session answer, as the console reads it', async () => {
    expect((await rex.request('/bff/session')).json().operator).toEqual({
      name: 'rex',
      role: 'reviewer',
      agents: [mine.agentId],
    });
    expect((await ria.request('/bff/session')).json().operator).toEqual({
      name: 'ria',
      role: 'reviewer',
      agents: null,
    });
  });

  it('is refused another agent, its runs, counts and insights, by any method and spelling, naming only its own', async () => {
    const other = theirs.agentId;
    const run = theirs.runs[0].runId;
    const week = `from=${new Date(Date.now() - 7 * 86_400_000).toISOString()}&to=${new Date().toISOString()}`;
    const targets: [string, string, unknown?][] = [
      ['GET', `/api/agents/${other}`],
      ['GET', `/api/agents/${other}/runs?maxResults=10`],
      ['GET', `/api/agents/${other}/runs/counts`],
      ['GET', `/api/agents/${other}/insights?${week}`],
      ['GET', `/api/agents/${other}/runs/${run}`],
      ['GET', `/api/agents/${enc(other)}/runs/${enc(run)}`],
      ['GET', `/api/agents/${other}/runs/${run}/variables`],
      ['PATCH', `/api/agents/${other}/runs/${run}`, { status: 'archived' }],
      ['PATCH', `/api/agents/${enc(other)}/runs/${enc(run)}`, { status: 'archived' }],
    ];
    for (const [method, path, body] of targets) {
      const reply = body === undefined ? await rex.request(path, { method }) : await rex.json(path, method, body);
      expect(reply.status, `${method} ${path}`).toBe(403);
      expect(reply.json<{ message: string }>().message, `${method} ${path}`).toBe(limitMessage());
      expect(reply.text).not.toContain(other);
    }
    expect((await api.get(`/agents/${other}/runs/${run}`)).body.status).toBe('ready-for-review');
    // Its own agent, and every agent for a reviewer without a limit.
    expect((await rex.request(`/api/agents/${mine.agentId}/runs?maxResults=10`)).status).toBe(200);
    expect((await ria.request(`/api/agents/${other}/runs?maxResults=10`)).status).toBe(200);
  });

  it('sees only its agents in the agents list, all in one answer, and in the insights overview', async () => {
    const ids = (reply: { json<T>(): T }) =>
      reply.json<{ agents: { agentId: string }[] }>().agents.map((a) => a.agentId);
    expect(ids(await rex.request('/api/agents?maxResults=100'))).toEqual([mine.agentId]);
    expect(ids(await ned.request('/api/agents?maxResults=100'))).toEqual(
      expect.arrayContaining([mine.agentId, theirs.agentId]),
    );
    expect(ids(await ria.request('/api/agents?maxResults=100'))).toContain(theirs.agentId);
    // Whatever page is asked for, all of its agents at once: a picker that reads one page misses none.
    const page = await rex.request(`/api/agents?maxResults=1&nextToken=${enc('anything')}`);
    expect(page.json()).toEqual({ agents: [expect.objectContaining({ agentId: mine.agentId })], nextToken: null });

    const week = `from=${new Date(Date.now() - 7 * 86_400_000).toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`;
    const overview = await rex.request(`/api/insights/agents?${week}`);
    expect(overview.status).toBe(200);
    expect(ids(overview)).toEqual([mine.agentId]);
    expect(ids(await ned.request(`/api/insights/agents?${week}`))).toEqual(
      expect.arrayContaining([mine.agentId, theirs.agentId]),
    );
    expect((await rex.request('/api/agents/', {})).text).not.toContain(theirs.agentId);
  });

  it("finds its own runs by id, and another agent's run as no such run", async () => {
    const owner = async (browser: TestBrowser, runId: string) =>
      (await browser.request(`/api/runs/${runId}/owner`)).json<{ owner: unknown }>().owner;
    expect(await owner(rex, mine.runs[0].runId)).toEqual({ kind: 'agent', ownerId: mine.agentId });
    expect(await owner(rex, theirs.runs[0].runId)).toBeNull();
    expect(await owner(ned, theirs.runs[0].runId)).toEqual({ kind: 'agent', ownerId: theirs.agentId });
  });

  it("sees and moves only its agents' validation tasks", async () => {
    const tasks = await rex.request(`/api/validations/${validationId}/tasks?maxResults=100`);
    expect(tasks.status).toBe(200);
    const listed = tasks.json<{ validationTasks: { taskId: string }[] }>().validationTasks.map((t) => t.taskId);
    expect(listed).toEqual(expect.arrayContaining(mine.runs.map((r) => r.taskId)));
    expect(listed).not.toContain(theirs.runs[0].taskId);
    expect(tasks.text).not.toContain(theirs.agentId);

    const theirTask = `/api/validations/${validationId}/tasks/${theirs.runs[0].taskId}`;
    const read = await rex.request(theirTask);
    expect(read.status).toBe(403);
    expect(read.json<{ message: string }>().message).toBe(limitMessage());
    const take = await rex.json(theirTask, 'PATCH', { status: 'in-progress' });
    expect(take.status).toBe(403);
    expect(take.json<{ message: string }>().message).toBe(limitMessage());
    expect((await api.get(`/validations/${validationId}/tasks/${theirs.runs[0].taskId}`)).body.status).toBe('ready');
  });

  it('takes and gives back its runs, corrects their ground truth and archives them', async () => {
    // Two runs of their own for each store's reviewer.
    const [first, second] = mine.runs.slice(2 * STORE_KINDS.indexOf(kind));
    const task = `/api/validations/${validationId}/tasks/${first.taskId}`;
    expect((await rex.json(task, 'PATCH', { status: 'in-progress' })).status).toBe(200);
    expect((await api.get(`/agents/${mine.agentId}/runs/${first.runId}`)).body.status).toBe('review-in-progress');
    expect((await rex.json(task, 'PATCH', { status: 'ready' })).status).toBe(200);

    const document = `/api/documents/${first.documentId}`;
    const corrected = await rex.json(document, 'PATCH', { groundTruth: [{ label: 'total', value: '2' }] });
    expect(corrected.status).toBe(200);
    expect((await api.get(`/documents/${first.documentId}`)).body.groundTruth).toMatchObject([{ value: '2' }]);
    const renamed = await rex.json(document, 'PATCH', { name: 'not mine to rename' });
    expect(renamed.status).toBe(403);
    expect(renamed.json<{ message: string }>().message).toBe(
      'Forbidden: changing name needs the admin role; operator "rex" is reviewer ' +
        "(a reviewer may change a document's groundTruth only)",
    );
    expect((await api.get(`/documents/${first.documentId}`)).body.name).toBe('doc ' + mine.runs.indexOf(first));
    const notFields = await rex.json(document, 'PATCH', [{ name: 'x' }]);
    expect(notFields.status).toBe(400);
    expect(notFields.json<{ message: string }>().message).toBe(
      'The body must be a JSON object of the fields to change',
    );

    const archived = await rex.json(`/api/agents/${mine.agentId}/runs/${second.runId}`, 'PATCH', {
      status: 'archived',
    });
    expect(archived.status).toBe(200);
    expect((await api.get(`/agents/${mine.agentId}/runs/${second.runId}`)).body.status).toBe('archived');
  });
});
