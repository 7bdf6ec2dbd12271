/**
 * The controls of a field's settings panel: a setting with its label, and its hint and error tied to its control;
 * a flag as a labelled checkbox; and an integer input that keeps what is typed.
 */
import { cloneElement, type ReactElement } from 'react';

/** A labelled setting: gives its control the id, description and invalid state of the hint and error it shows. */
export function Setting({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const control = cloneElement(children, {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
  });
  return (
    <div className="fc-setting">
      <label htmlFor={id}>{label}</label>
      {control}
      {hint ? (
        <span id={`${id}-hint`} className="fc-hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="fc-error">
          {label} {error}
        </span>
      ) : null}
    </div>
  );
}

export function Check({
  label,
  hint,
  checked,
  canWrite,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  canWrite: boolean;
  error?: string;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="fc-check">
      <input type="checkbox" checked={checked} disabled={!canWrite} onChange={(e) => onChange(e.target.checked)} />
      <span>
        {label} <span className="fc-hint">{hint}</span>
        {error ? <span className="fc-error"> {error}</span> : null}
      </span>
    </label>
  );
}

/** An integer input that keeps what is typed; the schema reports out-of-range values. */
export function NumberInput({
  value,
  canWrite,
  onChange,
  ...rest
}: {
  value: unknown;
  canWrite: boolean;
  onChange: (value: number | undefined) => void;
}) {
  return (
    <input
      {...rest}
      type="number"
      inputMode="numeric"
      value={typeof value === 'number' ? String(value) : ''}
      readOnly={!canWrite}
      onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
    />
  );
}
