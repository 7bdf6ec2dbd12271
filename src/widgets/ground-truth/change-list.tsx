import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@/i18n/i18n';
import type { RowChange } from './ground-truth-rows';

const CHANGE_FIELD: Record<string, MessageDescriptor> = {
  label: msg`label`,
  value: msg`value`,
  rawValue: msg`raw value`,
  pages: msg`pages`,
  confidence: msg`confidence`,
};

/** The draft's unsaved changes, one line each: added, removed, moved, or the fields changed from → to. */
export function ChangeList({ changes }: { changes: RowChange[] }) {
  const changeCount = changes.length;
  return (
    <details className="gt-changes" open>
      <summary>
        <Trans>Unsaved changes ({changeCount})</Trans>
      </summary>
      <ul>
        {changes.map((change) => (
          <ChangeLine key={`${change.kind[0]}-${change.row.key}`} change={change} />
        ))}
      </ul>
    </details>
  );
}

function ChangeLine({ change }: { change: RowChange }) {
  const name = change.row.label || t`(no label)`;
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
    case 'moved': {
      const { from, to } = change;
      return (
        <li className="gt-change">
          <Trans>
            ↕ {name}: position {from} → {to}
          </Trans>
        </li>
      );
    }
    default:
      return (
        <li className="gt-change gt-change--changed">
          ~ {name}:{' '}
          {change.fields.map((f) => (
            <span key={f.field} className="gt-change__field">
              {i18n._(CHANGE_FIELD[f.field])} <del>{f.from || '∅'}</del> → <ins>{f.to || '∅'}</ins>
            </span>
          ))}
        </li>
      );
  }
}
