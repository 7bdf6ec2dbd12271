/**
 * What every figure of one agent's Insights is drawn from — the agent, the window's answer and where it came from —
 * and the link from a figure to the window's runs behind it, which the fields, calibration and threshold figures share.
 */
import type { AgentInsights, RunInsightFilters } from '@/contract';
import type { FiguresSource } from '@/api/insights';
import { figureRunsLink, type RunsLink } from './data/runs-link';

export interface AgentFigureProps {
  agentId: string;
  insights: AgentInsights;
  /** Where the figures came from: the links filter by outcome or prediction only on a service that has the extension. */
  source: FiguresSource;
}

/** A figure that also marks the agent's confidence threshold (null: its validations set none). */
export interface ThresholdFigureProps extends AgentFigureProps {
  threshold: number | null;
}

/** The window's runs matching a figure's insight filters; none when the source cannot filter by them. */
export function windowFigureLink(
  { agentId, insights, source }: AgentFigureProps,
  filter: RunInsightFilters,
): RunsLink | undefined {
  return figureRunsLink({ agentId, from: insights.from, to: insights.to, filter, source });
}
