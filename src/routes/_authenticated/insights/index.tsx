import { createFileRoute } from '@tanstack/react-router';
import { agentsQueryOptions } from '@/api/agents';
import { insightsOverviewQueryOptions } from '@/api/insights';
import { InsightsOverviewScreen } from '@/features/insights/insights-overview-screen';
import { insightsSearchSchema, resolveWindow } from '@/features/insights/insights-window';

export const Route = createFileRoute('/_authenticated/insights/')({
  validateSearch: insightsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(agentsQueryOptions(context.organization)),
      context.queryClient.ensureQueryData(insightsOverviewQueryOptions(context.organization, resolveWindow(deps))),
    ]),
  component: InsightsOverviewScreen,
});
