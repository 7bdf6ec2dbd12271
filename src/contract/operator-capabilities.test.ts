import { describe, expect, it } from 'vitest';
import { capabilitiesOf, reachesAgent, roleMay } from './operator-capabilities';

describe('operator capabilities', () => {
  it('gives an admin everything', () => {
    expect(Object.values(capabilitiesOf('admin')).every(Boolean)).toBe(true);
  });

  it('lets a reviewer read, review, and manage only their own sessions', () => {
    expect(capabilitiesOf('reviewer')).toEqual({
      read: true,
      write: false,
      review: true,
      manageReviewHolds: false,
      manageReviewSettings: false,
      readAuditLog: false,
      manageOwnSessions: true,
      manageOthersSessions: false,
    });
  });

  it('lets a viewer read and manage only their own sessions', () => {
    expect(capabilitiesOf('viewer')).toEqual({
      read: true,
      write: false,
      review: false,
      manageReviewHolds: false,
      manageReviewSettings: false,
      readAuditLog: false,
      manageOwnSessions: true,
      manageOthersSessions: false,
    });
    expect(roleMay('viewer', 'write')).toBe(false);
  });
});

describe('agent limits', () => {
  const a = 'svc:agent:0000000000000000000000000000000a';
  const b = 'svc:agent:0000000000000000000000000000000b';
  it('lets an operator without a limit reach every agent, and a limited one only theirs', () => {
    expect(reachesAgent({}, b)).toBe(true);
    expect(reachesAgent({ agents: null }, b)).toBe(true);
    expect(reachesAgent({ agents: [a] }, a)).toBe(true);
    expect(reachesAgent({ agents: [a] }, b)).toBe(false);
  });
});
