/**
 * Said above the charts when the figures were computed in the browser (the service has no insights extension): how
 * many runs they are of, and what is left out — as the run counts say when they are estimates.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { InsightsResult } from '@/api/insights';
import { useTimeZone } from '@/components/date-time';
import { i18n } from '@/i18n/i18n';
import { formatDateTime, formatList } from '@/i18n/format';
import { IconInsights } from '@/components/icons';
import { formatCount } from './charts/axes';

const LEFT_OUT: Record<string, MessageDescriptor> = {
  fields: msg`field corrections`,
  confidence: msg`calibration and the threshold explorer`,
  queue: msg`the review queue`,
  durations: msg`review times`,
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
  const basedOn = result.basedOnRuns ?? 0;
  const limit = formatCount(result.newestRunsLimit ?? 0);
  const leftOut = result.unknown.flatMap((key) => (LEFT_OUT[key] ? [i18n._(LEFT_OUT[key])] : [])).join('; ');
  const cutAgents = formatList(
    result.unknown.flatMap((key) => (key.startsWith('agent:') ? [nameOf(key.slice(6))] : [])),
  );
  const knownFrom = result.knownFrom ? formatDateTime(result.knownFrom, zone) : undefined;
  return (
    <div className="banner banner--info" role="note">
      <IconInsights />
      <div className="banner__text">
        <div className="banner__title">
          {plural(basedOn, {
            one: 'Counted here from the newest # run of the window',
            other: 'Counted here from the newest # runs of the window',
          })}
        </div>
        <div>
          <Trans>
            This service has no insights extension, so the console counted the runs it could list (at most {limit} per
            agent).
          </Trans>
          {knownFrom && ' ' + t`The window held more runs: those created before ${knownFrom} are not counted.`}
          {cutAgents && ' ' + t`Not every run of ${cutAgents} was read.`}
        </div>
        {leftOut && (
          <div className="muted">
            <Trans>Not shown, as the runs list does not tell them: {leftOut}.</Trans>
          </div>
        )}
      </div>
    </div>
  );
}
