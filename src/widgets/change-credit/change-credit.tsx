/**
 * " by ann (console)" after a created/updated time: the operator whose console write made the change, from the BFF's
 * audit log; otherwise the app client the service stamped, by name (api/change-credits.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useCanWrite } from '@/api/can-write';
import { appClientNameQueryOptions, consoleOperatorQueryOptions, type StampedWrite } from '@/api/change-credits';
import { useOrganizationScope } from '@/api/organization-scope';

export function ChangeCredit({ actor, write }: { actor: string | null | undefined; write: StampedWrite }) {
  const org = useOrganizationScope();
  // The audit log is read by admins only (the BFF refuses viewers); a viewer sees the app client.
  const mayReadAudit = useCanWrite();
  const operator = useQuery({
    ...consoleOperatorQueryOptions(write),
    enabled: Boolean(actor && mayReadAudit),
  });
  const client = useQuery({ ...appClientNameQueryOptions(org, actor ?? ''), enabled: Boolean(actor) });
  if (!actor) return null;
  const who = operator.data ? `${operator.data} (console)` : (client.data ?? actor);
  return (
    <span className="muted" title={actor}>
      {' '}
      by {who}
    </span>
  );
}
