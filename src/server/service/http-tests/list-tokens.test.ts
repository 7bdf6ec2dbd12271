/**
 * `nextToken` over HTTP: opaque, per organization and per list. A token works only for the organization and the list
 * (family, filters, order) it was issued for; anything else, or any change to it, is 400 `{message}` naming
 * `nextToken`. Documents' sortBy/order and agent runs' sort keep paging.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, hex32, type ApiClient, type HttpResult } from '@/server/service/testing/http';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { expect400 } from '@/server/service/testing/expect-error';

let svc: TestService;
let api: ApiClient;
let other: ApiClient;
const datasetX = `svc:dataset:${hex32('a')}`;
const datasetY = `svc:dataset:${hex32('b')}`;

beforeAll(async () => {
  svc = await startTestService();
  api = apiClient(svc.baseUrl, await svc.getToken());
  other = apiClient(svc.baseUrl, await (await svc.createTenant()).getToken());
  for (const [client, dataset] of [
    [api, datasetX],
    [api, datasetX],
    [api, datasetX],
    [api, datasetY],
    [api, datasetY],
    [other, datasetX],
    [other, datasetX],
  ] as const) {
    expect((await client.post('/documents', { name: 'paged', datasetId: dataset })).status).toBe(200);
  }
});
afterAll(() => svc?.close());

const withToken = (path: string, token: string) =>
  `${path}${path.includes('?') ? '&' : '?'}nextToken=${encodeURIComponent(token)}`;

async function firstToken(client: ApiClient, path: string): Promise<string> {
  const page = await client.get(`${path}${path.includes('?') ? '&' : '?'}maxResults=1`);
  expect(page.status).toBe(200);
  expect(page.body.nextToken).toEqual(expect.any(String));
  return page.body.nextToken;
}

async function pageAll(client: ApiClient, path: string, key: string, idField: string): Promise<string[]> {
  const ids: string[] = [];
  let next: string | null = null;
  do {
    const first = `${path}${path.includes('?') ? '&' : '?'}maxResults=2`;
    const page: HttpResult = await client.get(next ? withToken(first, next) : first);
    expect(page.status).toBe(200);
    ids.push(...page.body[key].map((item: Record<string, string>) => item[idField]));
    next = page.body.nextToken;
  } while (next);
  return ids;
}

describe('nextToken', () => {
  it("of organization A is refused on organization B's same list", async () => {
    const path = `/documents?datasetId=${encodeURIComponent(datasetX)}`;
    const token = await firstToken(api, path);
    expect((await api.get(withToken(path, token))).status).toBe(200);
    await expect400(other.get(withToken(path, token)), /nextToken/);
    await expect400(other.get(withToken('/documents', token)), /nextToken/);
  });

  it('of one list is refused on another: other filter, order, family', async () => {
    const path = `/documents?datasetId=${encodeURIComponent(datasetX)}&sortBy=createdTime&order=ascending`;
    const token = await firstToken(api, path);
    expect((await api.get(withToken(path, token))).status).toBe(200);
    await expect400(api.get(withToken(`/documents?datasetId=${encodeURIComponent(datasetY)}`, token)), /nextToken/);
    await expect400(api.get(withToken('/documents', token)), /nextToken/);
    await expect400(
      api.get(withToken(`/documents?datasetId=${encodeURIComponent(datasetX)}&order=descending`, token)),
      /nextToken/,
    );
    await expect400(api.get(withToken('/models', token)), /nextToken/);
    await expect400(api.get(withToken('/roles', token)), /nextToken/);
    const roles = await firstToken(api, '/roles');
    await expect400(api.get(withToken('/users', roles)), /nextToken/);
    await expect400(api.get(withToken('/appClients', roles)), /nextToken/);
  });

  it('of one agent’s runs is refused on another agent’s runs and on the other sort', async () => {
    const document = (await api.post('/documents', { name: 'for runs' })).body.documentId;
    const agents: string[] = [];
    for (const name of ['first agent', 'second agent']) {
      const agent = (await api.post('/agents', { name, resourceIds: [] })).body.agentId;
      agents.push(agent);
      for (let i = 0; i < 3; i++)
        expect((await api.post(`/agents/${agent}/runs`, { documentId: document })).status).toBe(200);
    }
    const token = await firstToken(api, `/agents/${agents[0]}/runs?sort=createdTime:asc`);
    expect((await api.get(withToken(`/agents/${agents[0]}/runs?sort=createdTime:asc`, token))).status).toBe(200);
    await expect400(api.get(withToken(`/agents/${agents[1]}/runs?sort=createdTime:asc`, token)), /nextToken/);
    await expect400(api.get(withToken(`/agents/${agents[0]}/runs?sort=createdTime:desc`, token)), /nextToken/);
    await expect400(
      api.get(withToken(`/agents/${agents[0]}/runs?sort=createdTime:asc&status=archived`, token)),
      /nextToken/,
    );
    for (const sort of ['createdTime:asc', 'createdTime:desc']) {
      const all = (await api.get(`/agents/${agents[0]}/runs?sort=${sort}&maxResults=100`)).body.runs.map(
        (r: { runId: string }) => r.runId,
      );
      expect(await pageAll(api, `/agents/${agents[0]}/runs?sort=${sort}`, 'runs', 'runId')).toEqual(all);
    }
  });

  it('changed in any one character is refused', async () => {
    const path = `/documents?datasetId=${encodeURIComponent(datasetX)}`;
    const token = await firstToken(api, path);
    for (const i of [0, Math.floor(token.length / 2), token.length - 1]) {
      const changed = `${token.slice(0, i)}${token[i] === 'A' ? 'B' : 'A'}${token.slice(i + 1)}`;
      await expect400(api.get(withToken(path, changed)), /nextToken/);
    }
  });

  it('pages documents both ways by sortBy=createdTime&order', async () => {
    for (const order of ['ascending', 'descending']) {
      const path = `/documents?datasetId=${encodeURIComponent(datasetX)}&sortBy=createdTime&order=${order}`;
      const all = (await api.get(`${path}&maxResults=100`)).body.documents.map(
        (d: { documentId: string }) => d.documentId,
      );
      expect(all).toHaveLength(3);
      expect(await pageAll(api, path, 'documents', 'documentId')).toEqual(all);
    }
  });
});
