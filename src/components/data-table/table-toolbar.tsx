import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import type { Column } from '@tanstack/react-table';
import { IconColumns } from '@/components/icons';

// The column picker pulls in Radix's menu and floating-ui; loaded after the first rows paint, not with the first screen.
const ColumnsMenu = lazy(() => import('./columns-menu').then((m) => ({ default: m.ColumnsMenu })));

function ColumnsButton({ disabled, ...props }: ComponentProps<'button'>) {
  return (
    <button type="button" className="button button--small" disabled={disabled} {...props}>
      <IconColumns size={14} /> Columns
    </button>
  );
}

/** Above the table: the feature's filters, and the Columns menu when more than one column can be hidden. */
export function TableToolbar<T>({ toolbar, hideable }: { toolbar: ReactNode; hideable: Column<T, unknown>[] }) {
  if (!toolbar && hideable.length <= 1) return null;
  return (
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
  );
}
