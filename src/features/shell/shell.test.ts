import { describe, expect, it } from 'vitest';
import { idHint, namedResourcesIn, resolveResourceId } from './resource-links';
import { safeRedirect } from './sign-in-page';

describe('pasted ids', () => {
  it('resolve to the detail route of their resource', () => {
    expect(resolveResourceId(' svc:user:abc123 ')).toMatchObject({ kind: 'User', to: '/settings/users/$userId', params: { userId: 'svc:user:abc123' } });
    expect(resolveResourceId('legacy:model:invoice-v2')).toMatchObject({ to: '/models/$modelId', params: { modelId: 'legacy:model:invoice-v2' } });
    expect(resolveResourceId('svc:app-client:x1')).toMatchObject({ to: '/settings/app-clients/$appClientId' });
    expect(resolveResourceId('svc:organization:acme/svc:agent:a1/svc:run:r1')).toMatchObject({
      to: '/runs/$agentId/$runId',
      params: { agentId: 'svc:agent:a1', runId: 'svc:run:r1' },
    });
  });
  it('refuse text that is not an id, and explain ids that need more', () => {
    expect(resolveResourceId('users')).toBeNull();
    expect(resolveResourceId('svc:user:a b')).toBeNull();
    expect(resolveResourceId('svc:run:abc')).toBeNull();
    expect(idHint('svc:run:abc')).toContain('does not name its agent');
  });
});

describe('sign-in redirect', () => {
  it('follows same-origin paths only', () => {
    expect(safeRedirect('/settings/users?x=1')).toBe('/settings/users?x=1');
    expect(safeRedirect(undefined)).toBe('/runs');
    expect(safeRedirect('//evil.example')).toBe('/runs');
    expect(safeRedirect('/\\evil.example')).toBe('/runs');
    expect(safeRedirect('https://evil.example')).toBe('/runs');
    expect(safeRedirect('/sign-in?redirect=/x')).toBe('/runs');
  });
});

describe('resources by name from cached responses', () => {
  it('finds named resources in list envelopes and single objects', () => {
    const found = namedResourcesIn({
      users: [
        { userId: 'svc:user:u1', email: 'ann@example.com', name: 'Ann' },
        { userId: 'svc:user:u2', email: 'bob@example.com', name: null },
      ],
      nextToken: null,
    });
    namedResourcesIn({ modelId: 'svc:model:invoice', name: 'Invoice model' }, found);
    namedResourcesIn({ agentId: 'svc:agent:a1', runId: 'svc:run:r1', name: 'Nightly run' }, found);
    namedResourcesIn({ organizationId: 'svc:organization:o', name: 'No screen of its own kind' }, found);
    expect([...found.values()].map((r) => [r.kind, r.name, r.to])).toEqual([
      ['User', 'Ann', '/settings/users/$userId'],
      ['User', 'bob@example.com', '/settings/users/$userId'],
      ['Model', 'Invoice model', '/models/$modelId'],
      ['Agent run', 'Nightly run', '/runs/$agentId/$runId'],
    ]);
  });
});
