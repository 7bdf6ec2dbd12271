import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { TableSelection } from './data-table';

/** The first three names, then how many more: "Ann, Bob, Cy and 2 more". */
function summarize(names: string[]): string {
  if (names.length <= 3) return names.join(', ');
  const shown = names.slice(0, 3).join(', ');
  const more = names.length - 3;
  return plural(more, { one: `${shown} and # more`, other: `${shown} and # more` });
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
  const selected = selection.noun.count(rows.length);
  const names = summarize(rows.map(selection.describe));
  return (
    <div className="bulk-bar" role="region" aria-label={t`Bulk actions`}>
      <span className="bulk-bar__text">
        <Trans>
          {selected} selected on this page: <span className="muted">{names}</span>
        </Trans>
      </span>
      <div className="spacer" />
      {selection.actions(rows, onClear)}
      <button type="button" className="button button--small button--ghost" onClick={onClear}>
        <Trans>Clear selection</Trans>
      </button>
    </div>
  );
}
