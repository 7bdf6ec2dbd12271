import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './data-table';
import { PageHeader } from './page-header';
import { EmptyState } from './states';

/**
 * A resource list page: the header with its create control, the paginated table, and an empty state that tells the
 * first page ("No users yet", with the create control) from one past the last ("No more users").
 *
 *   <ListScreen title="Users" description="…" plural="users" create={…} emptyAction={…} emptyText="…"
 *     label="Users" data={data.users} columns={columns} getRowId={(u) => u.userId} pagination={…}>
 *     {dialogs}
 *   </ListScreen>
 *
 * `create` and `emptyAction` are left out for a viewer (no write control anywhere).
 */
export function ListScreen<T>({
  title,
  description,
  plural,
  create,
  emptyAction,
  emptyTitle,
  emptyText,
  children,
  ...table
}: Omit<DataTableProps<T>, 'empty'> & {
  title: string;
  description: ReactNode;
  /** The resource's plural for the empty state: "users" → "No users yet" / "No more users". */
  plural: string;
  /** The header's create control. */
  create?: ReactNode;
  /** The create control offered on an empty first page. */
  emptyAction?: ReactNode;
  emptyText: ReactNode;
  /** The empty state's title when the list is filtered ("No user's name or email contains …"); no create control. */
  emptyTitle?: string;
  /** Rendered after the table: the screen's dialogs. */
  children?: ReactNode;
}) {
  const pastFirstPage = Boolean(table.pagination?.search.cursor);
  return (
    <div className="page">
      <PageHeader title={title} description={description} actions={create} />
      <DataTable
        {...table}
        empty={
          <EmptyState
            title={emptyTitle ?? (pastFirstPage ? `No more ${plural}` : `No ${plural} yet`)}
            action={pastFirstPage || emptyTitle ? undefined : emptyAction}
          >
            {emptyText}
          </EmptyState>
        }
      />
      {children}
    </div>
  );
}
