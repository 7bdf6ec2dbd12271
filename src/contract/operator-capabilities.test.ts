import { describe, expect, it } from 'vitest';
import { capabilitiesOf, roleMay } from './operator-capabilities';

describe('operator capabilities', () => {
  it('gives an admin everything', () => {
    expect(Object.values(capabilitiesOf('admin')).every(Boolean)).toBe(true);
  });

  it('lets a viewer read and manage only their own sessions', () => {
    expect(capabilitiesOf('viewer')).toEqual({
      read: true,
      write: false,
      readAuditLog: false,
      manageOwnSessions: true,
      manageOthersSessions: false,
    });
    expect(roleMay('viewer', 'write')).toBe(false);
  });
});
