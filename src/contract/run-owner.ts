/**
 * `GET /runs/{runId}/owner`: which agent, hook or action a bare run id belongs to — an extension of the embedded
 * service (docs/run-owner.md). A bare `svc:run:…` does not say its owner, and the seed reads runs only under their
 * owner, so without this a client asks every agent, hook and action in turn.
 *
 * The answer is 200 whether or not the run is there: `owner` is null when no run of that id is in the caller's
 * organization among the kinds it may read. So a client tells "no such run" (200, null) from "the service has no
 * such endpoint" (404 or 400 on the path itself) by the status alone.
 */
import { z } from 'zod/mini';
import { actionRefSchema, agentIdSchema, hookRefSchema, runIdSchema } from './ids';

export const runOwnerSchema = z.strictObject({
  runId: runIdSchema,
  owner: z.nullable(
    z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('agent'), ownerId: agentIdSchema }),
      z.strictObject({ kind: z.literal('hook'), ownerId: hookRefSchema }),
      z.strictObject({ kind: z.literal('action'), ownerId: actionRefSchema }),
    ]),
  ),
});
export type RunOwner = z.infer<typeof runOwnerSchema>;
