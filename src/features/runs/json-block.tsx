import { CopyButton } from '@/components/copy-button';
import { formatJson } from '@/components/json-editor';

/** Collapsible, copyable JSON (input, output, variables). */
export function JsonBlock({ label, value, open = false }: { label: string; value: unknown; open?: boolean }) {
  const empty =
    value === null || value === undefined || (typeof value === 'object' && Object.keys(value as object).length === 0);
  if (empty) return <p className="muted">{label}: empty</p>;
  const text = formatJson(value);
  return (
    <details className="run-json" open={open}>
      <summary>{label}</summary>
      <CopyButton value={text} label={`Copy ${label.toLowerCase()}`} showText className="run-json__copy" />
      <pre className="code-block" tabIndex={0} aria-label={label}>
        {text}
      </pre>
    </details>
  );
}
