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
        {fieldCount} {fieldCount === 1 ? 'field' : 'fields'}
        {tableCount > 0 && `, ${tableCount} ${tableCount === 1 ? 'table' : 'tables'}`}
        {attentionCount ? (
          <>
            {' '}
            · <strong className="gt-attention-text">{attentionCount} need attention</strong>
          </>
        ) : hasEntries ? (
          ' · all look fine'
        ) : (
          ''
        )}
      </p>
      <label className="gt-threshold">
        Threshold
        <input
          className="gt-input"
          type="number"
          min={0}
          max={1}
          step={0.05}
          value={threshold}
          readOnly={!onThresholdChange}
          title={onThresholdChange ? 'Confidence below this needs attention' : 'Set by the validation'}
          onChange={(e) => {
            const value = Number(e.target.value);
            if (e.target.value !== '' && value >= 0 && value <= 1) onThresholdChange?.(value);
          }}
        />
      </label>
    </div>
  );
}
