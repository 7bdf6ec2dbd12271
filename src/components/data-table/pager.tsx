import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { formatNumber } from '@/i18n/format';
import { useOrganizationScope } from '@/api/organization-scope';
import { IconChevronLeft, IconChevronRight } from '@/components/icons';
import type { TablePagination } from './data-table';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, tokenPager } from './pagination';

/** Below the table: page number and row count, rows per page, Previous (or First page) and Next. */
export function Pager({ pagination, rowCount }: { pagination: TablePagination; rowCount: number }) {
  const { scope, noun, search, nextToken, onNavigate, pageSizes = PAGE_SIZES } = pagination;
  const pager = tokenPager(useOrganizationScope(), scope, search.cursor);
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const pageNumber = pager.page ? formatNumber(pager.page) : null;
  const status = [
    pageNumber ? t`Page ${pageNumber}` : t`Page`,
    noun.count(rowCount),
    nextToken ? t`more on the next page` : pager.hasPrevious ? t`last page` : null,
  ];
  return (
    <nav className="data-table__footer" aria-label={t`Pagination`}>
      <span className="num">{status.filter(Boolean).join(' · ')}</span>
      <div className="spacer" />
      <label className="data-table__page-size">
        <span>
          <Trans>Rows per page</Trans>
        </span>
        <select
          className="select"
          value={pageSize}
          onChange={(e) =>
            onNavigate({
              pageSize: Number(e.target.value) === DEFAULT_PAGE_SIZE ? undefined : Number(e.target.value),
              cursor: undefined,
            })
          }
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {formatNumber(size)}
            </option>
          ))}
        </select>
      </label>
      <div className="data-table__pager">
        <button
          type="button"
          className="button button--small"
          disabled={!pager.hasPrevious}
          onClick={() => onNavigate(pager.previous())}
        >
          <IconChevronLeft size={14} /> {pager.page === null && pager.hasPrevious ? t`First page` : t`Previous`}
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={!nextToken}
          onClick={() => nextToken && onNavigate(pager.next(nextToken))}
        >
          <Trans>Next</Trans> <IconChevronRight size={14} />
        </button>
      </div>
    </nav>
  );
}
