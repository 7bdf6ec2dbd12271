/**
 * A create dialog's form, the counterpart of EditForm: its fields in a `.form-grid`, then Cancel and a submit button
 * that says what it creates. The label names both the form and the button ("Create user"), as every create dialog
 * words them.
 *
 *   <CreateForm form={form} label="Create user" onSubmit={(body) => create.mutateAsync(body)}>
 *     <NameDescriptionFields emptyAs="undefined" />
 *   </CreateForm>
 */
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Form, FormActions, SubmitButton } from './form';
import { DialogCancel } from './form-dialog';

export function CreateForm<TIn extends FieldValues, TOut extends FieldValues>({
  form,
  label,
  onSubmit,
  children,
}: {
  form: UseFormReturn<TIn, unknown, TOut>;
  /** The form's accessible name and its submit button's text, e.g. "Create user". */
  label: string;
  onSubmit: (values: TOut) => Promise<unknown>;
  children: ReactNode;
}) {
  return (
    <Form form={form} aria-label={label} onSubmit={onSubmit}>
      <div className="form-grid">{children}</div>
      <FormActions align="end">
        <DialogCancel />
        <SubmitButton>{label}</SubmitButton>
      </FormActions>
    </Form>
  );
}
