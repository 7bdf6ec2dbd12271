/** The indexed evaluator delegation uses answers exactly as isAllowed does, on every small list. */
import { describe, expect, it } from 'vitest';
import { PERMISSION_ACTIONS, PERMISSION_EFFECTS, type Permission } from '@/contract';
import { CAPABILITY_ACTIONS, indexPermissions, isAllowed } from './permissions';

const RESOURCES = ['*', 'documents', 'my-family'];
const ENTRIES: Permission[] = RESOURCES.flatMap((resourceId) =>
  PERMISSION_EFFECTS.flatMap((effect) => PERMISSION_ACTIONS.map((action) => ({ resourceId, effect, action }))),
);
const LISTS: Permission[][] = [[], ...ENTRIES.map((a) => [a]), ...ENTRIES.flatMap((a) => ENTRIES.map((b) => [a, b]))];

describe('indexPermissions', () => {
  it('allows what isAllowed allows, and denies where a deny entry matches', () => {
    let checked = 0;
    for (const list of LISTS) {
      const index = indexPermissions(list);
      for (const family of [...RESOURCES, 'users']) {
        for (const action of CAPABILITY_ACTIONS) {
          const denied = list.some(
            (p) =>
              p.effect === 'deny' &&
              (p.resourceId === '*' || p.resourceId === family) &&
              (p.action === '*' || p.action === action),
          );
          expect(index.allows(family, action), JSON.stringify({ list, family, action })).toBe(
            isAllowed(list, family, action),
          );
          expect(index.denies(family, action), JSON.stringify({ list, family, action })).toBe(denied);
          checked++;
        }
      }
    }
    expect(checked).toBe(LISTS.length * 4 * 3);
  });

  it('a permission on * covers every family, one on a family only that family', () => {
    const index = indexPermissions([
      { resourceId: '*', effect: 'allow', action: 'read' },
      { resourceId: 'documents', effect: 'allow', action: 'write' },
    ]);
    expect([
      index.allows('models', 'read'),
      index.allows('models', 'write'),
      index.allows('documents', 'write'),
      index.allows('documents.x', 'write'),
    ]).toEqual([true, false, true, false]);
  });
});
