import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields';

const resource = { name: 'Acme', description: null, roleIds: ['a'], metadata: {}, url: 'https://acme.example' };

describe('changedFields', () => {
  it('keeps only what differs, comparing values as JSON', () => {
    expect(changedFields(resource, { name: 'Acme', description: null, roleIds: ['a'], metadata: {} })).toEqual({});
    expect(changedFields(resource, { name: null, roleIds: ['a', 'b'], metadata: { k: 1 } })).toEqual({
      name: null,
      roleIds: ['a', 'b'],
      metadata: { k: 1 },
    });
  });

  it('compares a list with [] and anything else with null where the resource has no value', () => {
    expect(changedFields({}, { loginUrls: [], description: null })).toEqual({});
    expect(changedFields({}, { loginUrls: ['https://x.example'] })).toEqual({ loginUrls: ['https://x.example'] });
  });

  it('never sends undefined, and reports a removed value only when asked', () => {
    expect(changedFields(resource, { url: undefined })).toEqual({});
    expect(() =>
      changedFields(resource, { url: undefined }, (field) => {
        throw new Error(`${field} cannot be removed`);
      }),
    ).toThrow('url cannot be removed');
    expect(
      changedFields(resource, { description: undefined }, () => {
        throw new Error('not expected');
      }),
    ).toEqual({});
  });
});
