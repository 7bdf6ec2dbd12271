import { plural, t } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';

/** The editor's head line: how many fields and tables, how many need attention, and the confidence threshold. */
export function EditorSummary({
  statusId,
  fieldCount,
  tableCount,
  attentionCount,
  hasEntries,
  threshold,
  onThresholdChange,
}: {
  statusId: string;
  fieldCount: number;
  tableCount: number;
  attentionCount: number;
  /** Whether there is any entry at all (fields or table cells). */
  hasEntries: boolean;
  threshold: number;
  onThresholdChange?: (threshold: number) => void;
}) {
  return (
    <div className="gt-editor__summary">
      <p id={statusId} tabIndex={-1} className="gt-editor__status" aria-live="polite">
        {countsText(fieldCount, tableCount)}
        {attentionCount ? (
          <>
            {' '}
            ·{' '}
            <strong className="gt-attention-text">
              <Plural value={attentionCount} one="# needs attention" other="# need attention" />
            </strong>
          </>
        ) : hasEntries ? (
          <>
            {' '}
            · <Trans>all look fine</Trans>
          </>
        ) : null}
      </p>
      <label className="gt-threshold">
        <Trans>Threshold</Trans>
        <input
          className="gt-input"
          type="number"
          min={0}
          max={1}
          step={0.05}
          value={threshold}
          readOnly={!onThresholdChange}
          title={onThresholdChange ? t`Confidence below this needs attention` : t`Set by the validation`}
          onChange={(e) => {
            const value = Number(e.target.value);
            if (e.target.value !== '' && value >= 0 && value <= 1) onThresholdChange?.(value);
          }}
        />
      </label>
    </div>
  );
}

/** "3 fields" or "3 fields, 2 tables". */
function countsText(fieldCount: number, tableCount: number): string {
  const fields = plural(fieldCount, { one: '# field', other: '# fields' });
  if (tableCount === 0) return fields;
  const tables = plural(tableCount, { one: '# table', other: '# tables' });
  return t`${fields}, ${tables}`;
}
