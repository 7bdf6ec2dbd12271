import type { TableSelection } from './data-table';

function summarize(names: string[]): string {
  if (names.length <= 3) return names.join(', ');
  return `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

/** Above the rows while some are selected: what is selected, named, and the actions on them. */
export function BulkBar<T>({
  selection,
  rows,
  onClear,
}: {
  selection: TableSelection<T>;
  rows: T[];
  onClear: () => void;
}) {
  return (
    <div className="bulk-bar" role="region" aria-label="Bulk actions">
      <span className="bulk-bar__text">
        {rows.length} {rows.length === 1 ? selection.noun[0] : selection.noun[1]} selected on this page:{' '}
        <span className="muted">{summarize(rows.map(selection.describe))}</span>
      </span>
      <div className="spacer" />
      {selection.actions(rows, onClear)}
      <button type="button" className="button button--small button--ghost" onClick={onClear}>
        Clear selection
      </button>
    </div>
  );
}
