import { useMemo, useState } from 'react';
import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
  type VisibilityState,
} from '@tanstack/react-table';
import { t } from '@lingui/core/macro';
import { usePersistedState } from '@/components/persisted-state';
import type { DataTableProps, TableSelection } from './data-table';

const isVisibility = (value: unknown): value is VisibilityState =>
  Boolean(value) &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.values(value as object).every((v) => typeof v === 'boolean');

const selectLabel = (name: string) => t`Select ${name}`;

/** The checkbox column of a table with selection: all rows of the page in its header, one row in each cell. */
function selectColumn<T>(selection: TableSelection<T>): ColumnDef<T, unknown> {
  const nouns = selection.noun.plural;
  return {
    id: '__select',
    meta: { className: 'col-select', hideable: false },
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label={t`Select all ${nouns} on this page`}
        checked={table.getIsAllRowsSelected()}
        ref={(el) => {
          if (el) el.indeterminate = table.getIsSomeRowsSelected() && !table.getIsAllRowsSelected();
        }}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={selectLabel(selection.describe(row.original))}
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  };
}

/**
 * The TanStack table behind DataTable: column visibility persisted per list, row selection that belongs to the page
 * on screen (a new cursor or page size starts empty), server-side sorting and pagination.
 */
export function useDataTable<T>({
  label,
  data,
  columns,
  getRowId,
  columnsKey,
  pagination,
  selection,
  sorting,
}: DataTableProps<T>) {
  const [visibility, setVisibility] = usePersistedState<VisibilityState>(
    `dps.columns.${columnsKey ?? label}`,
    {},
    isVisibility,
  );
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const pageKey = `${pagination?.search.cursor ?? ''}|${pagination?.search.pageSize ?? ''}`;
  const [selectionPage, setSelectionPage] = useState(pageKey);
  if (selectionPage !== pageKey) {
    setSelectionPage(pageKey);
    setRowSelection({});
  }

  const allColumns = useMemo<ColumnDef<T, unknown>[]>(
    () => (selection ? [selectColumn(selection), ...columns] : columns),
    [columns, selection],
  );

  const table = useReactTable<T>({
    data: data as T[],
    columns: allColumns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    state: {
      columnVisibility: visibility,
      rowSelection,
      sorting: sorting?.value ? [sorting.value] : [],
    },
    onColumnVisibilityChange: (updater) => setVisibility(typeof updater === 'function' ? updater(visibility) : updater),
    onRowSelectionChange: setRowSelection,
    enableRowSelection: selection ? (row) => selection.canSelect?.(row.original) ?? true : false,
    manualSorting: true,
    manualPagination: true,
    enableSorting: Boolean(sorting),
    enableSortingRemoval: true,
  });
  return { table, clearSelection: () => setRowSelection({}) };
}
