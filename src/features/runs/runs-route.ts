import { getRouteApi } from '@tanstack/react-router';
import type { RunsSearch } from './runs-search';

/** The runs page's route: its search is the page's state (agent, tab, filters, sort, refresh, page). */
export const runsRoute = getRouteApi('/_authenticated/runs/');

/**
 * Changes the runs page's search. The update gets the latest search (not this render's: a second change before the
 * first has loaded must keep it).
 */
export function useRunsSearchChange() {
  const navigate = runsRoute.useNavigate();
  return (update: (current: RunsSearch) => RunsSearch) => void navigate({ search: update });
}
