import type { ReactNode } from 'react';

/**
 * A table that may be wider than a narrow window scrolls sideways in this frame rather than pushing the page
 * (WCAG 1.4.10). The frame takes focus, so the keyboard can scroll it even when the table holds nothing focusable
 * (2.1.1), and is named for its table.
 */
export function TableScroll({ label, framed, children }: { label: string; framed?: boolean; children: ReactNode }) {
  return (
    <div
      className={framed ? 'table-scroll data-table__frame' : 'table-scroll'}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      {children}
    </div>
  );
}
