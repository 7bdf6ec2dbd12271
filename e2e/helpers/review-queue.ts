/** Review queues seeded through the service's API: an agent of its own whose validation asks about every run. */
import { expect } from '@playwright/test';
import type { ServiceApi } from '../support/fixtures';
import { createDocument } from './documents-api';
import { makeTextPdf } from './document-fixtures';
import type { Agent, AgentRun, Document, GroundTruthEntry } from '@/contract';

const DEFAULT_FIELDS = { invoice_number: { type: 'string' }, total_amount: { type: 'amount' } };

/**
 * Model, validation (a 0.99 confidence threshold, so every run goes to review) and the agent that uses them, with
 * `extraResources` (actions, hooks) after those two.
 */
export async function createReviewAgent(
  api: ServiceApi,
  name: string,
  { fieldConfig = DEFAULT_FIELDS, extraResources = [] }: { fieldConfig?: object; extraResources?: string[] } = {},
) {
  const model = await api.post<{ modelId: string }>('/models', { name: `${name} model`, fieldConfig });
  const validation = await api.post<{ validationId: string }>('/validations', {
    name: `${name} validation`,
    enabled: true,
    config: { rules: [{ type: 'confidenceThreshold', threshold: 0.99 }] },
  });
  const agent = await api.post<Agent>('/agents', {
    name: `${name} agent`,
    resourceIds: [model.modelId, validation.validationId, ...extraResources],
  });
  return { agent, agentId: agent.agentId, modelId: model.modelId, validationId: validation.validationId };
}

/** Runs the agent on the document; the run waits for review. */
export async function queueRun(api: ServiceApi, agentId: string, documentId: string): Promise<AgentRun> {
  const run = await api.post<AgentRun>(`/agents/${encodeURIComponent(agentId)}/runs`, { documentId });
  expect(run.status).toBe('ready-for-review');
  return run;
}

interface QueueFile {
  bytes: Uint8Array;
  contentType: string;
}

/**
 * An agent with `count` runs waiting for review, each on a document of its own whose ground truth holds
 * `INV-<i>` and `<i>00.00`; `file(i)` picks each document's file (a one-page PDF unless told).
 */
export async function seedReviewQueue(
  api: ServiceApi,
  name: string,
  count: number,
  file: (index: number) => Promise<QueueFile> = async () => ({
    bytes: await makeTextPdf(1),
    contentType: 'application/pdf',
  }),
) {
  const agent = await createReviewAgent(api, name);
  const runs: { run: AgentRun; document: Document }[] = [];
  for (let i = 1; i <= count; i++) {
    const groundTruth: GroundTruthEntry[] = [
      { label: 'invoice_number', value: `INV-${i}`, pages: [0], confidence: 0.5 },
      { label: 'total_amount', value: `${i}00.00`, pages: [0], confidence: 0.6 },
    ];
    const { bytes, contentType } = await file(i);
    const document = await createDocument(api, { bytes, contentType, name: `${name} doc ${i}`, groundTruth });
    runs.push({ run: await queueRun(api, agent.agentId, document.documentId), document });
  }
  return { ...agent, runs };
}
