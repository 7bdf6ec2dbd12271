import { createFileRoute } from '@tanstack/react-router';
import { InsightsOverviewScreen } from '@/features/insights/insights-overview-screen';
import { insightsSearchSchema } from '@/features/insights/insights-search';

// No loader: the screen fetches (with its loading state), so nothing of Insights but this line joins the first load.
export const Route = createFileRoute('/_authenticated/insights/')({
  validateSearch: insightsSearchSchema,
  component: InsightsOverviewScreen,
});
