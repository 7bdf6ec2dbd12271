import { useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  CONFIDENCE_VERSIONS,
  LLM_VERSIONS,
  POSTPROCESS_STRATEGIES,
  type CreateModelBody,
  type FieldConfig,
  type Model,
  type UpdateModelBody,
} from '@/contract';
import {
  Form,
  SaveFormFooter,
  SelectField,
  TextareaField,
  TextField,
  UnsavedChangesGuard,
  useZodForm,
} from '@/components/form';
import { FieldConfigEditor } from './field-config/field-config-editor';
import { useFieldConfig } from './field-config/use-field-config';
import { buildCreateBody, buildUpdateBody, formValuesFromModel, modelFormSchema } from './model-form-values';
import { PreprocessFields } from './preprocess-fields';
import './models.css';

type Props =
  | { mode: 'create'; onCreate: (body: CreateModelBody) => Promise<unknown>; canWrite?: true }
  | { mode: 'edit'; model: Model; onUpdate: (body: UpdateModelBody) => Promise<unknown>; canWrite: boolean };

/**
 * The model form: name and versions, the field configuration, preprocessing and postprocessing, metadata. Saving
 * sends only what changed (an edit) or the whole body (a create); the field editor's own changes are guarded too.
 */
export function ModelForm(props: Props) {
  const model = props.mode === 'edit' ? props.model : undefined;
  const canWrite = props.mode === 'create' || props.canWrite;
  const form = useZodForm(modelFormSchema, { defaultValues: formValuesFromModel(model) });
  const fields = useFieldConfig(model?.fieldConfig ?? {});
  const { submit, saving, revealErrors, nothingChanged } = useModelSave(props, fields);

  return (
    <Form
      form={form}
      onSubmit={submit}
      aria-label={props.mode === 'create' ? t`Create model` : t`Edit model`}
      className="model-form"
    >
      <fieldset className="model-form__group" disabled={!canWrite}>
        <legend>
          <Trans>Model</Trans>
        </legend>
        <ModelSettingsFields editing={props.mode === 'edit'} />
      </fieldset>

      <fieldset className="model-form__group">
        <legend>
          <Trans>Fields</Trans>
        </legend>
        <p className="muted">
          <Trans>
            What the model extracts. Names: lowercase letters, digits and _, starting with a letter. Lines and tables
            hold columns.
          </Trans>
        </p>
        <FieldConfigEditor state={fields} canWrite={canWrite} revealErrors={revealErrors} />
      </fieldset>

      <fieldset className="model-form__group" disabled={!canWrite}>
        <legend>
          <Trans>Preprocessing</Trans>
        </legend>
        <FormProvider {...form}>
          <PreprocessFields
            register={form.register}
            errors={form.formState.errors.preprocess}
            saved={model?.preprocessConfig}
            canWrite={canWrite}
          />
        </FormProvider>
      </fieldset>

      <fieldset className="model-form__group" disabled={!canWrite}>
        <legend>
          <Trans>Postprocessing and metadata</Trans>
        </legend>
        <PostprocessFields outputFormat={model?.postprocessConfig?.outputFormat} />
      </fieldset>

      <SaveFormFooter
        nothingChanged={nothingChanged}
        canWrite={canWrite}
        saveLabel={props.mode === 'create' ? t`Create model` : t`Save model`}
      />
      <UnsavedChangesGuard when={fields.dirty} submittingRef={saving} />
    </Form>
  );
}

type ModelFormValues = ReturnType<typeof modelFormSchema.parse>;

/**
 * Saving the model form: refuses while the field configuration has problems (and shows them), sends the create body
 * or only what an edit changed ("nothing changed" otherwise), and marks the save under way so that the field editor's
 * guard stands aside while it runs and navigates away.
 */
function useModelSave(props: Props, fields: ReturnType<typeof useFieldConfig>) {
  const [revealErrors, setRevealErrors] = useState(false);
  const [nothingChanged, setNothingChanged] = useState(false);
  // While a save runs (and navigates away on success), the field editor's guard stands aside like the form's own.
  const saving = useRef(false);

  const save = async (values: ModelFormValues) => {
    setNothingChanged(false);
    if (fields.blocked) {
      setRevealErrors(true);
      const problems = fields.problems.join('; ');
      throw new Error(
        problems
          ? t`The field configuration has problems: ${problems}`
          : t`The field configuration has problems: the JSON view holds text that is not applied`,
      );
    }
    const fieldConfig = fields.config as FieldConfig;
    if (props.mode === 'create') {
      await props.onCreate(buildCreateBody(values, fieldConfig));
      fields.reset(fieldConfig);
      return;
    }
    const body = buildUpdateBody(values, props.model, fields.dirty ? fieldConfig : undefined);
    if (!body) {
      setNothingChanged(true);
      return;
    }
    await props.onUpdate(body);
    fields.reset(fieldConfig);
  };

  const submit = async (values: ModelFormValues) => {
    saving.current = true;
    try {
      await save(values);
    } finally {
      saving.current = false;
    }
  };

  return { submit, saving, revealErrors, nothingChanged };
}

const option = (value: string) => ({ value, label: value });

/** Name, status (of an existing model), the LLM and confidence versions, description. */
function ModelSettingsFields({ editing }: { editing: boolean }) {
  return (
    <div className="form-grid">
      <TextField name="name" label={t`Name`} maxLength={4096} />
      {editing ? (
        <SelectField
          name="status"
          label={t`Status`}
          options={[
            { value: 'active', label: t`Active` },
            { value: 'inactive', label: t`Inactive` },
          ]}
          hint={t`Agent runs fail on an inactive model.`}
        />
      ) : null}
      <SelectField
        name="llmVersion"
        label={t`LLM version`}
        options={LLM_VERSIONS.map(option)}
        placeholder={t`Service default`}
        emptyAs="string"
      />
      <SelectField
        name="confidenceVersion"
        label={t`Confidence version`}
        options={CONFIDENCE_VERSIONS.map(option)}
        placeholder={t`Service default`}
        emptyAs="string"
      />
      <TextareaField name="description" label={t`Description`} optional wide />
    </div>
  );
}

/** The postprocessing strategy, the output format the service set, and the metadata. */
function PostprocessFields({ outputFormat }: { outputFormat: string | null | undefined }) {
  // The strategies are the API's values, listed as they are.
  const strategies = POSTPROCESS_STRATEGIES.join(', ');
  return (
    <div className="form-grid">
      <TextField
        name="strategy"
        label={t`Strategy`}
        optional
        list="model-strategies"
        hint={t`Known: ${strategies}. Empty: service default.`}
      />
      <datalist id="model-strategies">
        {POSTPROCESS_STRATEGIES.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      {outputFormat ? (
        <div className="field">
          <span className="field__label">
            <Trans>Output format</Trans>
          </span>
          <span className="mono">{outputFormat}</span>
          <span className="field__hint">
            <Trans>Set by the service.</Trans>
          </span>
        </div>
      ) : null}
      <TextareaField name="metadata" label={t`Metadata (JSON object)`} optional wide />
    </div>
  );
}
