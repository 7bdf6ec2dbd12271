/**
 * Where an id looked up through the API (../../api/id-lookup.ts) leads: the route of its screen, with params (the
 * router encodes the ':' in ids), and what the palette calls it.
 */
import type { FoundResource } from '@/api/id-lookup';

export interface FoundTarget {
  /** "Agent run", "Hook run", "User", … */
  kind: string;
  to: string;
  params: Record<string, string>;
  /** Shown beside the target: the run's or resource's name when it has one. */
  label: string | null;
}

export function foundTarget(found: FoundResource): FoundTarget {
  switch (found.type) {
    case 'agent-run':
      return {
        kind: 'Agent run',
        to: '/runs/$agentId/$runId',
        params: { agentId: found.agentId, runId: found.runId },
        label: null,
      };
    case 'hook-run':
      return {
        kind: found.latest ? 'Latest hook run' : 'Hook run',
        to: '/runs/hooks/$hookId/$runId',
        params: { hookId: found.ownerId, runId: found.runId },
        label: found.label,
      };
    case 'action-run':
      return {
        kind: found.latest ? 'Latest action run' : 'Action run',
        to: '/runs/actions/$actionId/$runId',
        params: { actionId: found.ownerId, runId: found.runId },
        label: found.label,
      };
    case 'user':
      return { kind: 'User', to: '/settings/users/$userId', params: { userId: found.userId }, label: found.label };
    case 'app-client':
      return {
        kind: 'App client',
        to: '/settings/app-clients/$appClientId',
        params: { appClientId: found.appClientId },
        label: found.label,
      };
    case 'validation':
      return {
        kind: 'Validation',
        to: '/validations/$validationId',
        params: { validationId: found.validationId },
        label: found.label,
      };
  }
}
