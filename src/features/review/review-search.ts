/** The review screen's URL state: the agent whose queue is open and the run under review; malformed ids are dropped. */
import { z } from 'zod/mini';
import { agentIdSchema, runIdSchema } from '@/contract';

export const reviewSearchSchema = z.object({
  agentId: z.catch(z.optional(agentIdSchema), undefined),
  runId: z.catch(z.optional(runIdSchema), undefined),
});
