import type { RowChange } from './ground-truth-rows';

const CHANGE_FIELD: Record<string, string> = {
  label: 'label',
  value: 'value',
  rawValue: 'raw value',
  pages: 'pages',
  confidence: 'confidence',
};

/** The draft's unsaved changes, one line each: added, removed, moved, or the fields changed from → to. */
export function ChangeList({ changes }: { changes: RowChange[] }) {
  return (
    <details className="gt-changes" open>
      <summary>Unsaved changes ({changes.length})</summary>
      <ul>
        {changes.map((change) => (
          <ChangeLine key={`${change.kind[0]}-${change.row.key}`} change={change} />
        ))}
      </ul>
    </details>
  );
}

function ChangeLine({ change }: { change: RowChange }) {
  const name = change.row.label || '(no label)';
  switch (change.kind) {
    case 'added':
      return (
        <li className="gt-change gt-change--added">
          + {name}
          {change.row.value ? ` = “${change.row.value}”` : ''}
        </li>
      );
    case 'removed':
      return (
        <li className="gt-change gt-change--removed">
          − {name}
          {change.row.value ? ` = “${change.row.value}”` : ''}
        </li>
      );
    case 'moved':
      return (
        <li className="gt-change">
          ↕ {name}: position {change.from} → {change.to}
        </li>
      );
    default:
      return (
        <li className="gt-change gt-change--changed">
          ~ {name}:{' '}
          {change.fields.map((f) => (
            <span key={f.field} className="gt-change__field">
              {CHANGE_FIELD[f.field]} <del>{f.from || '∅'}</del> → <ins>{f.to || '∅'}</ins>
            </span>
          ))}
        </li>
      );
  }
}
