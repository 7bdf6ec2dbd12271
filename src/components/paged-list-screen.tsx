/**
 * The list screens' one configuration: a screen names its route, its list query and how to read the rows, and this
 * kit reads the page from the URL, runs the query the route's loader ran, and wires the table's nextToken pager back
 * to the URL. Before it, each screen restated the same dozen lines of search, query and pagination props.
 *
 *   const routeApi = getRouteApi('/_authenticated/models/');
 *   <PagedListScreen route={routeApi} query={modelsListQueryOptions} rows={(data) => data.models}
 *     title={t`Models`} noun={{ count: (n) => plural(n, { one: '# model', other: '# models' }), plural: t`models` }}
 *     listKey="models" columns={columns} getRowId={(m) => m.modelId}
 *     description="…" create={…} emptyText="…" />
 *
 * A screen whose table needs more than rows from the answer (users: profiles, a search box) takes `usePagedList`
 * and ListScreen on their own.
 */
import type { ComponentProps } from 'react';
import { useSuspenseQuery, type QueryKey, type UseSuspenseQueryOptions } from '@tanstack/react-query';
import { useOrganizationScope } from '@/api/organization-scope';
import { listParams, type ListNoun, type PaginationSearch, type TablePagination } from './data-table';
import { ListScreen } from './list-screen';

/** What the kit needs of a list route (a `getRouteApi(…)`): its search, and navigation that patches it. */
export interface PagedListRoute<S extends PaginationSearch> {
  useSearch: () => S;
  useNavigate: () => (options: { search: (prev: NoInfer<S>) => NoInfer<S> }) => Promise<void>;
}

/** One page of a list as every list answer has it: the rows under a name of their own, then `nextToken`. */
type ListPage = { nextToken?: string | null };

/** A list query's options from the organization and the list's params (`xListQueryOptions`). */
type ListQuery<P, D extends ListPage, K extends QueryKey> = (
  org: string,
  params: P,
) => UseSuspenseQueryOptions<D, Error, D, K>;

export interface PagedList<S extends PaginationSearch, D extends ListPage> {
  search: S;
  data: D;
  isFetching: boolean;
  /** Patches the URL's search (a page, a page size, a filter). */
  onSearch: (patch: Partial<S> | PaginationSearch) => void;
  /** The table's pagination over this list, named by `scope` (include any filter) and counted in `noun`. */
  pagination: (scope: string, noun: ListNoun) => TablePagination;
}

/**
 * The current page of a route's list: the search from the URL, the query of `params(search)` (what the route's
 * loaderDeps pass: `listParams` for a plain list), and how to move to another page.
 */
export function usePagedList<S extends PaginationSearch, D extends ListPage, P, K extends QueryKey>(
  route: PagedListRoute<S>,
  query: ListQuery<P, D, K>,
  params: (search: S) => P,
): PagedList<S, D> {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const org = useOrganizationScope();
  const { data, isFetching } = useSuspenseQuery(query(org, params(search)));
  const onSearch = (patch: Partial<S> | PaginationSearch) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }) });
  return {
    search,
    data,
    isFetching,
    onSearch,
    pagination: (scope, noun) => ({ scope, noun, search, nextToken: data.nextToken, onNavigate: onSearch }),
  };
}

type ListScreenProps<T> = ComponentProps<typeof ListScreen<T>>;

/** A list screen over one plain paged list: the header, the table and its empty state, configured once. */
export function PagedListScreen<T, S extends PaginationSearch, D extends ListPage, K extends QueryKey>({
  route,
  query,
  rows,
  title,
  noun,
  listKey,
  ...screen
}: Omit<ListScreenProps<T>, 'data' | 'label' | 'noun' | 'columnsKey' | 'isFetching' | 'pagination'> & {
  route: PagedListRoute<S>;
  query: ListQuery<ReturnType<typeof listParams>, D, K>;
  /** The rows of a page (`data.models`). */
  rows: (data: D) => readonly T[];
  /** The page title, also the table's accessible name. */
  title: string;
  /** What the list holds: the pager's count ("12 models") and the empty state ("No models yet"). */
  noun: ListNoun;
  /** Names the list for its page trail and its persisted columns ("models"). */
  listKey: string;
}) {
  const list = usePagedList(route, query, listParams);
  return (
    <ListScreen
      {...screen}
      title={title}
      label={title}
      noun={noun}
      data={rows(list.data)}
      columnsKey={listKey}
      isFetching={list.isFetching}
      pagination={list.pagination(listKey, noun)}
    />
  );
}
