/**
 * The BFF's audit log as `GET /bff/audit` serves it (not a resource of the service): one entry per write an operator
 * sent through `/api`, newest first, with what became of it.
 */
import { z } from 'zod/mini';
import { stringSchema } from './primitives';

export const AUDIT_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * - `answered`: the service answered `status`.
 * - `not-forwarded`: the BFF answered `status` itself (refused, body too large, no token); the service saw nothing.
 * - `pending`: sent to the service, no answer recorded (still in flight, or the BFF stopped before it came).
 * - `timeout`: sent, and the service did not answer in time: whether it applied the write is unknown.
 * - `connection-failed`: sent, and the connection failed before an answer: whether it applied the write is unknown.
 */
export const AUDIT_OUTCOMES = ['answered', 'not-forwarded', 'pending', 'timeout', 'connection-failed'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const auditEntrySchema = z.object({
  /** When the write was sent to the service (or refused by the BFF). */
  time: stringSchema(),
  operator: stringSchema(),
  method: stringSchema(),
  path: stringSchema(),
  /** The service's answer, or the BFF's own when the write was not forwarded; null when there is none. */
  status: z.nullable(z.number().check(z.int())),
  outcome: z.enum(AUDIT_OUTCOMES),
  /** The browser went away before the answer reached it (the write went on regardless). */
  clientClosed: z.boolean(),
  /** When the outcome was recorded; null while pending. */
  completedTime: z.nullable(stringSchema()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.nullable(stringSchema()) });
export type AuditPage = z.infer<typeof auditPageSchema>;
