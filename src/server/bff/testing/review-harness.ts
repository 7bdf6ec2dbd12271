/**
 * What the review BFF tests share: the real embedded service (started by the file's beforeAll), review queues seeded
 * through its API, two BFF instances on one state store (a data dir, or a fresh PostgreSQL schema) with a clock the
 * test moves, and operators signed in to them.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { OperatorRole } from '@/contract/bff-session';
import type { BffConfig } from '@/server/bff/config';
import { dropBffSchema } from '@/server/bff/state/postgres/bff-database';
import { apiClient, type ApiClient } from '@/server/service/testing/http';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { startBff, TestBrowser, type RunningBff } from './bff-harness';
import type { StoreKind } from './bffs-on-each-store';

export const REVIEW_TEST_PASSWORD = 'correct-horse-battery';

export interface ReviewHarness {
  readonly service: TestService;
  /** The service's API as its admin app client. */
  readonly api: ApiClient;
  /** An agent whose validation sends every run to review, with `count` runs waiting (documents with `fields`). */
  queueOf(count: number, fields?: (i: number) => { label: string; value: string }[]): Promise<QueueOfRuns>;
  /** Two BFF instances on one state of `kind`, with `config` (the clock among it); stopped after the file. */
  twoInstances(kind: StoreKind, config: Partial<BffConfig>): Promise<[RunningBff, RunningBff]>;
}

export interface QueueOfRuns {
  agentId: string;
  runIds: string[];
}

/** Registers the file's beforeAll/afterAll: one service for the file, every BFF it started stopped at the end. */
export function reviewHarness(): ReviewHarness {
  let service: TestService;
  let api: ApiClient;
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    service = await startTestService();
    api = apiClient(service.baseUrl, await service.getToken());
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await service?.close();
  });

  return {
    get service() {
      return service;
    },
    get api() {
      return api;
    },
    async queueOf(count, fields = () => [{ label: 'total', value: '1' }]) {
      const model = await api.post('/models', {
        name: 'm',
        fieldConfig: { total: { type: 'amount' }, invoice_number: { type: 'string' } },
      });
      const validation = await api.post('/validations', {
        name: 'v',
        config: { rules: [{ type: 'confidenceThreshold', threshold: 1 }] },
      });
      const agent = await api.post('/agents', {
        name: `review ${randomBytes(3).toString('hex')}`,
        resourceIds: [model.body.modelId, validation.body.validationId],
      });
      const agentId = agent.body.agentId as string;
      const runIds: string[] = [];
      for (let i = 0; i < count; i++) {
        const document = await api.post('/documents', { name: `doc ${i}`, groundTruth: fields(i) });
        const run = await api.post(`/agents/${agentId}/runs`, { documentId: document.body.documentId });
        expect(run.body.status).toBe('ready-for-review');
        runIds.push(run.body.runId as string);
      }
      return { agentId, runIds };
    },
    async twoInstances(kind, config) {
      const postgres =
        kind === 'postgres'
          ? { url: process.env.DPS_DATABASE_URL!, schema: `bff_t_${randomBytes(6).toString('hex')}` }
          : undefined;
      const shared: Partial<BffConfig> = { ...config, database: postgres };
      const first = await startBff(service.credentials, { config: shared });
      const second = await startBff(service.credentials, { config: shared, dataDir: first.dataDir });
      cleanups.push(async () => {
        await second.close();
        await first.close();
        first.cleanup();
        if (postgres) await dropBffSchema(postgres.url, postgres.schema);
      });
      return [first, second];
    },
  };
}

/** An operator account added to `bff` and signed in through the password form. */
export async function signedIn(bff: RunningBff, name: string, role: OperatorRole): Promise<TestBrowser> {
  await bff.addOperator(name, role, REVIEW_TEST_PASSWORD);
  const browser = new TestBrowser(bff.origin);
  expect((await browser.login(name, REVIEW_TEST_PASSWORD)).status).toBe(200);
  return browser;
}
