/**
 * The paged-list kit as a list screen uses it: the page's rows from the list query of the URL's page, the header and
 * table named once by the title, the empty state named by the noun, and Next patching the URL's search with the
 * answer's nextToken.
 */
import { Suspense } from 'react';
import { queryOptions } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { plural } from '@lingui/core/macro';
import { PagedListScreen, type PagedListRoute } from './paged-list-screen';
import type { PaginationSearch } from './data-table';
import { renderInConsole } from './testing/render-in-console';

type Thing = { thingId: string; name: string };
type ThingsPage = { things: Thing[]; nextToken: string | null };

function setUp(page: ThingsPage, search: PaginationSearch = {}) {
  const navigated: PaginationSearch[] = [];
  const route: PagedListRoute<PaginationSearch> = {
    useSearch: () => search,
    useNavigate: () => async (options) => void navigated.push(options.search(search)),
  };
  const queryFn = vi.fn(async () => page);
  const query = (org: string, params: { maxResults: number; nextToken: string | undefined }) =>
    queryOptions({ queryKey: ['things', org, params], queryFn });
  renderInConsole(
    <Suspense fallback={null}>
      <PagedListScreen
        route={route}
        query={query}
        rows={(data) => data.things}
        title="Things"
        noun={{ count: (n) => plural(n, { one: '# thing', other: '# things' }), plural: 'things' }}
        listKey="things"
        description="What there is."
        emptyText="Things appear here."
        columns={[{ id: 'name', header: 'Name', cell: ({ row }) => row.original.name }]}
        getRowId={(t) => t.thingId}
      />
    </Suspense>,
  );
  return { navigated, queryFn };
}

describe('PagedListScreen', () => {
  it("lists the URL's page and moves to the next one with the answer's nextToken", async () => {
    const { navigated, queryFn } = setUp({ things: [{ thingId: 't1', name: 'First thing' }], nextToken: 'p2' });
    expect(await screen.findByRole('heading', { name: 'Things' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Things' })).toBeTruthy();
    expect(screen.getByText('First thing')).toBeTruthy();
    expect(queryFn).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(navigated).toEqual([{ cursor: 'p2' }]));
  });

  it('says an empty first page has no things yet', async () => {
    setUp({ things: [], nextToken: null });
    expect(await screen.findByText('No things yet')).toBeTruthy();
    expect(screen.getByText('Things appear here.')).toBeTruthy();
  });

  it('tells a page past the last from an empty list', async () => {
    setUp({ things: [], nextToken: null }, { cursor: 'p9' });
    expect(await screen.findByText('No more things')).toBeTruthy();
  });
});
