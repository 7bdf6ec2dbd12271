/**
 * Where an id looked up through the API (../../api/id-lookup.ts) leads: the route of its screen, with params (the
 * router encodes the ':' in ids), and what the palette calls it.
 */
import { t } from '@lingui/core/macro';
import type { FoundResource } from '@/api/id-lookup';

export interface FoundTarget {
  /** "Agent run", "Hook run", "User", … */
  kind: string;
  to: string;
  params: Record<string, string>;
  /** Shown beside the target: the run's or resource's name when it has one. */
  label: string | null;
}

/** A hook's or an action's run: its owner's id in the owner's param, "Latest …" when found as the owner's latest. */
function ownedRun(
  found: Extract<FoundResource, { type: 'hook-run' | 'action-run' }>,
  owner: 'hook' | 'action',
  to: string,
  ownerParam: string,
): FoundTarget {
  const latest = owner === 'hook' ? t`Latest hook run` : t`Latest action run`;
  const kind = owner === 'hook' ? t`Hook run` : t`Action run`;
  return {
    kind: found.latest ? latest : kind,
    to,
    params: { [ownerParam]: found.ownerId, runId: found.runId },
    label: found.label,
  };
}

export function foundTarget(found: FoundResource): FoundTarget {
  switch (found.type) {
    case 'agent-run':
      return {
        kind: t`Agent run`,
        to: '/runs/$agentId/$runId',
        params: { agentId: found.agentId, runId: found.runId },
        label: null,
      };
    case 'hook-run':
      return ownedRun(found, 'hook', '/runs/hooks/$hookId/$runId', 'hookId');
    case 'action-run':
      return ownedRun(found, 'action', '/runs/actions/$actionId/$runId', 'actionId');
    case 'user':
      return { kind: t`User`, to: '/settings/users/$userId', params: { userId: found.userId }, label: found.label };
    case 'app-client':
      return {
        kind: t`App client`,
        to: '/settings/app-clients/$appClientId',
        params: { appClientId: found.appClientId },
        label: found.label,
      };
    case 'validation':
      return {
        kind: t`Validation`,
        to: '/validations/$validationId',
        params: { validationId: found.validationId },
        label: found.label,
      };
  }
}
