import { createElement, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { t } from '@lingui/core/macro';
import { usePersistedState } from '@/components/persisted-state';
import type { DataTableProps, TableSelection } from './data-table';

/**
 * The table model behind DataTable: the few parts of a headless table the kit uses (columns with visibility, rows
 * with selection), written here rather than taken from TanStack Table, whose core (12.6 KB gzip) would load with the
 * first screen for them. Sorting and pagination are the server's; rows keep the order they come in.
 */

/** Extra presentation of a column. */
export interface ColumnMeta {
  /** Extra class of the th/td: 'num' (right-aligned numbers), 'wrap' (multi-line), 'col-actions'. */
  className?: string;
  /** false: always shown, not in the Columns menu. */
  hideable?: boolean;
  /** Label in the Columns menu when the header is not a string. */
  label?: string;
}

/** What a cell renders from: its row. */
export interface CellContext<T> {
  row: TableRow<T>;
}

/** What a header renders from: the selection of the page (for the select-all box). */
export interface HeaderContext {
  page: PageSelection;
}

export interface PageSelection {
  /** Every selectable row of the page is selected. */
  all: boolean;
  /** Some row is selected, not all (the select-all box's mixed state). */
  some: boolean;
  toggleAll: (event: { target: { checked: boolean } }) => void;
}

/**
 * One column. `header` is text or a component; `cell` is a component of the row (rendered as an element, so it may
 * use hooks). `enableSorting` marks a column the server sorts by (see DataTable's `sorting`).
 */
export interface ColumnDef<T> {
  id: string;
  header?: string | ComponentType<HeaderContext>;
  cell?: ComponentType<CellContext<T>>;
  meta?: ColumnMeta;
  enableSorting?: boolean;
}

export interface TableColumn<T> {
  id: string;
  columnDef: ColumnDef<T>;
  visible: boolean;
  setVisible: (visible: boolean) => void;
}

export interface TableRow<T> {
  /** The row's stable id (getRowId). */
  id: string;
  /** Its position on the page. */
  index: number;
  original: T;
  selected: boolean;
  canSelect: boolean;
  /** The checkbox's change handler. */
  onToggleSelected: (event: { target: { checked: boolean } }) => void;
}

/** A column's header as an element (text, or its component). */
export function renderHeader<T>(column: ColumnDef<T>, context: HeaderContext): ReactNode {
  return typeof column.header === 'function' ? createElement(column.header, context) : (column.header ?? null);
}

/** A row's cell in a column as an element. */
export function renderCell<T>(column: ColumnDef<T>, row: TableRow<T>): ReactNode {
  return column.cell ? createElement(column.cell, { row }) : null;
}

type Visibility = Record<string, boolean>;
type Selection = Record<string, boolean>;

const isVisibility = (value: unknown): value is Visibility =>
  Boolean(value) &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.values(value as object).every((v) => typeof v === 'boolean');

const selectLabel = (name: string) => t`Select ${name}`;

/**
 * The checkbox column of a table with selection: all rows of the page in its header, one row in each cell. Made once
 * per `selection` (its header and cell are components: a new one each render would remount the focused checkbox).
 */
function selectColumn<T>(selection: TableSelection<T>): ColumnDef<T> {
  const nouns = selection.noun.plural;
  return {
    id: '__select',
    meta: { className: 'col-select', hideable: false },
    header: ({ page }) => (
      <input
        type="checkbox"
        aria-label={t`Select all ${nouns} on this page`}
        checked={page.all}
        ref={(el) => {
          if (el) el.indeterminate = page.some && !page.all;
        }}
        onChange={page.toggleAll}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={selectLabel(selection.describe(row.original))}
        checked={row.selected}
        disabled={!row.canSelect}
        onChange={row.onToggleSelected}
      />
    ),
  };
}

/** Sets one id's selected flag in a selection (the same object when nothing changes). */
function withSelected(old: Selection, id: string, value: boolean): Selection {
  if (Boolean(old[id]) === value) return old;
  const next = { ...old };
  if (value) next[id] = true;
  else delete next[id];
  return next;
}

/** The page's rows with their selection, which belongs to the page on screen (a new `pageKey` starts empty). */
function useRows<T>(
  data: readonly T[],
  getRowId: (row: T) => string,
  selection: TableSelection<T> | undefined,
  pageKey: string,
) {
  const [rowSelection, setRowSelection] = useState<Selection>({});
  const [selectionPage, setSelectionPage] = useState(pageKey);
  if (selectionPage !== pageKey) {
    setSelectionPage(pageKey);
    setRowSelection({});
  }
  const rows = data.map((original, index): TableRow<T> => {
    const id = getRowId(original);
    const canSelect = selection ? (selection.canSelect?.(original) ?? true) : false;
    return {
      id,
      index,
      original,
      selected: Boolean(rowSelection[id]),
      canSelect,
      onToggleSelected: (event) => {
        const value = event.target.checked;
        if (canSelect) setRowSelection((old) => withSelected(old, id, value));
      },
    };
  });
  // "All" once every selectable row of the page is selected; "some" (the header box's mixed state) short of all rows.
  const selectedCount = Object.keys(rowSelection).length;
  const page: PageSelection = {
    all: Boolean(rows.length && selectedCount) && !rows.some((row) => row.canSelect && !rowSelection[row.id]),
    some: selectedCount > 0 && selectedCount < rows.length,
    toggleAll: (event) => {
      const value = event.target.checked;
      setRowSelection((old) =>
        rows.reduce((next, row) => (row.canSelect ? withSelected(next, row.id, value) : next), old),
      );
    },
  };
  return { rows, page, clearSelection: () => setRowSelection({}) };
}

/**
 * The table behind DataTable: column visibility persisted per list, row selection that belongs to the page on screen
 * (a new cursor or page size starts empty).
 */
export function useDataTable<T>({
  label,
  data,
  columns,
  getRowId,
  columnsKey,
  pagination,
  selection,
}: DataTableProps<T>) {
  const [visibility, setVisibility] = usePersistedState<Visibility>(
    `dps.columns.${columnsKey ?? label}`,
    {},
    isVisibility,
  );
  const pageKey = `${pagination?.search.cursor ?? ''}|${pagination?.search.pageSize ?? ''}`;
  const { rows, page, clearSelection } = useRows(data, getRowId, selection, pageKey);
  const defs = useMemo<ColumnDef<T>[]>(
    () => (selection ? [selectColumn(selection), ...columns] : columns),
    [columns, selection],
  );
  const allColumns = defs.map((columnDef): TableColumn<T> => ({
    id: columnDef.id,
    columnDef,
    visible: visibility[columnDef.id] ?? true,
    setVisible: (visible) => setVisibility({ ...visibility, [columnDef.id]: visible }),
  }));
  return {
    page,
    rows,
    selectedRows: rows.filter((row) => row.selected).map((row) => row.original),
    columns: allColumns,
    visibleColumns: allColumns.filter((column) => column.visible),
    clearSelection,
  };
}
