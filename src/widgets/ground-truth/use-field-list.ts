import { useRef, type KeyboardEvent } from 'react';
import { listedRows, nextAttentionKey, swapListedRow } from './field-order';
import { newRowKey, type GroundTruthRow } from './ground-truth-rows';
import { gridFromRows, patchCell, type TableSpec } from './table-grid';
import type { GroundTruthDraft } from './use-ground-truth-draft';

/** A key press that is Enter alone (no modifier): "next field that needs attention". */
export const isPlainEnter = (event: KeyboardEvent) =>
  event.key === 'Enter' && !event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey;

/**
 * The editor's list of fields: add, move, remove and update rows, and where focus goes after each (the next field that
 * needs attention on Enter; the status line when none does).
 */
export function useFieldList({
  draft,
  tables,
  threshold,
  statusId,
  canWrite,
}: {
  draft: GroundTruthDraft;
  tables: readonly TableSpec[];
  threshold: number;
  statusId: string;
  canWrite: boolean;
}) {
  const { rows: allRows, setRows } = draft;
  const editor = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  // Table cells are shown in their grids; the list holds the other fields.
  const rows = listedRows(allRows, tables);

  // The editor is read when the frame comes, not now: a row just added (the first one, when the list itself is not
  // on screen yet) exists only after this render.
  const focusInput = (key: string, field: 'value' | 'label') =>
    requestAnimationFrame(() =>
      editor.current?.querySelector<HTMLInputElement>(`[data-row="${key}"] input[data-field="${field}"]`)?.focus(),
    );
  const focusValue = (key: string) => focusInput(key, 'value');

  const update = (key: string, patch: Partial<GroundTruthRow>) => setRows((all) => patchCell(all, tables, key, patch));

  const add = (label = '') => {
    const row: GroundTruthRow = { key: newRowKey(), label, value: '', pages: [] };
    setRows((all) => [...all, row]);
    // A new field is named first: the cursor goes to its label (its value when the label is given).
    focusInput(row.key, label ? 'value' : 'label');
  };

  const addLabels = (labels: readonly string[]) => {
    const added = labels.map((label) => ({ key: newRowKey(), label, value: '', pages: [] as number[] }));
    setRows((all) => [...all, ...added]);
    focusValue(added[0].key);
  };

  const move = (key: string, by: -1 | 1) => setRows((all) => swapListedRow(all, tables, key, by));

  const remove = (key: string) => {
    const index = rows.findIndex((row) => row.key === key);
    setRows((all) => all.filter((row) => row.key !== key));
    const neighbour = rows[index + 1] ?? rows[index - 1];
    if (neighbour) focusValue(neighbour.key);
  };

  /** Enter: the next field or cell (after this one, wrapping; list first, then each grid) that needs attention. */
  const nextAttention = (fromKey: string) => {
    const ordered = [
      ...rows,
      ...tables.flatMap((spec) => gridFromRows(allRows, spec).rows.flatMap((row) => [...row.cells.values()])),
    ];
    const next = nextAttentionKey(ordered, fromKey, threshold);
    if (next) focusValue(next);
    else document.getElementById(statusId)?.focus();
  };

  const onRowKeyDown = (event: KeyboardEvent, row: GroundTruthRow) => {
    if (isPlainEnter(event)) {
      event.preventDefault();
      nextAttention(row.key);
    } else if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown') && canWrite) {
      event.preventDefault();
      move(row.key, event.key === 'ArrowUp' ? -1 : 1);
      const target = event.target as HTMLElement;
      requestAnimationFrame(() => target.focus());
    }
  };

  return { rows, editor, list, update, add, addLabels, move, remove, nextAttention, onRowKeyDown };
}
