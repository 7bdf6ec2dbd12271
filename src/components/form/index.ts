// The form kit: see form.tsx (Form, useZodForm, …), fields.tsx (field components), create-form.tsx and edit-form.tsx
// (a dialog's create and edit forms), common-fields.tsx (field groups several resources share), form-dialog.tsx,
// unsaved-changes.tsx.
export { Form, FormActions, FormServerError, SubmitButton, useZodForm, FormDirtyContext, type FormProps } from './form';
export {
  CheckboxField,
  JsonField,
  MultiSelectField,
  NumberField,
  SelectField,
  TextareaField,
  TextField,
  type Option,
  type TextFieldProps,
  type SelectFieldProps,
  type MultiSelectFieldProps,
  type NumberFieldProps,
  type TextareaFieldProps,
} from './fields';
export { DialogCancel, FormDialog } from './form-dialog';
export { DiscardChangesDialog, UnsavedChangesGuard } from './unsaved-changes';
export { changedFields } from './changed-fields';
export { EditForm } from './edit-form';
export { CreateForm } from './create-form';
export { MetadataField, NameDescriptionFields, RolesField } from './common-fields';
export { SaveFormFooter } from './save-form-footer';
