import { CopyButton } from '@/components/copy-button';
import { IconChevronRight } from '@/components/icons';
import { formatJson } from '@/components/json-editor';

/** What a closed block holds, so its line says there is something to open: "3 fields", "2 items", "text". */
function contentsOf(value: unknown): string {
  if (Array.isArray(value)) return value.length === 1 ? '1 item' : `${value.length} items`;
  if (typeof value === 'object' && value !== null) {
    const n = Object.keys(value).length;
    return n === 1 ? '1 field' : `${n} fields`;
  }
  return typeof value === 'string' ? 'text' : typeof value;
}

/** Collapsible, copyable JSON (input, output, variables). */
export function JsonBlock({ label, value, open = false }: { label: string; value: unknown; open?: boolean }) {
  const empty =
    value === null || value === undefined || (typeof value === 'object' && Object.keys(value as object).length === 0);
  if (empty) return <p className="muted">{label}: empty</p>;
  const text = formatJson(value);
  return (
    <details className="run-json" open={open}>
      <summary>
        <IconChevronRight size={14} className="run-json__chevron" />
        {label}
        <span className="muted run-json__contents">{contentsOf(value)}</span>
      </summary>
      <CopyButton value={text} label={`Copy ${label.toLowerCase()}`} showText className="run-json__copy" />
      <pre className="code-block" tabIndex={0} aria-label={label}>
        {text}
      </pre>
    </details>
  );
}
