import type { KeyboardEvent } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { i18n } from '@/i18n/i18n';
import { formatNumber, formatPercent } from '@/i18n/format';
import { ATTENTION_TEXT, attentionOf, confidenceBand, type GroundTruthRow } from './ground-truth-rows';
import { PagesInput } from './pages-input';
import { RowMoveRemoveButtons } from './row-move-remove-buttons';

export type GroundTruthFieldRowProps = {
  row: GroundTruthRow;
  index: number;
  /** How many rows the list has (the last one cannot move down). */
  count: number;
  active: boolean;
  activeField: 'value' | 'rawValue';
  threshold: number;
  notes: readonly string[];
  canWrite: boolean;
  /** The id of the datalist of labels to offer. */
  labelsListId: string;
  onActivate: (row: GroundTruthRow, field: 'value' | 'rawValue') => void;
  onKeyDown: (event: KeyboardEvent, row: GroundTruthRow) => void;
  onChange: (key: string, patch: Partial<GroundTruthRow>) => void;
  onMove: (key: string, by: -1 | 1) => void;
  onRemove: (key: string) => void;
};

/** One ground-truth field: label and value with its confidence badge, then raw value, pages, confidence and actions. */
export function GroundTruthFieldRow(props: GroundTruthFieldRowProps) {
  const { row, index, active, activeField, threshold, notes, canWrite, onActivate, onKeyDown, onChange } = props;
  const attention = attentionOf(row, threshold);
  const band = confidenceBand(row.confidence, threshold);
  const position = index + 1;
  const name = row.label || t`field ${position}`;
  const update = (patch: Partial<GroundTruthRow>) => onChange(row.key, patch);
  return (
    <li
      data-row={row.key}
      className={['gt-row', active && 'gt-row--active', attention && 'gt-row--attention'].filter(Boolean).join(' ')}
      onFocus={(e) => {
        const field = (e.target as HTMLElement).dataset.field === 'rawValue' ? 'rawValue' : 'value';
        if (!active || field !== activeField) onActivate(row, field);
      }}
      onKeyDown={(e) => onKeyDown(e, row)}
    >
      <div className="gt-row__main">
        <span className="gt-row__index" aria-hidden="true">
          {index + 1}
        </span>
        <input
          className="gt-input gt-input--label"
          data-field="label"
          aria-label={t`Label of field ${position}`}
          list={props.labelsListId}
          value={row.label}
          placeholder={t`label`}
          readOnly={!canWrite}
          spellCheck={false}
          onChange={(e) => update({ label: e.target.value })}
        />
        <input
          className="gt-input gt-input--value"
          data-field="value"
          aria-label={t`Value of ${name}`}
          value={row.value}
          placeholder={canWrite ? t`pick on the page or type` : ''}
          readOnly={!canWrite}
          onChange={(e) => update({ value: e.target.value })}
        />
        {/* Without a confidence the badge's place stays empty (a "—" there read as a remove button). */}
        <span className={`gt-confidence gt-confidence--${band}`} title={confidenceTitle(row.confidence, threshold)}>
          {row.confidence === undefined ? '' : formatPercent(row.confidence)}
        </span>
      </div>
      <FieldRowMore {...props} name={name} update={update} />
      {(attention || notes.length > 0) && (
        <p className="gt-row__note">
          {attention && notes.length === 0 && (
            <span className="gt-attention-text">{i18n._(ATTENTION_TEXT[attention])}</span>
          )}
          {notes.map((note) => (
            <span key={note} className={attention ? 'gt-attention-text' : undefined}>
              {note}
            </span>
          ))}
        </p>
      )}
    </li>
  );
}

/** The second line of a field: its raw value, pages and confidence, then (to an operator who may write) its actions. */
function FieldRowMore(
  props: GroundTruthFieldRowProps & { name: string; update: (patch: Partial<GroundTruthRow>) => void },
) {
  const { row, canWrite, name, update } = props;
  return (
    <div className="gt-row__more">
      <label className="gt-small">
        <Trans>Raw</Trans>
        <input
          className="gt-input"
          data-field="rawValue"
          aria-label={t`Raw value of ${name}`}
          value={row.rawValue ?? ''}
          readOnly={!canWrite}
          onChange={(e) => update({ rawValue: e.target.value === '' ? undefined : e.target.value })}
        />
      </label>
      <PagesInput rowName={name} pages={row.pages} canWrite={canWrite} onChange={(pages) => update({ pages })} />
      <label className="gt-small gt-small--narrow">
        <Trans>Conf.</Trans>
        <input
          className="gt-input"
          data-field="confidence"
          type="number"
          min={0}
          max={1}
          step={0.01}
          aria-label={t`Confidence of ${name}`}
          value={row.confidence ?? ''}
          readOnly={!canWrite}
          onChange={(e) => {
            const v = e.target.value === '' ? undefined : Number(e.target.value);
            if (v === undefined || (v >= 0 && v <= 1)) update({ confidence: v });
          }}
        />
      </label>
      {canWrite && <FieldRowActions {...props} name={name} />}
    </div>
  );
}

function FieldRowActions({
  row,
  index,
  count,
  name,
  onMove,
  onRemove,
}: Pick<GroundTruthFieldRowProps, 'row' | 'index' | 'count' | 'onMove' | 'onRemove'> & { name: string }) {
  return (
    <span className="gt-row__actions">
      <RowMoveRemoveButtons
        name={name}
        isFirst={index === 0}
        isLast={index === count - 1}
        onMoveUp={() => onMove(row.key, -1)}
        onMoveDown={() => onMove(row.key, 1)}
        onRemove={() => onRemove(row.key)}
      />
    </span>
  );
}

/** The confidence badge's title: the confidence and the threshold it is measured against. */
function confidenceTitle(confidence: number | undefined, threshold: number): string | undefined {
  if (confidence === undefined) return undefined;
  const value = formatNumber(confidence, { maximumFractionDigits: 4 });
  const limit = formatNumber(threshold, { maximumFractionDigits: 4 });
  return t`Confidence ${value} (threshold ${limit})`;
}
