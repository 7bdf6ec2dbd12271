/**
 * Data table kit (its own small table model, ./use-data-table.tsx): server pagination over nextToken with the page state in the URL (see
 * ./pagination.ts for the route side), page-size select, Previous/Next, persisted column visibility, virtualized rows
 * above 100 rows, stable row ids, row selection with a bulk-action bar that names what it acts on, sortable headers
 * when the server sorts.
 *
 *   import { DataTable, type ColumnDef, type ListNoun } from '@/components/data-table';
 *   const columns: ColumnDef<User>[] = [               // built in the component: headers go through t``
 *     { id: 'name', header: t`Name`, cell: ({ row }) => <Link to="/settings/users/$userId" params={{ userId: row.original.userId }}>{row.original.name}</Link> },
 *     { id: 'email', header: t`Email`, accessorFn: (u) => u.email },
 *     { id: 'created', header: t`Created`, cell: ({ row }) => <DateTime value={row.original.createdTime} /> },
 *   ];
 *   const users: ListNoun = { count: (n) => plural(n, { one: '# user', other: '# users' }), plural: t`users` };
 *   const search = Route.useSearch();
 *   const navigate = Route.useNavigate();
 *   const { data, isFetching } = useSuspenseQuery(usersListQueryOptions(listParams(search)));
 *   <DataTable
 *     label={t`Users`}                                // accessible name of the table
 *     data={data.users}
 *     columns={columns}
 *     getRowId={(u) => u.userId}                      // stable ids: selection survives refetches
 *     columnsKey="users"                              // persists column visibility (localStorage)
 *     pagination={{ scope: 'users', noun: users, search, nextToken: data.nextToken,
 *                   onNavigate: (patch) => navigate({ search: (s) => ({ ...s, ...patch }) }) }}
 *     isFetching={isFetching}
 *     selection={{ noun: users, describe: (u) => u.name ?? u.email,
 *                  actions: (rows, clear) => <button className="button button--danger" onClick={…}>{…}</button> }}
 *     toolbar={<SearchInput … />}                     // filters bound to the URL
 *     empty={<EmptyState title={t`No users yet`} action={…}>…</EmptyState>}
 *   />
 * Column meta: `meta: { className: 'num' | 'wrap' | 'col-actions', hideable: false }`. Server-side sort:
 * `sorting={{ value: search.sort, onChange: (sort) => navigate(…) }}` and `enableSorting: true` on those columns.
 */
import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { t } from '@lingui/core/macro';
import { BulkBar } from './bulk-bar';
import { Pager } from './pager';
import type { PaginationSearch } from './pagination';
import { TableHead } from './table-head';
import { TableToolbar } from './table-toolbar';
import { renderCell, useDataTable, type ColumnDef, type TableRow } from './use-data-table';

// Virtualization (TanStack Virtual) is only needed for pages above 100 rows; it loads when such a page first shows.
/** Rows shown before the virtualizer has loaded: about one tall screen, fewer than it keeps with overscan. */
const FIRST_SCREEN_ROWS = 30;
const VirtualRows = lazy(() => import('./virtual-rows').then((m) => ({ default: m.VirtualRows })));

export type { ColumnDef };

/**
 * What a list holds, in words a translator can shape: the count with its noun through an ICU plural (Norwegian, like
 * English, inflects the noun by the count, other languages differently), and the plural alone for the few sentences
 * that name the kind ("No runs yet", "Select all runs on this page"). Build it where it is rendered (`t` and `plural`
 * must run in the operator's language, never at module level):
 *
 *   const noun: ListNoun = { count: (n) => plural(n, { one: '# run', other: '# runs' }), plural: t`runs` };
 */
export interface ListNoun {
  /** The count and the noun: `plural(n, { one: '# run', other: '# runs' })` → "1 run", "12 runs". */
  count: (n: number) => string;
  /** The plural alone, lower case, as it reads inside a sentence: t`runs`. */
  plural: string;
}

export interface TablePagination {
  /** Names the list for the token trail (include filters: `users`, `runs:${agentId}:${status}`). */
  scope: string;
  /** What the list holds, for its count ("12 runs"). */
  noun: ListNoun;
  search: PaginationSearch;
  /** The current page's nextToken from the response (null on the last page). */
  nextToken: string | null | undefined;
  /** Apply a search patch (`{ cursor }` or `{ pageSize, cursor: undefined }`) to the URL. */
  onNavigate: (patch: PaginationSearch) => void;
  /** Choices of the page-size select (default PAGE_SIZES; match the route's paginationSearchFor). */
  pageSizes?: readonly number[];
}

export interface TableSelection<T> {
  /** What the rows are, for the bar ("2 users selected on this page") and the select-all box ("Select all users…"). */
  noun: ListNoun;
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

/** Server-side sort: the current one (from the URL) and how to change it. */
export interface TableSorting {
  value: SortState | undefined;
  onChange: (value: SortState | undefined) => void;
}

export interface DataTableProps<T> {
  label: string;
  data: readonly T[];
  columns: ColumnDef<T>[];
  getRowId: (row: T) => string;
  /** Persist column visibility under this key. */
  columnsKey?: string;
  pagination?: TablePagination;
  selection?: TableSelection<T>;
  sorting?: TableSorting;
  toolbar?: ReactNode;
  /** Actions on what the table lists (not on a selection), at the right of the toolbar beside "Columns". */
  toolbarEnd?: ReactNode;
  empty?: ReactNode;
  isFetching?: boolean;
  /** Virtualize the body above this many rows (default 100). */
  virtualizeAbove?: number;
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { label, pagination, selection, sorting, toolbar, toolbarEnd, empty } = props;
  const { isFetching = false, virtualizeAbove = 100 } = props;
  const { page, rows, selectedRows, columns, visibleColumns, clearSelection } = useDataTable(props);
  const hideable = columns.filter((column) => column.columnDef.meta?.hideable !== false);
  const virtual = rows.length > virtualizeAbove;

  const scrollRef = useRef<HTMLDivElement>(null);
  const columnCount = visibleColumns.length;

  const renderRow = (row: TableRow<T>, measure?: (element: Element | null) => void) => (
    <tr
      key={row.id}
      data-selected={row.selected || undefined}
      data-row-id={row.id}
      aria-rowindex={measure ? row.index + 2 : undefined}
      ref={measure}
      data-index={measure ? row.index : undefined}
    >
      {visibleColumns.map((column) => (
        <td key={column.id} className={column.columnDef.meta?.className}>
          {renderCell(column.columnDef, row)}
        </td>
      ))}
    </tr>
  );

  return (
    <div className="data-table">
      <TableToolbar toolbar={toolbar} end={toolbarEnd} hideable={hideable} />
      {selection && selectedRows.length > 0 ? (
        <BulkBar selection={selection} rows={selectedRows} onClear={clearSelection} />
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
          aria-label={virtual ? t`${label} (scrollable)` : undefined}
        >
          <table className="table" aria-label={label} aria-rowcount={virtual ? rows.length + 1 : undefined}>
            <TableHead columns={visibleColumns} page={page} sorting={sorting} />
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
