import type { ReactNode } from 'react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { useCapabilities } from '@/api/capabilities';
import { t } from '@lingui/core/macro';
import { DataTable, type DataTableProps, type ListNoun } from './data-table';
import { IconPlus } from './icons';
import { PageHeader } from './page-header';
import { EmptyState } from './states';

/**
 * A list screen's create action: a link to its create screen (`to`), or a button that opens its create dialog
 * (`onClick`, the dialog being the screen's child). Shown in the header and on an empty first page, and only to an
 * operator who may write.
 */
export type CreateAction = {
  /** "Create model". */
  label: string;
  /** The empty first page's wording, when it differs ("Create a model"). */
  emptyLabel?: string;
} & ({ to: LinkProps['to']; onClick?: never } | { onClick: () => void; to?: never });

function CreateControl({ action, place }: { action: CreateAction; place: 'header' | 'empty' }) {
  const label = place === 'empty' ? (action.emptyLabel ?? action.label) : action.label;
  if (action.to !== undefined) {
    return (
      <Link to={action.to} className="button button--primary">
        {label}
      </Link>
    );
  }
  return place === 'header' ? (
    <button type="button" className="button button--primary" onClick={action.onClick}>
      <IconPlus /> {label}
    </button>
  ) : (
    <button type="button" className="button" onClick={action.onClick}>
      {label}
    </button>
  );
}

/**
 * A resource list page: the header with its create action, the paginated table, and an empty state that tells the
 * first page ("No users yet", with the create action) from one past the last ("No more users").
 *
 *   const users: ListNoun = { count: (n) => plural(n, { one: '# user', other: '# users' }), plural: t`users` };
 *   <ListScreen title={t`Users`} description="…" noun={users} create={{ label: t`Create user`, onClick: … }}
 *     emptyText="…" label={t`Users`} data={data.users} columns={columns} getRowId={(u) => u.userId}
 *     pagination={list.pagination('users', users)}>
 *     {dialogs}
 *   </ListScreen>
 */
export function ListScreen<T>({
  title,
  description,
  noun,
  create,
  emptyTitle,
  emptyText,
  children,
  ...table
}: Omit<DataTableProps<T>, 'empty'> & {
  title: string;
  description: ReactNode;
  /** What the list holds: its plural names the empty state ("No users yet" / "No more users"). */
  noun: ListNoun;
  create?: CreateAction;
  emptyText: ReactNode;
  /** The empty state's title when the list is filtered ("No user's name or email contains …"); no create control. */
  emptyTitle?: string;
  /** Rendered after the table: the screen's dialogs. */
  children?: ReactNode;
}) {
  const pastFirstPage = Boolean(table.pagination?.search.cursor);
  const nouns = noun.plural;
  const offered = useCapabilities().write ? create : undefined;
  return (
    <div className="page">
      <PageHeader
        title={title}
        description={description}
        actions={offered ? <CreateControl action={offered} place="header" /> : undefined}
      />
      <DataTable
        {...table}
        empty={
          <EmptyState
            title={emptyTitle ?? (pastFirstPage ? t`No more ${nouns}` : t`No ${nouns} yet`)}
            action={
              pastFirstPage || emptyTitle || !offered ? undefined : <CreateControl action={offered} place="empty" />
            }
          >
            {emptyText}
          </EmptyState>
        }
      />
      {children}
    </div>
  );
}
