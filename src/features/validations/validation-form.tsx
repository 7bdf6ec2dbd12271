import { useId, useState } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { i18n } from '@/i18n/i18n';
import { useFormContext } from 'react-hook-form';
import { z } from 'zod/mini';
import { descriptionRule, requiredNameRule } from '@/components/form/text-rules';
import { type CreateValidationBody, type UpdateValidationBody, type Validation, type ValidationRule } from '@/contract';
import {
  CheckboxField,
  Form,
  SaveFormFooter,
  JsonField,
  TextareaField,
  TextField,
  useZodForm,
} from '@/components/form';
import {
  addRule,
  checkConfigText,
  describeRule,
  formatConfig,
  RULE_PRESETS,
  ruleFromDraft,
  type RuleDraft,
} from './validation-config';
import './validations.css';

const formSchema = z.object({
  name: requiredNameRule,
  description: descriptionRule,
  enabled: z.boolean(),
  configText: z.string().check(
    z.superRefine((text, ctx) => {
      const check = checkConfigText(text);
      if (!check.ok) ctx.addIssue({ code: 'custom', message: check.error });
    }),
  ),
  metadata: z.optional(z.record(z.string(), z.unknown())),
});
type FormValues = z.output<typeof formSchema>;

function bodyOf(values: FormValues): CreateValidationBody {
  const check = checkConfigText(values.configText);
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    enabled: values.enabled,
    config: check.ok ? check.config : {},
    ...(values.metadata ? { metadata: values.metadata } : {}),
  };
}

/** Only what changed (the service refuses an empty PATCH). */
function changes(values: FormValues, validation: Validation): UpdateValidationBody | undefined {
  const next = bodyOf(values);
  const body: Record<string, unknown> = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  if (next.name !== (validation.name ?? '')) body.name = next.name;
  if (!same(next.description, validation.description ?? null)) body.description = next.description;
  if (next.enabled !== (validation.enabled ?? true)) body.enabled = next.enabled;
  if (!same(next.config, validation.config ?? {})) body.config = next.config;
  if (!same(next.metadata ?? {}, validation.metadata ?? {})) body.metadata = next.metadata ?? {};
  return Object.keys(body).length ? (body as UpdateValidationBody) : undefined;
}

type Props =
  | { mode: 'create'; onCreate: (body: CreateValidationBody) => Promise<unknown> }
  | {
      mode: 'edit';
      validation: Validation;
      canWrite: boolean;
      onUpdate: (body: UpdateValidationBody) => Promise<unknown>;
    };

/** Name, description, enabled, the config as checked JSON with rule presets, metadata. */
export function ValidationForm(props: Props) {
  const validation = props.mode === 'edit' ? props.validation : undefined;
  const canWrite = props.mode === 'create' || props.canWrite;
  const form = useZodForm(formSchema, {
    defaultValues: {
      name: validation?.name ?? '',
      description: validation?.description ?? '',
      enabled: validation?.enabled ?? true,
      configText: formatConfig(validation?.config ?? { rules: [] }),
      metadata: validation?.metadata ?? undefined,
    },
  });
  const [nothingChanged, setNothingChanged] = useState(false);
  return (
    <Form
      form={form}
      aria-label={props.mode === 'create' ? t`Create validation` : t`Edit validation`}
      className="validation-form"
      onSubmit={async (values) => {
        setNothingChanged(false);
        if (props.mode === 'create') return props.onCreate(bodyOf(values));
        const body = changes(values, props.validation);
        if (!body) return setNothingChanged(true);
        await props.onUpdate(body);
      }}
    >
      <fieldset className="validation-form__fields" disabled={!canWrite}>
        <div className="form-grid">
          <TextField name="name" label={t`Name`} maxLength={4096} />
          <CheckboxField
            name="enabled"
            label={t`Enabled`}
            hint={t`A disabled validation lets every run through without review.`}
          />
          <TextareaField name="description" label={t`Description`} optional wide />
        </div>
        <ConfigEditor canWrite={canWrite} />
        <div className="form-grid">
          <JsonField name="metadata" label={t`Metadata`} optional wide />
        </div>
      </fieldset>
      <SaveFormFooter
        nothingChanged={nothingChanged}
        canWrite={canWrite}
        saveLabel={props.mode === 'create' ? t`Create validation` : t`Save validation`}
      />
    </Form>
  );
}

