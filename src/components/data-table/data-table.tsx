/**
 * Data table kit (TanStack Table): server pagination over nextToken with the page state in the URL (see
 * ./pagination.ts for the route side), page-size select, Previous/Next, persisted column visibility, virtualized rows
 * above 100 rows, stable row ids, row selection with a bulk-action bar that names what it acts on, sortable headers
 * when the server sorts.
 *
 *   import { DataTable, type ColumnDef } from '@/components/data-table';
 *   const columns: ColumnDef<User>[] = [
 *     { id: 'name', header: 'Name', cell: ({ row }) => <Link to="/settings/users/$userId" params={{ userId: row.original.userId }}>{row.original.name}</Link> },
 *     { id: 'email', header: 'Email', accessorFn: (u) => u.email },
 *     { id: 'created', header: 'Created', cell: ({ row }) => <DateTime value={row.original.createdTime} /> },
 *   ];
 *   const search = Route.useSearch();
 *   const navigate = Route.useNavigate();
 *   const { data, isFetching } = useSuspenseQuery(usersListQueryOptions(listParams(search)));
 *   <DataTable
 *     label="Users"                                   // accessible name of the table
 *     data={data.users}
 *     columns={columns}
 *     getRowId={(u) => u.userId}                      // stable ids: selection survives refetches
 *     columnsKey="users"                              // persists column visibility (localStorage)
 *     pagination={{ scope: 'users', search, nextToken: data.nextToken,
 *                   onNavigate: (patch) => navigate({ search: (s) => ({ ...s, ...patch }) }) }}
 *     isFetching={isFetching}
 *     selection={{ noun: ['user', 'users'], describe: (u) => u.name ?? u.email,
 *                  actions: (rows, clear) => <button className="button button--danger" onClick={…}>Delete {rows.length} users</button> }}
 *     toolbar={<SearchInput … />}                     // filters bound to the URL
 *     empty={<EmptyState title="No users yet" action={…}>…</EmptyState>}
 *   />
 * Column meta: `meta: { className: 'num' | 'wrap' | 'col-actions', hideable: false }`. Server-side sort:
 * `sorting={{ value: search.sort, onChange: (sort) => navigate(…) }}` and `enableSorting: true` on those columns.
 */
import { lazy, Suspense, useMemo, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Row,
  type RowSelectionState,
  type VisibilityState,
} from '@tanstack/react-table';
import { usePersistedState } from '@/components/persisted-state';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronLeft,
  IconChevronRight,
  IconColumns,
  IconSort,
} from '@/components/icons';
import { useOrganizationScope } from '@/api/organization-scope';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, tokenPager, type PaginationSearch } from './pagination';

// The column picker pulls in Radix's menu and floating-ui; loaded after the first rows paint, not with the first screen.
// Virtualization (TanStack Virtual) is only needed for pages above 100 rows; it loads when such a page first shows.
/** Rows shown before the virtualizer has loaded: about one tall screen, fewer than it keeps with overscan. */
const FIRST_SCREEN_ROWS = 30;
const VirtualRows = lazy(() => import('./virtual-rows').then((m) => ({ default: m.VirtualRows })));
const ColumnsMenu = lazy(() => import('./columns-menu').then((m) => ({ default: m.ColumnsMenu })));

function ColumnsButton({ disabled, ...props }: ComponentProps<'button'>) {
  return (
    <button type="button" className="button button--small" disabled={disabled} {...props}>
      <IconColumns size={14} /> Columns
    </button>
  );
}

export type { ColumnDef };

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    /** Extra class of the th/td: 'num' (right-aligned numbers), 'wrap' (multi-line), 'col-actions'. */
    className?: string;
    /** false: always shown, not in the Columns menu. */
    hideable?: boolean;
    /** Label in the Columns menu when the header is not a string. */
    label?: string;
  }
}

export interface TablePagination {
  /** Names the list for the token trail (include filters: `users`, `runs:${agentId}:${status}`). */
  scope: string;
  /** What the list holds, singular and plural, for its count ("12 runs"): the same to every operator. */
  noun: [string, string];
  search: PaginationSearch;
  /** The current page's nextToken from the response (null on the last page). */
  nextToken: string | null | undefined;
  /** Apply a search patch (`{ cursor }` or `{ pageSize, cursor: undefined }`) to the URL. */
  onNavigate: (patch: PaginationSearch) => void;
  /** Choices of the page-size select (default PAGE_SIZES; match the route's paginationSearchFor). */
  pageSizes?: readonly number[];
}

