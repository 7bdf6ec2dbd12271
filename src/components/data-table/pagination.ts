/**
 * Server pagination over `nextToken`, with the page state in the URL. A plain list's route validates its search
 * with `paginationSearchSchema` (a list with filters spreads `paginationSearch` into its own); its loaderDeps pass
 * `pageSize` → maxResults and `cursor` → nextToken:
 *
 *   export const Route = createFileRoute('/_authenticated/settings/roles/')({
 *     validateSearch: paginationSearchSchema,
 *     loaderDeps: ({ search }) => listParams(search),                 // { maxResults, nextToken }
 *     loader: ({ context, deps }) => context.queryClient.ensureQueryData(rolesListQueryOptions(context.organization, deps)),
 *     component: …,
 *   });
 *
 * The tokens of earlier pages are kept in memory per organization and list (`scope`), so Previous works; after a
 * reload deep in the list the trail is gone and Previous becomes "First page".
 */
import { z } from 'zod/mini';

export const PAGE_SIZES = [25, 50, 100, 250, 1000] as const;
export const DEFAULT_PAGE_SIZE = 50;

/** `paginationSearch` for a list whose server caps the page size lower (pass the same sizes to the table). */
export function paginationSearchFor(sizes: readonly number[]) {
  return {
    pageSize: z.catch(
      z.optional(
        z.coerce.number().check(
          z.int(),
          z.refine((n: number) => sizes.includes(n)),
        ),
      ),
      undefined,
    ),
    cursor: z.catch(z.optional(z.string().check(z.minLength(1))), undefined),
  };
}

/** Spread into a route's zod search schema. Invalid values fall back instead of failing the route. */
export const paginationSearch = paginationSearchFor(PAGE_SIZES);

/** The search of a list with nothing but pages (roles, models, …): one schema their routes share. */
export const paginationSearchSchema = z.object({ ...paginationSearch });

export interface PaginationSearch {
  pageSize?: number;
  cursor?: string;
}

/** The list query's params from the URL: `{ maxResults, nextToken }`. */
export function listParams(search: PaginationSearch): { maxResults: number; nextToken: string | undefined } {
  return { maxResults: search.pageSize ?? DEFAULT_PAGE_SIZE, nextToken: search.cursor };
}

// organization + scope → tokens of pages 1..n ('' = the first page, which has no token).
const trails = new Map<string, string[]>();
const trailKey = (organization: string, scope: string) => JSON.stringify([organization, scope]);

export interface TokenPager {
  /** 1-based page number, or null when unknown (reloaded deep in the list). */
  page: number | null;
  hasPrevious: boolean;
  /** The search patch for the previous page (first page when the trail is unknown). */
  previous: () => PaginationSearch;
  /** The search patch for the next page; call only when nextToken is not null. */
  next: (nextToken: string) => PaginationSearch;
  first: () => PaginationSearch;
}

export function tokenPager(organization: string, scope: string, cursor: string | undefined): TokenPager {
  const current = cursor ?? '';
  const key = trailKey(organization, scope);
  const trail = trails.get(key) ?? [''];
  const index = trail.indexOf(current);
  return {
    page: index === -1 ? null : index + 1,
    hasPrevious: current !== '',
    previous: () => {
      if (index <= 0) return { cursor: undefined };
      const token = trail[index - 1];
      return { cursor: token === '' ? undefined : token };
    },
    next: (nextToken) => {
      const base = index === -1 ? ['', current] : trail.slice(0, index + 1);
      trails.set(key, [...base, nextToken]);
      return { cursor: nextToken };
    },
    first: () => ({ cursor: undefined }),
  };
}
