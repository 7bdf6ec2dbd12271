/**
 * The ground-truth editor's rows and what is derived from them (pure): conversion to and from the service's entries
 * (lossless for what the operator did not touch), the fields that need attention, and the diff against the saved
 * array. Pages are 0-based in entries and 1-based on screen.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FieldConfig, GroundTruthEntry } from '@/contract';

export type GroundTruthRow = {
  /** Stable across edits and reorders (React key, diff identity). */
  key: string;
  label: string;
  value: string;
  rawValue?: string;
  /** 0-based page indices, as stored. */
  pages?: number[];
  confidence?: number;
};

let nextKey = 0;
export const newRowKey = () => `row-${++nextKey}`;

export function rowsFromEntries(entries: readonly GroundTruthEntry[] | null | undefined): GroundTruthRow[] {
  return (entries ?? []).map((entry) => ({ key: newRowKey(), ...entry }));
}

/** Back to entries: optional fields appear only when they have a value (as the service stores them). */
export function entriesFromRows(rows: readonly GroundTruthRow[]): GroundTruthEntry[] {
  return rows.map(({ label, value, rawValue, pages, confidence }) => ({
    label,
    value,
    ...(rawValue !== undefined ? { rawValue } : {}),
    ...(pages !== undefined ? { pages } : {}),
    ...(confidence !== undefined ? { confidence } : {}),
  }));
}

/** Same entries in the same order (key order inside an entry does not matter). */
export const sameEntries = (a: readonly GroundTruthEntry[], b: readonly GroundTruthEntry[]) =>
  JSON.stringify(entriesFromRows(a.map((e) => ({ key: '', ...e })))) ===
  JSON.stringify(entriesFromRows(b.map((e) => ({ key: '', ...e }))));

/** `1, 3-4` ↔ [0, 2, 3]; null when the text is not a page list. */
export function parsePages(text: string): number[] | null {
  const trimmed = text.trim();
  if (!trimmed) return [];
  const pages: number[] = [];
  for (const part of trimmed.split(/[\s,]+/).filter(Boolean)) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!range) return null;
    const from = Number(range[1]);
    const to = range[2] ? Number(range[2]) : from;
    if (from < 1 || to < from || to - from > 1000) return null;
    for (let p = from; p <= to; p++) pages.push(p - 1);
  }
  return [...new Set(pages)];
}

export const formatPages = (pages: readonly number[] | undefined) => (pages ?? []).map((p) => p + 1).join(', ');

export const DEFAULT_THRESHOLD = 0.8;

export type Attention = 'missing-label' | 'empty' | 'low-confidence' | null;

/** Why a row needs a look, most important first; null when it is fine. */
export function attentionOf(row: GroundTruthRow, threshold: number): Attention {
  if (!row.label.trim()) return 'missing-label';
  if (!row.value.trim()) return 'empty';
  if (row.confidence !== undefined && row.confidence < threshold) return 'low-confidence';
  return null;
}

/** Why a row needs a look, in words (translated where shown: `i18n._(ATTENTION_TEXT[why])`). */
export const ATTENTION_TEXT: Record<Exclude<Attention, null>, MessageDescriptor> = {
  'missing-label': msg`No label`,
  empty: msg`No value`,
  'low-confidence': msg`Low confidence`,
};

/** Confidence band: colour and words (never colour alone). */
export function confidenceBand(confidence: number | undefined, threshold: number): 'high' | 'low' | 'none' {
  if (confidence === undefined) return 'none';
  return confidence >= threshold ? 'high' : 'low';
}

/** Labels a model's field configuration offers: each field, and `field.column` for lines/table columns. */
export function labelsFromFieldConfig(fieldConfig: FieldConfig | Record<string, unknown> | null | undefined): string[] {
  const labels: string[] = [];
  for (const [name, spec] of Object.entries(fieldConfig ?? {})) {
    const columns =
      spec && typeof spec === 'object' && 'fields' in spec && spec.fields && typeof spec.fields === 'object'
        ? Object.keys(spec.fields)
        : [];
    if (columns.length) for (const column of columns) labels.push(`${name}.${column}`);
    else labels.push(name);
  }
  return labels;
}

export type RowChange =
  | { kind: 'added'; row: GroundTruthRow }
  | { kind: 'removed'; row: GroundTruthRow }
  | {
      kind: 'changed';
      row: GroundTruthRow;
      fields: { field: 'label' | 'value' | 'rawValue' | 'pages' | 'confidence'; from: string; to: string }[];
    }
  | { kind: 'moved'; row: GroundTruthRow; from: number; to: number };

const show = (field: 'label' | 'value' | 'rawValue' | 'pages' | 'confidence', row: GroundTruthRow) =>
  field === 'pages'
    ? formatPages(row.pages)
    : field === 'confidence'
      ? row.confidence === undefined
        ? ''
        : String(row.confidence)
      : (row[field] ?? '');

/** What changed between the saved rows and the edited ones, by row identity. */
export function diffRows(saved: readonly GroundTruthRow[], edited: readonly GroundTruthRow[]): RowChange[] {
  const changes: RowChange[] = [];
  const savedByKey = new Map(saved.map((row, index) => [row.key, { row, index }]));
  const editedKeys = new Set(edited.map((row) => row.key));
  const keptSaved = saved.filter((row) => editedKeys.has(row.key)).map((row) => row.key);
  const keptEdited = edited.filter((row) => savedByKey.has(row.key)).map((row) => row.key);
  edited.forEach((row) => {
    const before = savedByKey.get(row.key);
    if (!before) return changes.push({ kind: 'added', row });
    const fields = (['label', 'value', 'rawValue', 'pages', 'confidence'] as const)
      .filter((f) => show(f, before.row) !== show(f, row))
      .map((f) => ({ field: f, from: show(f, before.row), to: show(f, row) }));
    if (fields.length) changes.push({ kind: 'changed', row, fields });
    const from = keptSaved.indexOf(row.key);
    const to = keptEdited.indexOf(row.key);
    if (from !== to) changes.push({ kind: 'moved', row, from: before.index + 1, to: edited.indexOf(row) + 1 });
  });
  for (const row of saved) if (!editedKeys.has(row.key)) changes.push({ kind: 'removed', row });
  return changes;
}