export interface TableSelection<T> {
  /** Singular and plural noun for the bar: ['user', 'users']. */
  noun: [string, string];
  /** How a selected row is named in the bar ("Delete 2 users: Ann, Bob"). */
  describe: (row: T) => string;
  /** The bulk actions for the selected rows; call `clear()` after acting. */
  actions: (rows: T[], clear: () => void) => ReactNode;
  /** Rows that cannot be selected. */
  canSelect?: (row: T) => boolean;
}

export interface SortState {
  id: string;
  desc: boolean;
}

export interface DataTableProps<T> {
  label: string;
  data: readonly T[];
  columns: ColumnDef<T, unknown>[];
  getRowId: (row: T) => string;
  /** Persist column visibility under this key. */
  columnsKey?: string;
  pagination?: TablePagination;
  selection?: TableSelection<T>;
  sorting?: { value: SortState | undefined; onChange: (value: SortState | undefined) => void };
  toolbar?: ReactNode;
  empty?: ReactNode;
  isFetching?: boolean;
  /** Virtualize the body above this many rows (default 100). */
  virtualizeAbove?: number;
}

const isVisibility = (value: unknown): value is VisibilityState =>
  Boolean(value) &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.values(value as object).every((v) => typeof v === 'boolean');

export function DataTable<T>({
  label,
  data,
  columns,
  getRowId,
  columnsKey,
  pagination,
  selection,
  sorting,
  toolbar,
  empty,
  isFetching = false,
  virtualizeAbove = 100,
}: DataTableProps<T>) {
  const [visibility, setVisibility] = usePersistedState<VisibilityState>(
    `dps.columns.${columnsKey ?? label}`,
    {},
    isVisibility,
  );
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  // Selection belongs to the rows on screen: a new page (cursor) starts empty.
  const pageKey = `${pagination?.search.cursor ?? ''}|${pagination?.search.pageSize ?? ''}`;
  const [selectionPage, setSelectionPage] = useState(pageKey);
  if (selectionPage !== pageKey) {
    setSelectionPage(pageKey);
    setRowSelection({});
  }

  const allColumns = useMemo<ColumnDef<T, unknown>[]>(() => {
    if (!selection) return columns;
    const select: ColumnDef<T, unknown> = {
      id: '__select',
      meta: { className: 'col-select', hideable: false },
      header: ({ table }) => (
        <input
          type="checkbox"
          aria-label={`Select all ${selection.noun[1]} on this page`}
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
          aria-label={`Select ${selection.describe(row.original)}`}
          checked={row.getIsSelected()}
          disabled={!row.getCanSelect()}
          onChange={row.getToggleSelectedHandler()}
        />
      ),
    };
    return [select, ...columns];
  }, [columns, selection]);

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

  const rows = table.getRowModel().rows;
  const selectedRows = table.getSelectedRowModel().rows.map((row) => row.original);
  const hideable = table.getAllLeafColumns().filter((column) => column.columnDef.meta?.hideable !== false);
  const virtual = rows.length > virtualizeAbove;

  const scrollRef = useRef<HTMLDivElement>(null);
  const columnCount = table.getVisibleLeafColumns().length;

  const renderRow = (row: Row<T>, measure?: (element: Element | null) => void) => (
    <tr
      key={row.id}
      data-selected={row.getIsSelected() || undefined}
      data-row-id={row.id}
      aria-rowindex={measure ? row.index + 2 : undefined}
      ref={measure}
      data-index={measure ? row.index : undefined}
    >
      {row.getVisibleCells().map((cell) => (
        <td key={cell.id} className={cell.column.columnDef.meta?.className}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );

  const onSort = (id: string) => {
    if (!sorting) return;
    const current = sorting.value;
    sorting.onChange(current?.id !== id ? { id, desc: true } : current.desc ? { id, desc: false } : undefined);
  };

  return (
    <div className="data-table">
      {toolbar || hideable.length > 1 ? (
        <div className="data-table__toolbar">
          {toolbar}
          <div className="spacer" />
          {hideable.length > 1 ? (
            <Suspense fallback={<ColumnsButton disabled />}>
              <ColumnsMenu
                columns={hideable.map((column) => ({
                  id: column.id,
                  label:
                    column.columnDef.meta?.label ??
                    (typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id),
                  visible: column.getIsVisible(),
                  setVisible: (visible) => column.toggleVisibility(visible),
                }))}
                trigger={<ColumnsButton />}
              />
            </Suspense>
          ) : null}
        </div>
      ) : null}

      {selection && selectedRows.length > 0 ? (
        <div className="bulk-bar" role="region" aria-label="Bulk actions">
          <span className="bulk-bar__text">
            {selectedRows.length} {selectedRows.length === 1 ? selection.noun[0] : selection.noun[1]} selected on this
            page: <span className="muted">{summarize(selectedRows.map(selection.describe))}</span>
          </span>
          <div className="spacer" />
          {selection.actions(selectedRows, () => setRowSelection({}))}
          <button type="button" className="button button--small button--ghost" onClick={() => setRowSelection({})}>
            Clear selection
          </button>
        </div>
      ) : null}

      {rows.length === 0 && empty ? (
        <div className="data-table__frame">{empty}</div>
      ) : (
        <div
          ref={scrollRef}
          className={`data-table__frame${virtual ? ' data-table__frame--virtual' : ''}`}
          style={isFetching ? { opacity: 0.6, transition: 'opacity 150ms' } : undefined}
          aria-busy={isFetching || undefined}
          tabIndex={virtual ? 0 : undefined}
          role={virtual ? 'region' : undefined}
          aria-label={virtual ? `${label} (scrollable)` : undefined}
        >
          <table className="table" aria-label={label} aria-rowcount={virtual ? rows.length + 1 : undefined}>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sortable = Boolean(sorting) && header.column.columnDef.enableSorting === true;
                    const sorted =
                      sorting?.value?.id === header.column.id
                        ? sorting.value.desc
                          ? 'descending'
                          : 'ascending'
                        : undefined;
                    return (
                      <th
                        key={header.id}
                        className={header.column.columnDef.meta?.className}
                        aria-sort={sortable ? (sorted ?? 'none') : undefined}
                        scope="col"
                      >
                        {header.isPlaceholder ? null : sortable ? (
                          <button type="button" className="th-sort" onClick={() => onSort(header.column.id)}>
                            {flexRender(header.column.columnDef.header, header.getContext())}
                            {sorted === 'descending' ? (
                              <IconArrowDown size={12} />
                            ) : sorted === 'ascending' ? (
                              <IconArrowUp size={12} />
                            ) : (
                              <IconSort size={12} />
                            )}
                          </button>
                        ) : (
                          flexRender(header.column.columnDef.header, header.getContext())
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {virtual ? (
                // While the virtualizer's chunk loads, a first screen of rows stands in: the DOM stays bounded.
                <Suspense fallback={rows.slice(0, FIRST_SCREEN_ROWS).map((row) => renderRow(row))}>
                  <VirtualRows
                    count={rows.length}
                    scrollRef={scrollRef}
                    columnCount={columnCount}
                    renderRow={(index, measure) => renderRow(rows[index], measure)}
                  />
                </Suspense>
              ) : (
                rows.map((row) => renderRow(row))
              )}
            </tbody>
          </table>
        </div>
      )}

      {pagination && (rows.length > 0 || pagination.search.cursor) ? (
        <Pager pagination={pagination} rowCount={rows.length} />
      ) : null}
    </div>
  );
}

function summarize(names: string[]): string {
  if (names.length <= 3) return names.join(', ');
  return `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

function Pager({ pagination, rowCount }: { pagination: TablePagination; rowCount: number }) {
  const { scope, noun, search, nextToken, onNavigate, pageSizes = PAGE_SIZES } = pagination;
  const pager = tokenPager(useOrganizationScope(), scope, search.cursor);
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const what = rowCount === 1 ? noun[0] : noun[1];
  return (
    <nav className="data-table__footer" aria-label="Pagination">
      <span className="num">
        {pager.page ? `Page ${pager.page}` : 'Page'} · {rowCount} {what}
        {nextToken ? ' · more on the next page' : pager.hasPrevious ? ' · last page' : ''}
      </span>
      <div className="spacer" />
      <label className="data-table__page-size">
        <span>Rows per page</span>
        <select
          className="select"
          value={pageSize}
          onChange={(e) =>
            onNavigate({
              pageSize: Number(e.target.value) === DEFAULT_PAGE_SIZE ? undefined : Number(e.target.value),
              cursor: undefined,
            })
          }
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <div className="data-table__pager">
        <button
          type="button"
          className="button button--small"
          disabled={!pager.hasPrevious}
          onClick={() => onNavigate(pager.previous())}
        >
          <IconChevronLeft size={14} /> {pager.page === null && pager.hasPrevious ? 'First page' : 'Previous'}
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={!nextToken}
          onClick={() => nextToken && onNavigate(pager.next(nextToken))}
        >
          Next <IconChevronRight size={14} />
        </button>
      </div>
    </nav>
  );
}
