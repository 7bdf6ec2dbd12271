/**
 * `GET /agents/{agentId}/runs/counts`: how many of an agent's runs are in each status — an extension of the embedded
 * service (docs/run-counts.md). The filters are the runs list's (status, outcome, the insight filters,
 * createdTimeAfter/Before), so a tab's count and the list behind it always agree. Every status appears, with 0 where
 * there is none.
 */
import { z } from 'zod/mini';
import { agentRunListQuerySchema } from './agents';
import { agentRunStatusSchema, type AgentRunStatus } from './enums';

export const agentRunCountsQuerySchema = z.pick(agentRunListQuerySchema, {
  status: true,
  outcome: true,
  predictionLabel: true,
  predictionChanged: true,
  predictionConfidence: true,
  lowestConfidence: true,
  createdTimeAfter: true,
  createdTimeBefore: true,
});

export type AgentRunCountsQuery = z.infer<typeof agentRunCountsQuerySchema>;

export const agentRunCountsSchema = z.object({
  counts: z.partialRecord(agentRunStatusSchema, z.number().check(z.int(), z.nonnegative())),
});

export type AgentRunCounts = Partial<Record<AgentRunStatus, number>>;
