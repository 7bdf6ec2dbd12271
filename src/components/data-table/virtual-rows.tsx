import { useState, type ReactNode, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

/** A one-line row: the estimate when no row is on screen to measure. */
const DEFAULT_ROW_HEIGHT = 36;

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
  // Rows not yet rendered are estimated as tall as the first stand-in row (still in the DOM while this first renders):
  // a table whose rows hold two lines would otherwise be estimated short, and the scroll position jump once measured.
  const [estimate] = useState(
    // Whole pixels, as the virtualizer measures rows.
    () =>
      Math.round(scrollRef.current?.querySelector('tbody tr')?.getBoundingClientRect().height ?? 0) ||
      DEFAULT_ROW_HEIGHT,
  );
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate,
    overscan: 12,
    // The frame already exists (a first screen of rows stood in while this chunk loaded) and the operator may have
    // scrolled it: start from its real size and offset, so the first render keeps the scroll height and position.
    initialRect: { width: scrollRef.current?.clientWidth ?? 0, height: scrollRef.current?.clientHeight ?? 0 },
    initialOffset: () => scrollRef.current?.scrollTop ?? 0,
  });
  const items = virtualizer.getVirtualItems();
  // With no rows in view yet, one spacer of the full height still keeps the frame's scroll position.
  const padTop = items.length ? items[0].start : virtualizer.getTotalSize();
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