/** The config JSON, checked as it is typed, its rules in words, and presets that append a rule. */
function ConfigEditor({ canWrite }: { canWrite: boolean }) {
  const { register, watch, setValue, formState } = useFormContext<FormValues>();
  const id = useId();
  const text = watch('configText');
  const check = checkConfigText(text);
  const error = formState.errors.configText?.message ?? (check.ok ? undefined : check.error);
  const rules = check.ok ? ((check.config.rules ?? []) as ValidationRule[]) : [];
  return (
    <div className="validation-config">
      <div className="field field--wide">
        <label className="field__label" htmlFor={`${id}-config`}>
          <Trans>Config (JSON)</Trans>
        </label>
        <textarea
          id={`${id}-config`}
          className="textarea mono"
          rows={12}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-config-hint${error ? ` ${id}-config-error` : ''}`}
          {...register('configText')}
        />
        <span id={`${id}-config-hint`} className="field__hint">
          <Trans>
            An object. <code>rules</code>: confidenceThreshold, requiredField or pattern; <code>autoApprove: true</code>{' '}
            skips review when no rule fails.
          </Trans>
        </span>
        {error ? (
          <span id={`${id}-config-error`} className="field__error" role="alert">
            {error}
          </span>
        ) : null}
      </div>
      <div className="validation-config__side">
        <h3 className="validation-config__title">
          <Trans>Rules</Trans>
        </h3>
        {rules.length ? (
          <ol className="validation-config__rules">
            {rules.map((rule, i) => (
              <li key={i}>{describeRule(rule)}</li>
            ))}
          </ol>
        ) : (
          <p className="muted">
            {check.ok
              ? t`No rules: every run waits for a person unless autoApprove is set.`
              : t`Fix the JSON to see its rules.`}
          </p>
        )}
        {canWrite ? (
          <RulePresets
            onAdd={(rule) => {
              const next = addRule(text, rule);
              if (next) setValue('configText', next, { shouldDirty: true, shouldValidate: true });
            }}
            disabled={!check.ok}
          />
        ) : null}
      </div>
    </div>
  );
}

const FIRST_DRAFT: RuleDraft = { type: 'confidenceThreshold', field: '', threshold: '0.8', pattern: '' };

function RulePresets({ onAdd, disabled }: { onAdd: (rule: ValidationRule) => void; disabled: boolean }) {
  const id = useId();
  const [draft, setDraft] = useState<RuleDraft>(FIRST_DRAFT);
  const [error, setError] = useState<string | null>(null);
  const preset = RULE_PRESETS.find((p) => p.type === draft.type)!;
  const add = () => {
    const result = ruleFromDraft(draft);
    if ('error' in result) return setError(result.error);
    setError(null);
    onAdd(result.rule);
  };
  return (
    <div className="rule-presets" role="group" aria-label={t`Add a rule`}>
      <label htmlFor={`${id}-type`}>
        <Trans>Add a rule</Trans>
      </label>
      <select
        id={`${id}-type`}
        className="select"
        value={draft.type}
        onChange={(e) => setDraft({ ...draft, type: e.target.value as RuleDraft['type'] })}
      >
        {RULE_PRESETS.map((p) => (
          <option key={p.type} value={p.type}>
            {i18n._(p.label)}
          </option>
        ))}
      </select>
      <span className="field__hint">{i18n._(preset.help)}</span>
      <label htmlFor={`${id}-field`}>
        {draft.type === 'confidenceThreshold' ? t`Field (empty: every field)` : t`Field`}
      </label>
      <input
        id={`${id}-field`}
        className="input mono"
        value={draft.field}
        onChange={(e) => setDraft({ ...draft, field: e.target.value })}
      />
      {draft.type === 'confidenceThreshold' ? (
        <>
          <label htmlFor={`${id}-threshold`}>
            <Trans>Threshold (0 to 1)</Trans>
          </label>
          <input
            id={`${id}-threshold`}
            className="input"
            inputMode="decimal"
            value={draft.threshold}
            onChange={(e) => setDraft({ ...draft, threshold: e.target.value })}
          />
        </>
      ) : null}
      {draft.type === 'pattern' ? (
        <>
          <label htmlFor={`${id}-pattern`}>
            <Trans>Regular expression</Trans>
          </label>
          <input
            id={`${id}-pattern`}
            className="input mono"
            value={draft.pattern}
            onChange={(e) => setDraft({ ...draft, pattern: e.target.value })}
          />
        </>
      ) : null}
      {error ? (
        <span className="field__error" role="alert">
          {error}
        </span>
      ) : null}
      <button type="button" className="button" onClick={add} disabled={disabled}>
        <Trans>Add rule</Trans>
      </button>
    </div>
  );
}
