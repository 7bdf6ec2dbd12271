/**
 * Form kit: react-hook-form + zod resolver over the contract's request schemas. The submit handler receives the
 * schema's OUTPUT (= the mutation's variables); a rejected submit shows the error (the service's `{message}`) in a
 * banner at the top of the form; an edited form guards route navigation, reload and (inside <FormDialog>) closing.
 *
 *   import { Form, useZodForm, SubmitButton, FormActions, TextField, TextareaField, SelectField, MultiSelectField,
 *     CheckboxField, JsonField, NumberField, FormDialog } from '@/components/form';
 *
 *   const form = useZodForm(createUserBodySchema, { defaultValues: { email: '', name: '' } });
 *   <Form form={form} onSubmit={async (body) => { const user = await createUser.mutateAsync(body); navigate(…) }}>
 *     <TextField name="email" label="Email" type="email" autoComplete="off" />
 *     <TextField name="name" label="Name" optional emptyAs="undefined" />
 *     <MultiSelectField name="roleIds" label="Roles" options={roles.map((r) => ({ value: r.roleId, label: r.name }))} />
 *     <JsonField name="metadata" label="Metadata" optional />
 *     <FormActions><SubmitButton>Create user</SubmitButton></FormActions>
 *   </Form>
 *
 * Props of <Form>: form, onSubmit(values) (may throw — shown as the server error), guard (default true: unsaved-changes
 * guard while dirty), className, children. Throwing from onSubmit keeps the form dirty; navigating inside onSubmit
 * after a successful mutation is never blocked.
 */
import { createContext, useContext, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  FormProvider,
  useForm,
  useFormContext,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod/mini';
import { ApiError, explainError } from '@/api/errors';
import { IconAlert } from '@/components/icons';
import { translatingZodResolver } from './issue-messages';
import { UnsavedChangesGuard } from './unsaved-changes';

/**
 * useForm with the zod resolver: `values` in onSubmit are `z.output<typeof schema>`; field errors in the operator's
 * language (./issue-messages.ts). Validates on blur, then on change.
 */
export function useZodForm<S extends z.core.$ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: translatingZodResolver(schema) as never,
    mode: 'onTouched',
    ...options,
  });
}

/** FormDialog listens to its form's dirty state through this, so closing an edited dialog asks first. */
export const FormDirtyContext = createContext<((dirty: boolean) => void) | null>(null);

interface ServerErrorState {
  error: unknown;
  setError: (error: unknown) => void;
}
const ServerErrorContext = createContext<ServerErrorState | null>(null);

export interface FormProps<TIn extends FieldValues, TOut extends FieldValues> {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: (values: TOut) => unknown | Promise<unknown>;
  /** Guard navigation, reload and dialog close while the form has unsaved changes (default true). */
  guard?: boolean;
  className?: string;
  children: ReactNode;
  /** Accessible name of the form (when the page has several). */
  'aria-label'?: string;
}

export function Form<TIn extends FieldValues, TOut extends FieldValues>({
  form,
  onSubmit,
  guard = true,
  className,
  children,
  'aria-label': ariaLabel,
}: FormProps<TIn, TOut>) {
  const [serverError, setServerError] = useState<unknown>(null);
  const submitting = useRef(false);
  const { isDirty } = form.formState;
  const reportDirty = useContext(FormDirtyContext);
  useEffect(() => {
    reportDirty?.(guard && isDirty);
  }, [reportDirty, guard, isDirty]);
  useEffect(() => () => reportDirty?.(false), [reportDirty]);

  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(async (values) => {
      setServerError(null);
      submitting.current = true;
      try {
        await onSubmit(values);
        // Saved: what is on screen is now the baseline (no guard, no "unsaved" state).
        form.reset(form.getValues(), { keepValues: true });
      } catch (error) {
        setServerError(error);
        pointAtField(form, error);
      } finally {
        submitting.current = false;
      }
    })(event);

  return (
    <FormProvider {...form}>
      <ServerErrorContext.Provider value={{ error: serverError, setError: setServerError }}>
        <form
          className={['form', className].filter(Boolean).join(' ')}
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-label={ariaLabel}
        >
          <FormServerError />
          {children}
        </form>
        {guard ? <UnsavedChangesGuard when={isDirty} submittingRef={submitting} /> : null}
      </ServerErrorContext.Provider>
    </FormProvider>
  );
}

/** A 400 whose message starts with a field name ("email must be …") also marks that field. */
function pointAtField<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>, error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 400) return;
  const names = Object.keys(form.getValues());
  const name = names.find(
    (n) => error.message.startsWith(`${n} `) || error.message.startsWith(`${n}:`) || error.message.includes(`"${n}"`),
  );
  if (name) form.setError(name as never, { type: 'server', message: error.message });
}

/** The banner with the last submit's error: what the service said and what to do. Rendered by <Form> itself. */
export function FormServerError() {
  const state = useContext(ServerErrorContext);
  if (!state?.error) return null;
  const { title, detail, next } = explainError(state.error);
  return (
    <div className="banner banner--danger" role="alert">
      <IconAlert />
      <div className="banner__text">
        <div className="banner__title">{title}</div>
        <div>{detail}</div>
        <div className="muted">{next}</div>
      </div>
    </div>
  );
}

/** Submit button: busy while submitting; disabled while `disabledUnlessDirty` and nothing changed (edit forms). */
export function SubmitButton({
  children,
  disabledUnlessDirty = false,
  tone = 'primary',
}: {
  children: ReactNode;
  disabledUnlessDirty?: boolean;
  tone?: 'primary' | 'danger';
}) {
  const { formState } = useFormContext();
  const disabled = formState.isSubmitting || (disabledUnlessDirty && !formState.isDirty);
  return (
    <button
      type="submit"
      className={`button button--${tone}`}
      disabled={disabled}
      aria-busy={formState.isSubmitting || undefined}
    >
      {formState.isSubmitting ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** The row of buttons at the end of a form. */
export function FormActions({ children, align = 'start' }: { children: ReactNode; align?: 'start' | 'end' }) {
  return <div className={`form-actions${align === 'end' ? ' form-actions--end' : ''}`}>{children}</div>;
}
