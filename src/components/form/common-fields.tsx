/**
 * Field groups that the create and edit forms of several resources share, so a resource's forms say only what is
 * their own. `emptyAs` is the one difference between a create form and an edit form: an emptied box is left out of
 * a create body (`undefined`) and clears the field in a PATCH (`null`).
 */
import type { ReactNode } from 'react';
import { t } from '@lingui/core/macro';
import { JsonField, MultiSelectField, TextareaField, TextField, type Option } from './fields';

type EmptyAs = 'undefined' | 'null';

/** Name, then (`afterName`, e.g. a URL) and Description: the opening of most resource forms. */
export function NameDescriptionFields({
  emptyAs,
  nameWide = true,
  afterName,
}: {
  emptyAs: EmptyAs;
  /** The name takes the whole row (default), or half of it beside `afterName` or the next field. */
  nameWide?: boolean;
  afterName?: ReactNode;
}) {
  return (
    <>
      <TextField name="name" label={t`Name`} optional emptyAs={emptyAs} maxLength={4096} wide={nameWide} />
      {afterName}
      <TextareaField name="description" label={t`Description`} optional emptyAs={emptyAs} wide />
    </>
  );
}

/** The roles of a user or an app client (`roleIds`), chosen among the organization's roles. */
export function RolesField({ options, hint }: { options: Option[]; hint?: string }) {
  return (
    <MultiSelectField
      name="roleIds"
      label={t`Roles`}
      optional
      options={options}
      emptyText={t`No roles exist yet. Create one under Settings → Roles.`}
      wide
      hint={hint}
    />
  );
}

/** A resource's free-form `metadata` (JSON). */
export function MetadataField() {
  return <JsonField name="metadata" label={t`Metadata`} optional />;
}
