/**
 * " by ann (console)" after a created/updated time: the operator whose console write made the change, from the BFF's
 * audit log; otherwise the app client the service stamped, by name (api/change-credits.ts); the stamp itself shows on
 * hover. Every screen credits changes with this, so one client has one name everywhere.
 */
import { useQuery } from '@tanstack/react-query';
import { useCapabilities } from '@/api/capabilities';
import { appClientNameQueryOptions, consoleOperatorQueryOptions, type StampedWrite } from '@/api/change-credits';
import { useOrganizationScope } from '@/api/organization-scope';
import { t } from '@lingui/core/macro';

/** The service's own stamp for what its first start created (the organization, the console's app client). */
const FIRST_START = 'bootstrap';

export function ChangeCredit({
  actor,
  write,
}: {
  actor: string | null | undefined;
  /** The console write that may have made the change; without it, the app client is credited. */
  write?: StampedWrite;
}) {
  const org = useOrganizationScope();
  // The audit log is read by admins only (the BFF refuses viewers); a viewer sees the app client.
  const mayReadAudit = useCapabilities().readAuditLog;
  const operator = useQuery({
    ...consoleOperatorQueryOptions(write ?? { path: '', method: 'POST', time: '' }),
    enabled: Boolean(actor && write && mayReadAudit && actor !== FIRST_START),
  });
  const client = useQuery({ ...appClientNameQueryOptions(org, actor ?? ''), enabled: Boolean(actor) });
  if (!actor) return null;
  return (
    <span className="muted" title={actor}>
      {' '}
      {creditWords(operator.data, actor === FIRST_START, client.data ?? actor)}
    </span>
  );
}

/** "by ann (console)", "by the service’s first start" or "by <app client>": a whole phrase for each case. */
function creditWords(operatorName: string | null | undefined, firstStart: boolean, clientName: string): string {
  if (operatorName) return t`by ${operatorName} (console)`;
  if (firstStart) return t`by the service’s first start`;
  return t`by ${clientName}`;
}
