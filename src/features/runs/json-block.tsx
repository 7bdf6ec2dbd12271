import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CopyButton } from '@/components/copy-button';
import { IconChevronRight } from '@/components/icons';
import { formatJson } from '@/components/json-editor';

/** What a closed block holds, so its line says there is something to open: "3 fields", "2 items", "text", "value". */
function contentsOf(value: unknown): string {
  if (Array.isArray(value)) {
    const items = value.length;
    return plural(items, { one: '# item', other: '# items' });
  }
  if (typeof value === 'object' && value !== null) {
    const fields = Object.keys(value).length;
    return plural(fields, { one: '# field', other: '# fields' });
  }
  return typeof value === 'string' ? t`text` : t`value`;
}

/**
 * Collapsible, copyable JSON (input, output, variables). `label` names the block ("Input"); `copyLabel` is its copy
 * button's words ("Copy input"), a whole message of the caller's.
 */
export function JsonBlock({
  label,
  copyLabel,
  value,
  open = false,
}: {
  label: string;
  copyLabel: string;
  value: unknown;
  open?: boolean;
}) {
  const empty =
    value === null || value === undefined || (typeof value === 'object' && Object.keys(value as object).length === 0);
  if (empty)
    return (
      <p className="muted">
        <Trans>{label}: empty</Trans>
      </p>
    );
  const text = formatJson(value);
  return (
    <details className="run-json" open={open}>
      <summary>
        <IconChevronRight size={14} className="run-json__chevron" />
        {label}
        <span className="muted run-json__contents">{contentsOf(value)}</span>
      </summary>
      <CopyButton value={text} label={copyLabel} showText className="run-json__copy" />
      <pre className="code-block" tabIndex={0} aria-label={label}>
        {text}
      </pre>
    </details>
  );
}
