import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { PreprocessConfig } from '@/contract';
import { PREPROCESS_SWITCHES, type ModelFormValues } from './model-form-values';

type Props = {
  register: UseFormRegister<ModelFormValues>;
  errors: FieldErrors<ModelFormValues>['preprocess'];
  /** The saved config: its response-only fields (rotation, image quality) are shown read-only. */
  saved?: PreprocessConfig | null;
  canWrite: boolean;
};

/** preprocessConfig as a form of its documented fields. */
export function PreprocessFields({ register, errors, saved, canWrite }: Props) {
  const id = useId();
  const numberField = (
    name: 'startPage' | 'maxPages' | 'pages',
    label: string,
    hint: string,
    inputMode: 'numeric' | 'text',
  ) => {
    const error = errors?.[name]?.message;
    return (
      <div className="mf-field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          inputMode={inputMode}
          autoComplete="off"
          readOnly={!canWrite}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-${name}-hint${error ? ` ${id}-${name}-error` : ''}`}
          {...register(`preprocess.${name}`)}
        />
        <span id={`${id}-${name}-hint`} className="mf-hint">
          {hint}
        </span>
        {error ? (
          <span id={`${id}-${name}-error`} className="mf-error" role="alert">
            {error}
          </span>
        ) : null}
      </div>
    );
  };
  return (
    <div className="mf-preprocess">
      <div className="mf-grid mf-grid-3">
        {numberField(
          'startPage',
          'Start page',
          'Index of the first page to read; 0 is the first page. Empty: from the start.',
          'numeric',
        )}
        {numberField('maxPages', 'Max pages', 'At least 1. Empty: no limit.', 'numeric')}
        {numberField('pages', 'Pages', 'Only these page indexes, e.g. 0, 1, 4. Empty: all pages.', 'text')}
      </div>
      <fieldset className="mf-switches" disabled={!canWrite}>
        <legend className="sr-only">Image processing</legend>
        {PREPROCESS_SWITCHES.map((s) => (
          <label key={s.key} className="mf-switch">
            <input type="checkbox" {...register(`preprocess.${s.key}`)} />
            <span>
              <span className="mf-switch-label">{s.label}</span>
              <span className="mf-hint">{s.help}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {saved ? (
        <div className="mf-readonly">
          <dl aria-label="Set by the service">
            <div>
              <dt>Rotation</dt>
              <dd>{saved.rotation == null ? <span className="mf-hint">not set</span> : `${saved.rotation}°`}</dd>
            </div>
            <div>
              <dt>Image quality</dt>
              <dd>{saved.imageQuality ?? <span className="mf-hint">not set</span>}</dd>
            </div>
          </dl>
          <p className="mf-hint">Rotation and image quality are set by the service and cannot be edited.</p>
        </div>
      ) : null}
    </div>
  );
}
