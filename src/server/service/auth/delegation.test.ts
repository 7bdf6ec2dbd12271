/** The delegation rule as a pure function: wildcards, denies, `delegate`, roles judged one by one, held roles. */
import { describe, expect, it } from 'vitest';
import { SCOPE_FAMILIES, type Permission } from '@/contract';
import { refuseRoleIds, refuseRolePermissions } from './delegation';

const allow = (resourceId: string, action: Permission['action']): Permission => ({
  resourceId,
  effect: 'allow',
  action,
});
const deny = (resourceId: string, action: Permission['action']): Permission => ({ resourceId, effect: 'deny', action });

const ADMIN = [allow('*', '*')];
const roles: Record<string, Permission[]> = {
  'svc:role:admin': ADMIN,
  'svc:role:viewer': [allow('*', 'read')],
  docsWrite: [allow('documents', 'write')],
  docsAll: [allow('documents', '*')],
  allButDocs: [allow('*', '*'), deny('documents', '*')],
  noDocs: [deny('documents', '*')],
  custom: [allow('my-family', 'read')],
};
const grant = (caller: Permission[], roleIds: string[]) => refuseRoleIds(caller, roleIds, (id) => roles[id]);
const create = (caller: Permission[], after: Permission[]) =>
  refuseRolePermissions(caller, { roleId: null, before: null, after, heldByCaller: false });
const change = (caller: Permission[], before: Permission[], after: Permission[], heldByCaller = false) =>
  refuseRolePermissions(caller, { roleId: 'svc:role:r', before, after, heldByCaller });

describe('roleIds', () => {
  it('the admin may give every role', () => {
    expect(grant(ADMIN, Object.keys(roles))).toBeNull();
  });

  it('refuses a role that allows what the caller lacks, naming the index, the role and the capability', () => {
    expect(grant([allow('appclients', '*')], ['docsWrite'])).toBe(
      'roleIds[0] role docsWrite grants documents:write, which the caller does not hold',
    );
    expect(grant([allow('appclients', '*'), allow('documents', 'write')], ['docsWrite', 'docsAll'])).toBe(
      'roleIds[1] role docsAll grants documents:read and documents:delegate, which the caller does not hold',
    );
  });

  it('names three capabilities and counts the rest', () => {
    expect(grant([allow('appclients', '*')], ['svc:role:admin'])).toMatch(
      /^roleIds\[0\] role svc:role:admin grants actions:read, actions:write, actions:delegate and \d+ more, which the caller does not hold$/,
    );
  });

  it('the field name is the caller’s choice', () => {
    expect(refuseRoleIds([], ['docsWrite'], (id) => roles[id], 'body.roleIds')).toMatch(/^body\.roleIds\[0\] /);
  });

  it('a role that only denies may be given by anyone, and unknown ids are left to the existence check', () => {
    expect(grant([], ['noDocs', 'svc:role:nothing'])).toBeNull();
  });

  it("a caller's deny limits what it may give", () => {
    expect(grant(roles.allButDocs, ['svc:role:viewer'])).toBe(
      'roleIds[0] role svc:role:viewer grants documents:read, which the caller does not hold',
    );
    expect(grant(roles.allButDocs, ['allButDocs', 'custom'])).toBeNull();
  });

  it('judges each role alone: a deny in another role given alongside does not make a wide role grantable', () => {
    expect(grant(roles.allButDocs, ['svc:role:admin', 'noDocs'])).toMatch(
      /^roleIds\[0\] role svc:role:admin grants documents:read, /,
    );
  });

  it('a wildcard grant needs a wildcard hold: every family listed one by one does not cover *', () => {
    const everyFamilyRead = SCOPE_FAMILIES.map((f) => allow(f, 'read'));
    expect(grant(everyFamilyRead, ['svc:role:viewer'])).toBe(
      'roleIds[0] role svc:role:viewer grants *:read, which the caller does not hold',
    );
    expect(grant([allow('*', 'read')], ['svc:role:viewer', 'custom'])).toBeNull();
  });

  it('a resourceId that is no scope family is compared by name', () => {
    expect(grant([allow('documents', 'read')], ['custom'])).toBe(
      'roleIds[0] role custom grants my-family:read, which the caller does not hold',
    );
    expect(grant([allow('my-family', 'read')], ['custom'])).toBeNull();
  });
});

