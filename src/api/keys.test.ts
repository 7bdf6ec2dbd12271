import { describe, expect, it } from 'vitest';
import { createFamilyKeys } from './keys';
import { userQueryOptions, usersListQueryOptions } from './users';

const A = 'svc:organization:aaaa';
const B = 'svc:organization:bbbb';

describe('query keys are scoped by the organization passed to them', () => {
  it('builds every key of a family under the organization given, with no state between calls', () => {
    const keys = createFamilyKeys('users');
    expect(keys.detail(A, 'svc:user:1')).toEqual(['org', A, 'users', 'detail', 'svc:user:1']);
    expect(keys.detail(B, 'svc:user:1')).toEqual(['org', B, 'users', 'detail', 'svc:user:1']);
    expect(keys.list(A, { maxResults: 50 })).toEqual(['org', A, 'users', 'list', { maxResults: 50 }]);
    expect(keys.lists(B)).toEqual(['org', B, 'users', 'list']);
  });

  it('puts queryOptions of two organizations under two keys', () => {
    expect(usersListQueryOptions(A, { maxResults: 50 }).queryKey.slice(0, 3)).toEqual(['org', A, 'users']);
    expect(userQueryOptions(A, 'svc:user:1').queryKey).not.toEqual(userQueryOptions(B, 'svc:user:1').queryKey);
  });
});
