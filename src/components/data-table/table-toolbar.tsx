import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { IconColumns } from '@/components/icons';
import type { TableColumn } from './use-data-table';

// The column picker pulls in Radix's menu and floating-ui; loaded after the first rows paint, not with the first screen.
const ColumnsMenu = lazy(() => import('./columns-menu').then((m) => ({ default: m.ColumnsMenu })));

function ColumnsButton({ disabled, ...props }: ComponentProps<'button'>) {
  return (
    <button type="button" className="button button--small" disabled={disabled} {...props}>
      <IconColumns size={14} /> <Trans>Columns</Trans>
    </button>
  );
}

interface TableToolbarProps<T> {
  toolbar: ReactNode;
  end: ReactNode;
  hideable: TableColumn<T>[];
}

/**
 * Above the table: the feature's filters (they wrap inside their own box), then at the right of their first line the
 * feature's actions on the list and the Columns menu when more than one column can be hidden.
 */
export function TableToolbar<T>({ toolbar, end, hideable }: TableToolbarProps<T>) {
  if (!toolbar && !end && hideable.length <= 1) return null;
  return (
    <div className="data-table__toolbar">
      {toolbar}
      <div className="spacer" />
      {end ? <div className="data-table__toolbar-end">{end}</div> : null}
      {hideable.length > 1 ? (
        <Suspense fallback={<ColumnsButton disabled />}>
          <ColumnsMenu
            columns={hideable.map((column) => ({
              id: column.id,
              label:
                column.columnDef.meta?.label ??
                (typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id),
              visible: column.visible,
              setVisible: column.setVisible,
            }))}
            trigger={<ColumnsButton />}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
