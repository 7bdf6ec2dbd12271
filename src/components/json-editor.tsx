/**
 * JSON editor for `metadata`: a monospace textarea that parses as you type and accepts only a JSON object (or empty
 * → undefined). The value is the parsed object; the text stays the operator's own while it is being edited.
 *
 * In a form, prefer the form kit's <JsonField name="metadata" label="Metadata" /> (src/components/form). Standalone:
 *   import { JsonEditor } from '@/components/json-editor';
 *   <JsonEditor id="metadata" value={metadata} onChange={(value, error, text) => …} />
 *
 *   parseJsonObject('{"a":1}') → { ok: true, value: { a: 1 } };  parseJsonObject('[1]') → { ok: false, error: 'must be a JSON object' }
 */
import { useState } from 'react';
import { t } from '@lingui/core/macro';

export type JsonObject = Record<string, unknown>;
export type ParseResult = { ok: true; value: JsonObject | undefined } | { ok: false; error: string };

/** An example object, the same in every language (JSON, like the value the operator types). */
export const JSON_OBJECT_EXAMPLE = '{"team": "finance"}';
const PLACEHOLDER_JSON = '{\n  "key": "value"\n}';

/** The error of a text that parses but is not an object. */
export function notAnObject(): string {
  const example = JSON_OBJECT_EXAMPLE;
  return t`Metadata must be a JSON object, like ${example}`;
}

/** Empty text → undefined; otherwise it must be a JSON object (`{…}`), not an array, string, number or null. */
export function parseJsonObject(text: string): ParseResult {
  if (text.trim() === '') return { ok: true, value: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // The parser's own words (the browser's language) say where the text breaks.
    const detail = error instanceof Error ? error.message.replace(/^JSON\.parse: /, '') : t`invalid JSON`;
    return { ok: false, error: t`Not valid JSON: ${detail}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, error: notAnObject() };
  return { ok: true, value: value as JsonObject };
}

export function formatJson(value: unknown): string {
  return value === undefined || value === null ? '' : JSON.stringify(value, null, 2);
}

export interface JsonEditorProps {
  id?: string;
  /** The object, or (while it does not parse) the operator's raw text as a string. */
  value: unknown;
  /**
   * Called on every edit with the parsed object (undefined when empty), or — when the text is not a JSON object — the
   * error and the raw text. The form kit stores the raw text as the field value, so the contract's metadata schema
   * rejects it ("must be a JSON object") and the form cannot be submitted.
   */
  onChange: (value: JsonObject | undefined, error: string | null, text: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
  rows?: number;
  disabled?: boolean;
  placeholder?: string;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : formatJson(value);
}

export function JsonEditor({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  rows = 6,
  disabled,
  placeholder = PLACEHOLDER_JSON,
}: JsonEditorProps) {
  // The text is local state: `{"a": ` is a valid moment of typing even though it is not JSON yet.
  const [text, setText] = useState(() => textOf(value));
  const [lastValue, setLastValue] = useState<unknown>(value);
  if (value !== lastValue) {
    // A change from outside (form reset, server data) replaces the text unless it already means the same.
    setLastValue(value);
    if (typeof value === 'string') {
      if (value !== text) setText(value);
    } else {
      const parsed = parseJsonObject(text);
      if (!parsed.ok || JSON.stringify(parsed.value ?? null) !== JSON.stringify(value ?? null))
        setText(formatJson(value));
    }
  }
  return (
    <textarea
      id={id}
      className="textarea textarea--code"
      rows={rows}
      spellCheck={false}
      value={text}
      disabled={disabled}
      placeholder={placeholder}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onBlur={onBlur}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const parsed = parseJsonObject(next);
        if (parsed.ok) {
          setLastValue(parsed.value);
          onChange(parsed.value, null, next);
        } else {
          setLastValue(next);
          onChange(undefined, parsed.error, next);
        }
      }}
    />
  );
}
