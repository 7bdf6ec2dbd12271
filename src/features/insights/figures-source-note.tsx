/**
 * Said above the charts when the figures were computed in the browser (the service has no insights extension): how
 * many runs they are of, and what is left out — as the run counts say when they are estimates.
 */
import type { InsightsResult } from '@/api/insights';
import { formatExact, useTimeZone } from '@/components/date-time';
import { IconInsights } from '@/components/icons';
import { formatCount } from './charts/axes';

const LEFT_OUT: Record<string, string> = {
  fields: 'field corrections',
  confidence: 'calibration and the threshold explorer',
  queue: 'the review queue',
  durations: 'review times',
};

export function FiguresSourceNote({
  result,
  nameOf = (agentId) => agentId,
}: {
  result: InsightsResult<unknown>;
  nameOf?: (agentId: string) => string;
}) {
  const [zone] = useTimeZone();
  if (result.source === 'service') return null;
  const runs = formatCount(result.basedOnRuns ?? 0);
  const leftOut = result.unknown.flatMap((key) => (LEFT_OUT[key] ? [LEFT_OUT[key]] : []));
  const cutAgents = result.unknown.flatMap((key) => (key.startsWith('agent:') ? [nameOf(key.slice(6))] : []));
  return (
    <div className="banner banner--info" role="note">
      <IconInsights />
      <div className="banner__text">
        <div className="banner__title">
          Counted here from the newest {runs} {result.basedOnRuns === 1 ? 'run' : 'runs'} of the window
        </div>
        <div>
          This service has no insights extension, so the console counted the runs it could list (at most{' '}
          {formatCount(result.newestRunsLimit ?? 0)} per agent).
          {result.knownFrom &&
            ` The window held more runs: those created before ${formatExact(result.knownFrom, zone)} are not counted.`}
          {cutAgents.length > 0 && ` Not every run of ${cutAgents.join(', ')} was read.`}
        </div>
        {leftOut.length > 0 && (
          <div className="muted">Not shown, as the runs list does not tell them: {leftOut.join('; ')}.</div>
        )}
      </div>
    </div>
  );
}
