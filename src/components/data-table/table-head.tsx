import { flexRender, type Table } from '@tanstack/react-table';
import { IconArrowDown, IconArrowUp, IconSort } from '@/components/icons';
import type { TableSorting } from './data-table';

/**
 * The header row(s). With server sorting, a column marked `enableSorting` gets a button that cycles descending →
 * ascending → unsorted, and `aria-sort` says the current order.
 */
export function TableHead<T>({ table, sorting }: { table: Table<T>; sorting: TableSorting | undefined }) {
  const onSort = (id: string) => {
    if (!sorting) return;
    const current = sorting.value;
    sorting.onChange(current?.id !== id ? { id, desc: true } : current.desc ? { id, desc: false } : undefined);
  };
  return (
    <thead>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => {
            const sortable = Boolean(sorting) && header.column.columnDef.enableSorting === true;
            const sorted =
              sorting?.value?.id === header.column.id ? (sorting.value.desc ? 'descending' : 'ascending') : undefined;
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
  );
}
