/**
 * Field components of the form kit. Each reads its form from context (<Form>), renders label, control, hint and the
 * field's error (zod's message, e.g. "must start with http://localhost or https://"), and wires aria-invalid /
 * aria-describedby. Common props: name, label, hint?, optional? (adds "optional" to the label), wide? (spans the grid).
 *
 *   <TextField name="url" label="URL" optional emptyAs="undefined" hint="https://… or http://localhost…" />
 *   <TextareaField name="description" label="Description" optional emptyAs="null" />
 *   <NumberField name="documentRetentionInDays" label="Document retention (days)" min={1} max={730} />
 *   <SelectField name="effect" label="Effect" options={[{ value: 'allow', label: 'Allow' }, …]} placeholder="Pick one" />
 *   <MultiSelectField name="roleIds" label="Roles" options={…} emptyText="No roles exist yet." />
 *   <CheckboxField name="useNewScopes" label="Use new scopes" hint="…" />
 *   <JsonField name="metadata" label="Metadata" optional />
 */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Controller, useFormContext, type FieldError, type FieldValues } from 'react-hook-form';
import { IconAlert } from '@/components/icons';
import { JSON_OBJECT_EXAMPLE, JsonEditor, notAnObject } from '@/components/json-editor';

interface BaseFieldProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  /** Span the whole row of a `.form-grid`. */
  wide?: boolean;
  disabled?: boolean;
}

/** What an empty text box means: '' (default), undefined (leave the field out) or null (clear it). */
type EmptyAs = 'string' | 'undefined' | 'null';
const emptyValue = (emptyAs: EmptyAs) => (emptyAs === 'null' ? null : emptyAs === 'undefined' ? undefined : '');

function getError(errors: FieldValues, name: string): FieldError | undefined {
  return name
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      errors,
    ) as FieldError | undefined;
}

function useFieldIds(name: string) {
  const base = useId();
  return { input: `${base}-${name}`, hint: `${base}-${name}-hint`, error: `${base}-${name}-error` };
}

function FieldFrame({
  ids,
  label,
  hint,
  optional,
  wide,
  error,
  children,
  as = 'div',
}: {
  ids: ReturnType<typeof useFieldIds>;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  wide?: boolean;
  error?: string;
  children: ReactNode;
  as?: 'div' | 'fieldset';
}) {
  const Tag = as;
  const Label = as === 'fieldset' ? 'legend' : 'label';
  return (
    <Tag
      className={`field${wide ? ' field--wide' : ''}`}
      style={as === 'fieldset' ? { border: 0, padding: 0, margin: 0 } : undefined}
    >
      <Label className="field__label" {...(as === 'div' ? { htmlFor: ids.input } : {})}>
        {label}
        {optional ? (
          <span className="field__optional">
            <Trans>optional</Trans>
          </span>
        ) : null}
      </Label>
      {children}
      {hint ? (
        <div className="field__hint" id={ids.hint}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <div className="field__error" id={ids.error}>
          <IconAlert size={14} />
          <span>{error}</span>
        </div>
      ) : null}
    </Tag>
  );
}

