import { attentionOf, type GroundTruthRow } from './ground-truth-rows';
import { tableOfLabel, type TableSpec } from './table-grid';

/** The fields the editor lists as rows of their own: every entry that is not a table's cell. */
export const listedRows = (rows: readonly GroundTruthRow[], tables: readonly TableSpec[]) =>
  rows.filter((row) => !tableOfLabel(row.label, tables));

/** Swaps the row with its neighbour in the list (table cells in between stay where they are). */
export function swapListedRow(
  all: GroundTruthRow[],
  tables: readonly TableSpec[],
  key: string,
  by: -1 | 1,
): GroundTruthRow[] {
  const listed = listedRows(all, tables);
  const i = listed.findIndex((row) => row.key === key);
  const j = i + by;
  if (i < 0 || j < 0 || j >= listed.length) return all;
  const [a, b] = [all.indexOf(listed[i]), all.indexOf(listed[j])];
  const next = [...all];
  [next[a], next[b]] = [next[b], next[a]];
  return next;
}

/** The next row after `fromKey` (wrapping) that needs attention, other than that one; null when there is none. */
export function nextAttentionKey(
  ordered: readonly GroundTruthRow[],
  fromKey: string,
  threshold: number,
): string | null {
  const start = ordered.findIndex((row) => row.key === fromKey);
  for (let step = 1; step <= ordered.length; step++) {
    const row = ordered[(start + step) % ordered.length];
    if (attentionOf(row, threshold) && row.key !== fromKey) return row.key;
  }
  return null;
}
