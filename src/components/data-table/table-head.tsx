import { IconArrowDown, IconArrowUp, IconSort } from '@/components/icons';
import type { TableSorting } from './data-table';
import { renderHeader, type PageSelection, type TableColumn } from './use-data-table';

/**
 * The header row(s). With server sorting, a column marked `enableSorting` gets a button that cycles descending →
 * ascending → unsorted, and `aria-sort` says the current order.
 */
export function TableHead<T>({
  columns,
  page,
  sorting,
}: {
  columns: TableColumn<T>[];
  page: PageSelection;
  sorting: TableSorting | undefined;
}) {
  const onSort = (id: string) => {
    if (!sorting) return;
    const current = sorting.value;
    sorting.onChange(current?.id !== id ? { id, desc: true } : current.desc ? { id, desc: false } : undefined);
  };
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const sortable = Boolean(sorting) && column.columnDef.enableSorting === true;
          const sorted =
            sorting?.value?.id === column.id ? (sorting.value.desc ? 'descending' : 'ascending') : undefined;
          return (
            <th
              key={column.id}
              className={column.columnDef.meta?.className}
              aria-sort={sortable ? (sorted ?? 'none') : undefined}
              scope="col"
            >
              {sortable ? (
                <button type="button" className="th-sort" onClick={() => onSort(column.id)}>
                  {renderHeader(column.columnDef, { page })}
                  {sorted === 'descending' ? (
                    <IconArrowDown size={12} />
                  ) : sorted === 'ascending' ? (
                    <IconArrowUp size={12} />
                  ) : (
                    <IconSort size={12} />
                  )}
                </button>
              ) : (
                renderHeader(column.columnDef, { page })
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
