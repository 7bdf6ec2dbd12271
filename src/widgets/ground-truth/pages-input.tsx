import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { formatPages, parsePages } from './ground-truth-rows';

/** A field's pages as "1, 2": applied on blur or Enter; text that does not parse goes back to the pages it had. */
export function PagesInput({
  rowName,
  pages,
  canWrite,
  onChange,
}: {
  rowName: string;
  pages?: number[];
  canWrite: boolean;
  onChange: (pages: number[]) => void;
}) {
  const text = formatPages(pages);
  return (
    <label className="gt-small gt-small--narrow">
      <Trans>Pages</Trans>
      <input
        key={text}
        className="gt-input"
        data-field="pages"
        aria-label={t`Pages of ${rowName}`}
        defaultValue={text}
        readOnly={!canWrite}
        inputMode="numeric"
        placeholder="1, 2"
        onBlur={(e) => {
          const parsed = parsePages(e.target.value);
          if (parsed) onChange(parsed);
          else e.target.value = text;
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            const parsed = parsePages(e.currentTarget.value);
            if (parsed) onChange(parsed);
          }
        }}
      />
    </label>
  );
}
