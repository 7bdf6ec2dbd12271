/**
 * The settings of an opened field row: what the model is told about the value and how it is written, its flags,
 * its enum values, the problems no single setting shows, and the columns of a lines/table field.
 */
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { i18n } from '@/i18n/i18n';
import { formatNumber } from '@/i18n/format';
import { MAX_TEXT_LENGTH } from '@/contract';
import { EnumValues } from './enum-values';
import { Columns } from './field-columns';
import type { FieldDraft, FieldErrors } from './field-drafts';
import type { DraftUpdater } from './field-row';
import { Check, NumberInput, Setting } from './setting-controls';

type FieldSettingsProps = {
  id: string;
  draft: FieldDraft;
  errors: FieldErrors;
  nested: boolean;
  canWrite: boolean;
  revealErrors: boolean;
  set: (setting: string, value: unknown) => void;
  onUpdate: DraftUpdater;
};

/** What a group of settings needs: the ids to derive from, the draft and its problems, and the way to change it. */
type SettingsGroupProps = Pick<FieldSettingsProps, 'id' | 'draft' | 'errors' | 'canWrite' | 'set'>;

export function FieldSettings({
  id,
  draft,
  errors,
  nested,
  canWrite,
  revealErrors,
  set,
  onUpdate,
}: FieldSettingsProps) {
  const showEnum = draft.spec.type === 'enum' || draft.spec.enum !== undefined;
  const group = { id, draft, errors, canWrite, set };
  // The API's rules, in English ("is only allowed on lines and table fields").
  const typeProblem = errors.settings.type;
  const columnsProblem = errors.settings.fields;
  return (
    <div id={id} className="fc-settings">
      <div className="fc-settings-grid">
        <TextSettings {...group} />
        <FlagSettings {...group} />
        {showEnum ? (
          <Setting id={`${id}-enum`} label={t`Enum values`} error={errors.settings.enum} hint={t`One value per line`}>
            <EnumValues values={draft.spec.enum} canWrite={canWrite} onChange={(values) => set('enum', values)} />
          </Setting>
        ) : null}
      </div>
      {typeProblem ? (
        <p className="fc-error">
          <Trans>Type {typeProblem}</Trans>
        </p>
      ) : null}
      {errors.other.map((message) => (
        <p key={message} className="fc-error">
          <Trans>{message} — remove it in the JSON view</Trans>
        </p>
      ))}
      {!nested && draft.columns ? (
        <Columns parent={draft} errors={errors} canWrite={canWrite} revealErrors={revealErrors} onUpdate={onUpdate} />
      ) : null}
      {!nested && columnsProblem ? (
        <p className="fc-error">
          <Trans>Columns {columnsProblem}</Trans>
        </p>
      ) : null}
    </div>
  );
}

const FORMAT_PLACEHOLDERS: Record<string, string> = { date: 'YYYY-MM-DD', amount: '0.00', number: '0.##' };

/** A text setting's value as its input shows it ('' when unset or not a string). */
function settingText(draft: FieldDraft, setting: string): string {
  return typeof draft.spec[setting] === 'string' ? (draft.spec[setting] as string) : '';
}

/** Description, prompt hint, format and max length: what the model is told about the value and how it is written. */
function TextSettings(group: SettingsGroupProps) {
  const { id, draft, errors, canWrite, set } = group;
  const type = draft.spec.type;
  // Written as the API's own rule writes it ("from 1 to 4096"), without grouping.
  const maxLength = formatNumber(MAX_TEXT_LENGTH, { useGrouping: false });
  return (
    <>
      <TextAreaSetting {...group} setting="description" label={t`Description`} />
      <TextAreaSetting
        {...group}
        setting="promptHint"
        label={t`Prompt hint`}
        hint={t`Extra instruction for the model`}
      />
      <Setting id={`${id}-format`} label={t`Format`} error={errors.settings.format}>
        <input
          value={settingText(draft, 'format')}
          readOnly={!canWrite}
          placeholder={typeof type === 'string' ? FORMAT_PLACEHOLDERS[type] : undefined}
          onChange={(e) => set('format', e.target.value || undefined)}
        />
      </Setting>
      <Setting
        id={`${id}-maxLength`}
        label={t`Max length`}
        error={errors.settings.maxLength}
        hint={t`1 to ${maxLength}`}
      >
        <NumberInput value={draft.spec.maxLength} canWrite={canWrite} onChange={(value) => set('maxLength', value)} />
      </Setting>
    </>
  );
}

/** A free-text setting in a two-line text area; emptied, the setting is removed. */
function TextAreaSetting({
  id,
  draft,
  errors,
  canWrite,
  set,
  setting,
  label,
  hint,
}: SettingsGroupProps & { setting: string; label: string; hint?: string }) {
  return (
    <Setting id={`${id}-${setting}`} label={label} error={errors.settings[setting]} hint={hint}>
      <textarea
        rows={2}
        value={settingText(draft, setting)}
        readOnly={!canWrite}
        onChange={(e) => set(setting, e.target.value || undefined)}
      />
    </Setting>
  );
}

const FLAGS = [
  { setting: 'nullable', label: msg`Nullable`, hint: msg`May be empty` },
  { setting: 'multiValue', label: msg`Multi-value`, hint: msg`May occur several times` },
] as const;

/** The yes/no settings, set to true when checked and removed when not. */
function FlagSettings({ draft, errors, canWrite, set }: SettingsGroupProps) {
  return (
    <div className="fc-checks">
      {FLAGS.map(({ setting, label, hint }) => (
        <Check
          key={setting}
          label={i18n._(label)}
          hint={i18n._(hint)}
          checked={draft.spec[setting] === true}
          canWrite={canWrite}
          error={errors.settings[setting]}
          onChange={(on) => set(setting, on ? true : undefined)}
        />
      ))}
    </div>
  );
}
