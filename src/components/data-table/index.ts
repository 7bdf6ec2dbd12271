// The data table kit: see data-table.tsx (component + usage), pagination.ts (URL search + nextToken trail).
export {
  DataTable,
  type ColumnDef,
  type DataTableProps,
  type ListNoun,
  type SortState,
  type TablePagination,
  type TableSelection,
} from './data-table';
export {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  listParams,
  paginationSearch,
  paginationSearchFor,
  paginationSearchSchema,
  tokenPager,
  type PaginationSearch,
} from './pagination';
export { SearchInput } from './search-input';