describe('delegate', () => {
  it('action * includes delegate: read and write do not cover it', () => {
    expect(create([allow('documents', 'read'), allow('documents', 'write')], [allow('documents', '*')])).toBe(
      'permissions grants documents:delegate, which the caller does not hold',
    );
    expect(create([allow('documents', '*')], [allow('documents', '*')])).toBeNull();
  });

  it('delegate is granted like read and write, and held only where given', () => {
    expect(create([allow('documents', 'delegate')], [allow('documents', 'delegate')])).toBeNull();
    expect(create([allow('documents', 'delegate')], [allow('models', 'delegate')])).toBe(
      'permissions grants models:delegate, which the caller does not hold',
    );
    expect(create([allow('documents', 'delegate')], [allow('documents', 'read')])).toBe(
      'permissions grants documents:read, which the caller does not hold',
    );
  });
});

describe('role permissions', () => {
  it('create: nothing beyond the caller; denies are always fine', () => {
    expect(create([allow('users', 'write')], ADMIN)).toMatch(
      /^permissions grants actions:read, actions:write, actions:delegate and \d+ more, which the caller does not hold$/,
    );
    expect(create([], [deny('*', '*'), deny('documents', 'write')])).toBeNull();
    expect(create([allow('documents', '*')], [allow('*', '*'), deny('*', '*')])).toBeNull();
    expect(
      create(
        [allow('documents', 'read')],
        [allow('documents', '*'), deny('documents', 'write'), deny('documents', 'delegate')],
      ),
    ).toBeNull();
  });

  it('change: the whole new list is checked, not only what it adds', () => {
    expect(change([allow('users', 'write')], ADMIN, [allow('*', 'read')])).toMatch(
      /^permissions grants actions:read, /,
    );
    expect(change([allow('*', 'read')], ADMIN, [allow('*', 'read')])).toBeNull();
  });

  it('lifting a deny is granting what it denied', () => {
    expect(change([allow('users', '*')], [deny('documents', 'write')], [])).toBe(
      'permissions lifts the deny on documents:write, which the caller does not hold',
    );
    expect(change([allow('documents', 'write')], [deny('documents', 'write')], [])).toBeNull();
    expect(change([allow('users', '*')], [deny('*', 'write')], [deny('*', 'write')])).toBeNull();
  });

  it('narrowing a deny from * to one family lifts it on every other family', () => {
    expect(change([allow('users', '*')], [deny('*', 'write')], [deny('documents', 'write')])).toMatch(
      /^permissions lifts the deny on actions:write, actions\.runs:write, agents:write and \d+ more, which the caller does not hold$/,
    );
    expect(change(roles.allButDocs, [deny('*', 'write')], [deny('documents', 'write')])).toBeNull();
  });

  it('a role the caller holds never widens, even with what the caller holds elsewhere', () => {
    const caller = [allow('users', 'write'), allow('documents', 'write')];
    expect(
      change(caller, [allow('users', 'write')], [allow('users', 'write'), allow('documents', 'write')], true),
    ).toBe('permissions would widen role svc:role:r, which the caller holds: it would allow documents:write');
    expect(change(ADMIN, [allow('users', 'write'), deny('documents', '*')], [allow('users', 'write')], true)).toBe(
      'permissions would widen role svc:role:r, which the caller holds: it would no longer deny documents:read, documents:write and documents:delegate',
    );
    expect(
      change(caller, [allow('users', 'write')], [allow('users', 'write'), allow('documents', 'write')], false),
    ).toBeNull();
  });

  it('a role the caller holds may narrow, or stay as it is', () => {
    const caller = [allow('users', '*'), allow('documents', '*')];
    expect(change(caller, [allow('users', '*'), allow('documents', '*')], [allow('users', 'write')], true)).toBeNull();
    expect(
      change(caller, [allow('users', 'write')], [allow('users', 'write'), deny('users', 'delegate')], true),
    ).toBeNull();
    expect(change(caller, [allow('users', 'write')], [allow('users', 'write')], true)).toBeNull();
  });
});
