import { describe, expect, it } from 'vitest';
import { organizationChanges as changedFields } from './organization-forms';

const org = {
  organizationId: 'svc:organization:acme',
  name: 'Acme',
  description: null,
  url: 'https://acme.example',
  documentRetentionInDays: 1825,
  metadata: {},
  createdTime: '2026-11-01T00:00:00.000Z',
  updatedTime: null,
  createdBy: 'bootstrap',
  updatedBy: null,
};

describe('organization PATCH body', () => {
  it('holds only the changed fields', () => {
    expect(
      changedFields(org, {
        name: 'Acme',
        description: null,
        url: 'https://acme.example',
        documentRetentionInDays: 90,
        metadata: {},
      }),
    ).toEqual({
      documentRetentionInDays: 90,
    });
    expect(changedFields(org, { name: null, description: 'Ops' })).toEqual({ name: null, description: 'Ops' });
  });
  it('refuses to silently drop a cleared url (the API cannot remove it)', () => {
    expect(() => changedFields(org, { url: undefined })).toThrow('url cannot be removed');
  });
});
