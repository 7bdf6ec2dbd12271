import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Controller, useFormContext, type FieldError } from 'react-hook-form';
import { IconAlert } from '@/components/icons';

/** A list of URLs edited as one per line; each line's rule error names its line. Value: string[]. */
export function UrlListField({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const { control, formState } = useFormContext();
  const base = useId();
  const errors = formState.errors[name] as unknown as (FieldError | undefined)[] | FieldError | undefined;
  const messages = Array.isArray(errors)
    ? errors.flatMap((e, i) => {
        if (!e?.message) return [];
        const line = i + 1;
        const problem = e.message;
        return [t`Line ${line}: ${problem}`];
      })
    : errors?.message
      ? [errors.message]
      : [];
  return (
    <div className="field field--wide">
      <label className="field__label" htmlFor={`${base}-input`}>
        {label}
        <span className="field__optional">
          <Trans>optional</Trans>
        </span>
      </label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <UrlLines
            id={`${base}-input`}
            value={(field.value as string[] | undefined) ?? []}
            onChange={field.onChange}
            onBlur={field.onBlur}
            invalid={messages.length > 0}
            describedBy={`${base}-hint${messages.length ? ` ${base}-error` : ''}`}
          />
        )}
      />
      <div className="field__hint" id={`${base}-hint`}>
        {hint ?? t`One URL per line.`}
      </div>
      {messages.length ? (
        <div className="field__error" id={`${base}-error`}>
          <IconAlert size={14} />
          <span>{messages.join('; ')}</span>
        </div>
      ) : null}
    </div>
  );
}

function UrlLines({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
}: {
  id: string;
  value: string[];
  onChange: (value: string[]) => void;
  onBlur: () => void;
  invalid: boolean;
  describedBy: string;
}) {
  // The operator's text stays as typed (blank lines while typing); the value is its non-empty trimmed lines.
  const [text, setText] = useState(() => value.join('\n'));
  return (
    <textarea
      id={id}
      className="textarea textarea--code"
      rows={3}
      spellCheck={false}
      value={text}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      placeholder="https://app.example.com/login"
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(
          event.target.value
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}
