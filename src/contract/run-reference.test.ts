import { describe, expect, it } from 'vitest';
import { formatRunReference, parseAgentRunReference, parseRunReference } from './run-reference';

describe('run references', () => {
  it('parse the agent, hook and action forms, with or without an organization prefix', () => {
    expect(parseRunReference('svc:agent:a1/svc:run:r1')).toEqual({
      kind: 'agent',
      ownerId: 'svc:agent:a1',
      runId: 'svc:run:r1',
      organizationId: null,
    });
    expect(parseRunReference('svc:organization:acme/svc:agent:a-1/svc:run:r_2')).toEqual({
      kind: 'agent',
      ownerId: 'svc:agent:a-1',
      runId: 'svc:run:r_2',
      organizationId: 'svc:organization:acme',
    });
    expect(parseRunReference('legacy:organization:o/svc:hook:h/svc:run:r')).toEqual({
      kind: 'hook',
      ownerId: 'svc:hook:h',
      runId: 'svc:run:r',
      organizationId: 'legacy:organization:o',
    });
    expect(parseRunReference('svc:action:x/svc:run:y')).toMatchObject({
      kind: 'action',
      ownerId: 'svc:action:x',
      runId: 'svc:run:y',
    });
  });
  it('refuse what the contract does not call a run reference', () => {
    for (const text of [
      'svc:run:r1',
      'svc:agent:a1',
      'legacy:agent:a/svc:run:b',
      'svc:agent:A/svc:run:b',
      'svc:agent:a/svc:run:b/',
      ' svc:agent:a/svc:run:b',
      'x/svc:agent:a/svc:run:b',
      'svc:user:u/svc:run:r',
      'svc:agent:a/legacy:run:r',
      '',
      null,
      undefined,
    ]) {
      expect(parseRunReference(text), String(text)).toBeNull();
    }
  });
  it('an agent run reference gives its agent and run, and is null for a hook or action run', () => {
    expect(parseAgentRunReference('svc:organization:o/svc:agent:a/svc:run:r')).toEqual({
      agentId: 'svc:agent:a',
      runId: 'svc:run:r',
    });
    expect(parseAgentRunReference('svc:hook:h/svc:run:r')).toBeNull();
    expect(parseAgentRunReference(null)).toBeNull();
  });
  it('format is what parse reads', () => {
    const ref = formatRunReference('svc:agent:a', 'svc:run:r');
    expect(ref).toBe('svc:agent:a/svc:run:r');
    expect(parseRunReference(ref)).toMatchObject({ ownerId: 'svc:agent:a', runId: 'svc:run:r' });
  });
});
