/**
 * The BFF's audit log as `GET /bff/audit` serves it (not a resource of the service): one entry per write an operator
 * sent through `/api`, newest first, with what became of it.
 */
import { z } from 'zod/mini';
import { AUDIT_METHODS } from './bff-audit-methods';
import { stringSchema } from './primitives';

export { AUDIT_METHODS };

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
  /** The BFF's id of the request (its log lines' `reqId`, the `x-request-id` answered); absent in older entries. */
  requestId: z.optional(stringSchema()),
  /** For a person signed in through the OpenID provider: its issuer and their subject (`sub`); absent otherwise. */
  issuer: z.optional(stringSchema()),
  subject: z.optional(stringSchema()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.nullable(stringSchema()) });
export type AuditPage = z.infer<typeof auditPageSchema>;

const MAX_AUDIT_LIMIT = 500;
const MAX_AUDIT_PATH_LENGTH = 8192;

/** An ISO 8601 date-time with a time zone: what `after` and `before` take (a bare date would depend on the zone). */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i;

/** The instant in an ISO 8601 date-time, or undefined when it is not one (Date.parse alone takes 2026-02-30). */
function parseInstant(text: string): number | undefined {
  const match = ISO_DATE_TIME.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : time;
}

/**
 * One query parameter of `GET /bff/audit`: absent or empty means no filter; otherwise `rule` holds (else 400 with
 * `<name> <message>`) and the handler gets `parse(text)`.
 */
function auditParam<T>(rule: (text: string) => boolean, message: string, parse: (text: string) => T) {
  return z.optional(
    z.pipe(
      stringSchema().check(z.refine((text) => text === '' || rule(text), { message })),
      z.transform((text) => (text === '' ? undefined : parse(text))),
    ),
  );
}

const anyText = () => true;
const asIs = (text: string) => text;
const instantParam = auditParam(
  (text) => parseInstant(text) !== undefined,
  'must be an ISO 8601 date-time with a time zone, e.g. 2026-01-31T09:00:00Z',
  (text) => parseInstant(text)!,
);

/** `GET /bff/audit`'s filters, newest first: `limit` (1…500, default 50) entries from `cursor` on. */
export const auditQuerySchema = z
  .object({
    limit: auditParam(
      (text) => Number.isInteger(Number(text)) && Number(text) >= 1 && Number(text) <= MAX_AUDIT_LIMIT,
      `must be an integer from 1 to ${MAX_AUDIT_LIMIT}`,
      Number,
    ),
    operator: auditParam(anyText, '', asIs),
    method: auditParam(
      (text) => (AUDIT_METHODS as readonly string[]).includes(text.toUpperCase()),
      `must be one of ${AUDIT_METHODS.join(', ')}`,
      (text) => text.toUpperCase(),
    ),
    path: auditParam(
      (text) => text.startsWith('/') && text.length <= MAX_AUDIT_PATH_LENGTH,
      `must be a recorded path starting with "/", at most ${MAX_AUDIT_PATH_LENGTH} characters`,
      asIs,
    ),
    /** Entries at or after this instant. */
    after: instantParam,
    /** Entries before this instant. */
    before: instantParam,
    /** A `nextCursor` from a previous page. */
    cursor: auditParam(anyText, '', asIs),
  })
  .check(
    z.refine(({ after, before }) => after === undefined || before === undefined || after < before, {
      message: 'must be earlier than before',
      path: ['after'],
    }),
  );
