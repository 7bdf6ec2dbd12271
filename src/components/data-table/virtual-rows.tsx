import type { ReactNode, RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

/**
 * The rows of a long table page, virtualized: only the rows in view (plus overscan) are in the DOM, between two
 * spacer rows that keep the scroll height. Rows are measured as they render, so wrapped cells do not jump.
 */
export function VirtualRows({
  count,
  scrollRef,
  columnCount,
  renderRow,
}: {
  count: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  columnCount: number;
  renderRow: (index: number, measure: (element: Element | null) => void) => ReactNode;
}) {
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 36,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items.length ? items[0].start : 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  return (
    <>
      {padTop > 0 ? (
        <tr aria-hidden="true">
          <td colSpan={columnCount} style={{ height: padTop, padding: 0, border: 0 }} />
        </tr>
      ) : null}
      {items.map((item) => renderRow(item.index, virtualizer.measureElement))}
      {padBottom > 0 ? (
        <tr aria-hidden="true">
          <td colSpan={columnCount} style={{ height: padBottom, padding: 0, border: 0 }} />
        </tr>
      ) : null}
    </>
  );
}
