/** The ⌘K palette's route targets of looked-up ids: each resource the API finds opens its screen. */
import { describe, expect, it } from 'vitest';
import { foundTarget } from './found-target';
import { namedResourcesIn } from './resource-links';

const RUN = `svc:run:${'1'.repeat(32)}`;

describe('foundTarget', () => {
  it('opens a run under its owner, named "Latest …" when found by the hook or action id', () => {
    expect(foundTarget({ type: 'agent-run', agentId: 'svc:agent:a', runId: RUN })).toEqual({
      kind: 'Agent run',
      to: '/runs/$agentId/$runId',
      params: { agentId: 'svc:agent:a', runId: RUN },
      label: null,
    });
    expect(
      foundTarget({ type: 'hook-run', ownerId: 'svc:hook:h', runId: RUN, label: 'notify ERP', latest: false }),
    ).toEqual({
      kind: 'Hook run',
      to: '/runs/hooks/$hookId/$runId',
      params: { hookId: 'svc:hook:h', runId: RUN },
      label: 'notify ERP',
    });
    expect(foundTarget({ type: 'action-run', ownerId: 'svc:action:x', runId: RUN, label: null, latest: true })).toEqual(
      {
        kind: 'Latest action run',
        to: '/runs/actions/$actionId/$runId',
        params: { actionId: 'svc:action:x', runId: RUN },
        label: null,
      },
    );
  });

  it('opens a user, an app client and a validation on their detail screens', () => {
    expect(foundTarget({ type: 'user', userId: 'svc:user:u', label: 'Ada' })).toEqual({
      kind: 'User',
      to: '/settings/users/$userId',
      params: { userId: 'svc:user:u' },
      label: 'Ada',
    });
    expect(foundTarget({ type: 'app-client', appClientId: 'svc:app-client:c', label: null }).to).toBe(
      '/settings/app-clients/$appClientId',
    );
    expect(foundTarget({ type: 'validation', validationId: 'svc:validation:v', label: 'Q4' }).params).toEqual({
      validationId: 'svc:validation:v',
    });
  });

  it('leaves cached lookup answers out of the search by name (their name is a label)', () => {
    const userId = `svc:user:${'2'.repeat(32)}`;
    expect(namedResourcesIn({ type: 'user', userId, label: 'Ada' }).size).toBe(0);
  });
});
