/**
 * A chart with its numbers: a titled section whose "Table" toggle swaps the chart for a <table> of the same figures
 * (headers with units, each row linking to the runs it counts) and a copy button that copies it as tab-separated text.
 */
import { useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CopyButton } from '@/components/copy-button';
import { Section } from '@/components/page-header';
import { EmptyState } from '@/components/states';
import type { runsLinkFor } from './data/runs-link';

export interface TableCell {
  text: string;
  /** The runs this figure counts. */
  link?: ReturnType<typeof runsLinkFor>;
  /** Accessible name of the link when the text alone is a bare number. */
  linkLabel?: string;
}

export interface FigureTable {
  caption: string;
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly TableCell[] }[];
}

export function toTsv(table: FigureTable): string {
  return [table.columns, ...table.rows.map((r) => r.cells.map((c) => c.text))]
    .map((line) => line.join('\t'))
    .join('\n');
}

export function FigureTableView({ table }: { table: FigureTable }) {
  return (
    <div className="insights-table-wrap">
      <table className="table insights-table">
        <caption className="sr-only">{table.caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column, i) => (
              <th key={column} scope="col" className={i ? 'num' : undefined}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) => {
                const content = cell.link ? (
                  <Link to={cell.link.to} search={cell.link.search} aria-label={cell.linkLabel}>
                    {cell.text}
                  </Link>
                ) : (
                  cell.text
                );
                return i === 0 ? (
                  <th key={i} scope="row">
                    {content}
                  </th>
                ) : (
                  <td key={i} className="num">
                    {content}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ChartCard({
  id,
  title,
  description,
  table,
  empty,
  legend,
  children,
  extra,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  table: FigureTable;
  /** Set when there is nothing to draw: the title of the empty state. */
  empty?: string;
  legend?: ReactNode;
  /** Figures shown beside the chart or table (durations, the current threshold…). */
  extra?: ReactNode;
  children: ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
  const chartName = title.toLowerCase();
  return (
    <Section
      id={id}
      title={title}
      description={description}
      actions={
        empty ? undefined : (
          <>
            <button
              type="button"
              className="button button--ghost"
              aria-pressed={showTable}
              onClick={() => setShowTable((v) => !v)}
            >
              <Trans>Table</Trans>
            </button>
            <CopyButton value={toTsv(table)} label={t`Copy the figures of ${chartName}`} />
          </>
        )
      }
    >
      {extra}
      {empty ? (
        <EmptyState title={empty}>
          <Trans>Choose a longer window, or another agent.</Trans>
        </EmptyState>
      ) : showTable ? (
        <FigureTableView table={table} />
      ) : (
        <>
          {legend}
          {children}
        </>
      )}
    </Section>
  );
}

/** Colour swatches naming a chart's series. */
export function Legend({ items }: { items: readonly { label: string; color: string }[] }) {
  return (
    <ul className="insights-legend" aria-label={t`Legend`}>
      {items.map((item) => (
        <li key={item.label}>
          <span className="insights-legend__swatch" style={{ background: item.color }} aria-hidden="true" />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