function describedBy(ids: ReturnType<typeof useFieldIds>, hint: unknown, error: unknown) {
  return [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(' ') || undefined;
}

/** What every field shares: its form, ids, current error, the frame's props and the control's aria wiring. */
function useField({ name, label, hint, optional, wide }: BaseFieldProps) {
  const form = useFormContext();
  const ids = useFieldIds(name);
  const error = getError(form.formState.errors, name)?.message;
  return {
    form,
    ids,
    error,
    frame: { ids, label, hint, optional, wide, error },
    aria: { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(ids, hint, error) },
  };
}

/** register() options of a text control: an empty box becomes `emptyAs`. */
function emptyTo(emptyAs: EmptyAs) {
  return { setValueAs: (v: unknown) => (v === '' ? emptyValue(emptyAs) : v) };
}

export interface TextFieldProps
  extends BaseFieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'type' | 'disabled'> {
  type?: 'text' | 'email' | 'url' | 'password' | 'search' | 'tel';
  emptyAs?: EmptyAs;
  mono?: boolean;
}

export function TextField({
  name,
  label,
  hint,
  optional,
  wide,
  disabled,
  type = 'text',
  emptyAs = 'string',
  mono,
  ...rest
}: TextFieldProps) {
  const { form, ids, frame, aria } = useField({ name, label, hint, optional, wide });
  return (
    <FieldFrame {...frame}>
      <input
        id={ids.input}
        type={type}
        className={`input${mono ? ' input--mono' : ''}`}
        {...aria}
        disabled={disabled}
        {...rest}
        {...form.register(name, emptyTo(emptyAs))}
      />
    </FieldFrame>
  );
}

export interface TextareaFieldProps extends BaseFieldProps {
  rows?: number;
  emptyAs?: EmptyAs;
  placeholder?: string;
  mono?: boolean;
}

export function TextareaField({ rows = 3, emptyAs = 'string', placeholder, mono, ...base }: TextareaFieldProps) {
  const { form, ids, frame, aria } = useField(base);
  return (
    <FieldFrame {...frame}>
      <textarea
        id={ids.input}
        rows={rows}
        className={`textarea${mono ? ' textarea--code' : ''}`}
        placeholder={placeholder}
        disabled={base.disabled}
        {...aria}
        {...form.register(base.name, emptyTo(emptyAs))}
      />
    </FieldFrame>
  );
}

export interface NumberFieldProps extends BaseFieldProps {
  min?: number;
  max?: number;
  step?: number;
  /** Empty box → undefined (default) or null. */
  emptyAs?: 'undefined' | 'null';
}

/** A number input whose value is a number (or undefined/null when empty); zod gets a number to check. */
export function NumberField({ min, max, step = 1, emptyAs = 'undefined', ...base }: NumberFieldProps) {
  const { form, ids, frame, aria } = useField(base);
  return (
    <FieldFrame {...frame}>
      <input
        id={ids.input}
        type="number"
        inputMode="numeric"
        className="input num"
        min={min}
        max={max}
        step={step}
        disabled={base.disabled}
        {...aria}
        {...form.register(base.name, {
          setValueAs: (v: unknown) =>
            v === '' || v === null || v === undefined ? emptyValue(emptyAs) : typeof v === 'number' ? v : Number(v),
        })}
      />
    </FieldFrame>
  );
}

export interface Option {
  value: string;
  label: ReactNode;
  /** Shown under the label in multi-selects. */
  description?: ReactNode;
  disabled?: boolean;
}

export interface SelectFieldProps extends BaseFieldProps {
  options: readonly Option[];
  /** First, empty choice ("Pick a model…"); choosing it sets `emptyAs`. */
  placeholder?: string;
  emptyAs?: EmptyAs;
}

export function SelectField({ options, placeholder, emptyAs = 'undefined', ...base }: SelectFieldProps) {
  const { form, ids, frame, aria } = useField(base);
  return (
    <FieldFrame {...frame}>
      <select
        id={ids.input}
        className="select"
        disabled={base.disabled}
        {...aria}
        {...form.register(base.name, emptyTo(emptyAs))}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {typeof option.label === 'string' ? option.label : option.value}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export interface MultiSelectFieldProps extends BaseFieldProps {
  options: readonly Option[];
  /** Shown when there are no options (say where to create them). */
  emptyText?: ReactNode;
}

/** A checkbox list whose value is `string[]` in option order. */
export function MultiSelectField({ options, emptyText = t`Nothing to choose from.`, ...base }: MultiSelectFieldProps) {
  const { form, frame, aria } = useField(base);
  return (
    <FieldFrame {...frame} as="fieldset">
      <Controller
        control={form.control}
        name={base.name}
        render={({ field }) => {
          const selected = new Set<string>(Array.isArray(field.value) ? (field.value as string[]) : []);
          const toggle = (value: string, on: boolean) => {
            const next = new Set(selected);
            if (on) next.add(value);
            else next.delete(value);
            field.onChange(
              options
                .map((o) => o.value)
                .filter((v) => next.has(v))
                .concat([...next].filter((v) => !options.some((o) => o.value === v))),
            );
          };
          return (
            <div className="multi-select" {...aria} onBlur={field.onBlur}>
              {options.length === 0 ? <span className="multi-select__empty">{emptyText}</span> : null}
              {options.map((option) => (
                <label key={option.value} className="checkbox">
                  <input
                    type="checkbox"
                    checked={selected.has(option.value)}
                    disabled={base.disabled || option.disabled}
                    onChange={(e) => toggle(option.value, e.target.checked)}
                  />
                  <span className="checkbox__text">
                    <span>{option.label}</span>
                    {option.description ? <span className="field__hint">{option.description}</span> : null}
                  </span>
                </label>
              ))}
            </div>
          );
        }}
      />
    </FieldFrame>
  );
}

export function CheckboxField({ name, label, hint, wide, disabled }: Omit<BaseFieldProps, 'optional'>) {
  const { form, ids, error, aria } = useField({ name, label, hint, wide });
  return (
    <div className={`field${wide ? ' field--wide' : ''}`}>
      <label className="checkbox" htmlFor={ids.input}>
        <input
          id={ids.input}
          type="checkbox"
          disabled={disabled}
          aria-describedby={aria['aria-describedby']}
          {...form.register(name)}
        />
        <span className="checkbox__text">
          <span className="field__label">{label}</span>
          {hint ? (
            <span className="field__hint" id={ids.hint}>
              {hint}
            </span>
          ) : null}
        </span>
      </label>
      {error ? (
        <div className="field__error" id={ids.error}>
          <IconAlert size={14} />
          <span>{error}</span>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Metadata as JSON. The value is the parsed object (undefined when empty); while the text does not parse, the value
 * is the raw text so the contract's metadata schema rejects it — the message shown is the parse error.
 */
export function JsonField({ hint = jsonHint(), wide = true, rows, ...base }: BaseFieldProps & { rows?: number }) {
  const { form, ids, error: schemaError } = useField({ ...base, hint, wide });
  return (
    <Controller
      control={form.control}
      name={base.name}
      render={({ field }) => {
        const parseError =
          typeof field.value === 'string' && field.value.trim() !== '' ? describeJsonText(field.value) : null;
        const error = schemaError ? (parseError ?? schemaError) : undefined;
        return (
          <FieldFrame ids={ids} label={base.label} hint={hint} optional={base.optional} wide={wide} error={error}>
            <JsonEditor
              id={ids.input}
              value={field.value}
              rows={rows}
              disabled={base.disabled}
              invalid={Boolean(error)}
              describedBy={describedBy(ids, hint, error)}
              onBlur={field.onBlur}
              onChange={(value, parseFailure, text) => field.onChange(parseFailure ? text : value)}
            />
          </FieldFrame>
        );
      }}
    />
  );
}

function jsonHint(): string {
  const example = JSON_OBJECT_EXAMPLE;
  return t`A JSON object, e.g. ${example}.`;
}

function describeJsonText(text: string): string | null {
  try {
    const value: unknown = JSON.parse(text);
    return value === null || typeof value !== 'object' || Array.isArray(value) ? notAnObject() : null;
  } catch (error) {
    // The parser's own words (the browser's language) say where the text breaks.
    const detail = error instanceof Error ? error.message : t`parse error`;
    return t`Not valid JSON: ${detail}`;
  }
}
