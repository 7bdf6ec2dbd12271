import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { i18n } from '@/i18n/i18n';
import { formatNumber } from '@/i18n/format';
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
          t`Start page`,
          t`Index of the first page to read; 0 is the first page. Empty: from the start.`,
          'numeric',
        )}
        {numberField('maxPages', t`Max pages`, t`At least 1. Empty: no limit.`, 'numeric')}
        {numberField('pages', t`Pages`, t`Only these page indexes, e.g. 0, 1, 4. Empty: all pages.`, 'text')}
      </div>
      <fieldset className="mf-switches" disabled={!canWrite}>
        <legend className="sr-only">
          <Trans>Image processing</Trans>
        </legend>
        {PREPROCESS_SWITCHES.map((s) => (
          <label key={s.key} className="mf-switch">
            <input type="checkbox" {...register(`preprocess.${s.key}`)} />
            <span>
              <span className="mf-switch-label">{i18n._(s.label)}</span>
              <span className="mf-hint">{i18n._(s.help)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {saved ? <ServiceSetValues saved={saved} /> : null}
    </div>
  );
}

function NotSet() {
  return (
    <span className="mf-hint">
      <Trans>not set</Trans>
    </span>
  );
}

/** What the service sets (rotation, image quality): shown, not edited. */
function ServiceSetValues({ saved }: { saved: PreprocessConfig }) {
  return (
    <div className="mf-readonly">
      <dl aria-label={t`Set by the service`}>
        <div>
          <dt>
            <Trans>Rotation</Trans>
          </dt>
          <dd>{saved.rotation == null ? <NotSet /> : `${formatNumber(saved.rotation)}°`}</dd>
        </div>
        <div>
          <dt>
            <Trans>Image quality</Trans>
          </dt>
          {/* The service's own value (e.g. "high"), shown as it is. */}
          <dd>{saved.imageQuality ?? <NotSet />}</dd>
        </div>
      </dl>
      <p className="mf-hint">
        <Trans>Rotation and image quality are set by the service and cannot be edited.</Trans>
      </p>
    </div>
  );
}
