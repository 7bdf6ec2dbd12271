/**
 * An edit dialog's form: sends only the fields that changed (the service refuses an empty PATCH, so nothing is sent
 * when none did), lays its fields out in a `.form-grid`, and ends with Cancel and "Save changes" (enabled once
 * something changed).
 *
 *   <EditForm form={form} label="Edit user" original={user} onSubmit={(body) => update.mutateAsync(…)}>
 *     <TextField name="name" label="Name" optional emptyAs="null" wide />
 *   </EditForm>
 *
 * `changes` replaces changedFields where a resource needs its own rule (a field the API cannot remove).
 */
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { changedFields } from './changed-fields';
import { Form, FormActions, SubmitButton } from './form';
import { DialogCancel } from './form-dialog';

export function EditForm<TIn extends FieldValues, TOut extends FieldValues>({
  form,
  label,
  original,
  onSubmit,
  changes = changedFields,
  children,
}: {
  form: UseFormReturn<TIn, unknown, TOut>;
  /** The form's accessible name, e.g. "Edit user". */
  label: string;
  /** The resource as the service returned it. */
  original: object;
  onSubmit: (body: Partial<TOut>) => Promise<unknown>;
  changes?: (original: object, values: TOut) => Partial<TOut>;
  children: ReactNode;
}) {
  return (
    <Form
      form={form}
      aria-label={label}
      onSubmit={async (values) => {
        const body = changes(original, values);
        if (Object.keys(body).length > 0) await onSubmit(body);
      }}
    >
      <div className="form-grid">{children}</div>
      <FormActions align="end">
        <DialogCancel />
        <SubmitButton disabledUnlessDirty>
          <Trans>Save changes</Trans>
        </SubmitButton>
      </FormActions>
    </Form>
  );
}
