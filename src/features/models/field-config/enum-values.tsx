/**
 * The enum values of a field, edited as text, one value a line. The text is kept as typed while editing (blank lines,
 * spaces) and follows the values when they change from elsewhere (the JSON view).
 */
import { useState } from 'react';

/** The values a text holds: one a line, trimmed, blank lines ignored. */
function valuesOf(text: string): string[] {
  return text
    .split('\n')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Enum values as one per line; blank lines are ignored, the text is kept as typed while editing. */
export function EnumValues({
  values,
  canWrite,
  onChange,
  ...rest
}: {
  values: unknown;
  canWrite: boolean;
  onChange: (values: string[]) => void;
}) {
  const list = Array.isArray(values) ? values.map(String) : [];
  const [text, setText] = useState(list.join('\n'));
  // Resync when the values change from elsewhere (the JSON view).
  const joined = list.join('\n');
  const [seen, setSeen] = useState(joined);
  if (seen !== joined) {
    setSeen(joined);
    if (valuesOf(text).join('\n') !== joined) setText(joined);
  }
  return (
    <textarea
      {...rest}
      rows={Math.min(6, Math.max(2, list.length + 1))}
      value={text}
      readOnly={!canWrite}
      onChange={(e) => {
        setText(e.target.value);
        onChange(valuesOf(e.target.value));
      }}
    />
  );
}
