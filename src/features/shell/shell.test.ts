import { describe, expect, it } from 'vitest';
import { idHint, namedResourcesIn, parsePastedId, resolveResourceId } from './resource-links';
import { safeRedirect } from '@/contract/safe-redirect';
import { createGoSequence, GO_SEQUENCE_MS } from './go-sequence';

describe('pasted ids', () => {
  it('resolve to the detail route of their resource', () => {
    expect(resolveResourceId(' svc:user:abc123 ')).toMatchObject({
      kind: 'User',
      to: '/settings/users/$userId',
      params: { userId: 'svc:user:abc123' },
    });
    expect(resolveResourceId('legacy:model:invoice-v2')).toMatchObject({
      to: '/models/$modelId',
      params: { modelId: 'legacy:model:invoice-v2' },
    });
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
    expect(idHint('svc:run:0123456789abcdef0123456789abcdef')).toContain('does not name its agent');
  });
});

describe('what the copy buttons copy, pasted into ⌘K', () => {
  const HEX = '0123456789abcdef0123456789abcdef';
  const RUN = `svc:run:${HEX}`;
  it('opens hook and action run references directly', () => {
    expect(parsePastedId(`svc:hook:h1/${RUN}`)).toEqual({
      target: expect.objectContaining({
        kind: 'Hook run',
        to: '/runs/hooks/$hookId/$runId',
        params: { hookId: 'svc:hook:h1', runId: RUN },
      }),
    });
    expect(parsePastedId(`svc:organization:acme/svc:action:a1/${RUN}`)).toEqual({
      target: expect.objectContaining({
        kind: 'Action run',
        to: '/runs/actions/$actionId/$runId',
        params: { actionId: 'svc:action:a1', runId: RUN },
      }),
    });
  });
  it('looks up a bare run id (agent, hook or action run), with or without an organization prefix', () => {
    expect(parsePastedId(` ${RUN} `)).toEqual({ lookup: { kind: 'run', id: RUN } });
    expect(parsePastedId(`svc:organization:acme/${RUN}`)).toEqual({ lookup: { kind: 'run', id: RUN } });
  });
  it('looks up ids whose screen is another resource’s', () => {
    expect(parsePastedId(`svc:profile:${HEX}`)).toEqual({ lookup: { kind: 'profile', id: `svc:profile:${HEX}` } });
    expect(parsePastedId(`legacy:profile:${HEX}`)).toEqual({
      lookup: { kind: 'profile', id: `legacy:profile:${HEX}` },
    });
    expect(parsePastedId(`svc:validation-task:${HEX}`)).toEqual({
      lookup: { kind: 'validation-task', id: `svc:validation-task:${HEX}` },
    });
    expect(parsePastedId(`svc:organization:acme/svc:hook:${HEX}`)).toEqual({
      lookup: { kind: 'hook', id: `svc:hook:${HEX}` },
    });
    expect(parsePastedId(`svc:action:${HEX}`)).toEqual({ lookup: { kind: 'action', id: `svc:action:${HEX}` } });
    expect(parsePastedId('0123456789abcdef0123456789abcdef')).toEqual({
      lookup: { kind: 'client-id', id: '0123456789abcdef0123456789abcdef' },
    });
  });
  it('opens plans, payment methods, datasets and consents on the screens that show them', () => {
    expect(parsePastedId('svc:plan:pro:@2024.1')).toEqual({
      target: expect.objectContaining({ to: '/settings/organization' }),
    });
    expect(parsePastedId('svc:payment-method:0123456789abcdef0123456789abcdef')).toEqual({
      target: expect.objectContaining({ to: '/settings/organization' }),
    });
    expect(parsePastedId('svc:dataset:d1')).toEqual({
      target: expect.objectContaining({ to: '/documents', search: { datasetId: 'svc:dataset:d1' } }),
    });
    expect(parsePastedId('legacy:consent:c1')).toEqual({
      target: expect.objectContaining({ to: '/documents', search: { consentId: 'legacy:consent:c1' } }),
    });
  });
  it('looks nothing up until the id is complete (the contract’s full pattern), and says what is missing', () => {
    // Every prefix of a run id as it is typed, one character at a time: none is looked up but the whole.
    for (let length = 1; length < RUN.length; length++) expect(parsePastedId(RUN.slice(0, length))).toBeNull();
    expect(parsePastedId(RUN)).toEqual({ lookup: { kind: 'run', id: RUN } });
    expect(idHint('svc:run:0123')).toBe('Keep typing: a run id is svc:run: and 32 lowercase hex digits (4 so far).');
    for (const [kind, text] of [
      ['validation-task', 'svc:validation-task:ab12'],
      ['hook', 'svc:organization:acme/svc:hook:h1'],
      ['action', `svc:action:${HEX}0`],
      ['profile', `svc:profile:${HEX.slice(1)}`],
      ['run', `svc:run:${HEX.toUpperCase()}`],
    ]) {
      expect(parsePastedId(text!), text).toBeNull();
      expect(idHint(text!), text).toMatch(new RegExp(`^(Keep typing: a|Not a) ${kind} id`));
    }
    // Run ids exist only in the svc namespace: the service would refuse a legacy one (400).
    expect(parsePastedId(`legacy:run:${HEX}`)).toBeNull();
    expect(idHint(`legacy:run:${HEX}`)).toBe('A run id starts with svc:run: (not legacy:).');
    expect(idHint(`svc:profile:${HEX.slice(4)}`)).toBe(
      'Keep typing: a profile id is svc:profile: (or legacy:profile:) and 32 lowercase hex digits (28 so far).',
    );
  });
  it('leaves text that is no id to the search by name', () => {
    expect(parsePastedId('invoice')).toBeNull();
    expect(parsePastedId('svc:run:a b')).toBeNull();
    expect(parsePastedId('0123456789ABCDEF0123456789ABCDEF')).toBeNull();
    expect(parsePastedId('svc:widget:x')).toBeNull();
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

  it('refuses paths a browser reads as another origin (tabs, newlines and backslashes dropped or turned to /)', () => {
    expect(safeRedirect('/\t/evil.example')).toBe('/runs');
    expect(safeRedirect('/\n/evil.example')).toBe('/runs');
    expect(safeRedirect('/\u0000/evil.example')).toBe('/runs');
    expect(safeRedirect('/documents\\..\\..')).toBe('/runs');
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

describe('g + key shortcuts', () => {
  it('go when the second key was pressed within the window after g, by the keys’ own times', () => {
    const sequence = createGoSequence();
    expect(sequence.press('g', 10_000)).toBeNull();
    // Handed over late by a busy page, but typed 300 ms apart: still a sequence.
    expect(sequence.press('i', 10_300)).toBe('i');
  });

  it('do not go when the second key came after the window, or without g, and a sequence is used once', () => {
    const sequence = createGoSequence();
    expect(sequence.press('i', 5_000)).toBeNull();
    sequence.press('g', 10_000);
    expect(sequence.press('i', 10_000 + GO_SEQUENCE_MS)).toBeNull();
    sequence.press('g', 20_000);
    expect(sequence.press('r', 20_100)).toBe('r');
    expect(sequence.press('i', 20_200)).toBeNull();
  });
});
