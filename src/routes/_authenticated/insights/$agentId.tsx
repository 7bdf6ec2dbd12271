import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { AgentInsightsScreen } from '@/features/insights/agent-insights-screen';
import { insightsSearchSchema } from '@/features/insights/insights-search';

// No loader: the screen fetches (with its loading state), so nothing of Insights but this line joins the first load.
export const Route = createFileRoute('/_authenticated/insights/$agentId')({
  staticData: {
    get crumb() {
      return t`Agent insights`;
    },
  },
  validateSearch: insightsSearchSchema,
  component: AgentInsightsScreen,
});
