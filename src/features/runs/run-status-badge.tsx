import { agentRunStatusWords, runStatusWords, type StatusTone, type StatusWords } from './run-status';

/** The badge's modifier classes per tone (after `badge`). */
const TONE_CLASSES: Record<StatusTone, readonly string[]> = {
  neutral: [],
  info: ['badge--info'],
  progress: ['badge--info', 'run-badge--progress'],
  attention: ['badge--warning'],
  success: ['badge--success'],
  danger: ['badge--danger'],
  muted: ['badge--outline'],
};

function Badge({ words, status }: { words: StatusWords; status: string }) {
  return (
    <span className={['badge', ...TONE_CLASSES[words.tone]].join(' ')} title={words.meaning} data-status={status}>
      {words.label}
    </span>
  );
}

/** An agent run's status in operator words; the meaning is the hover text. */
export function AgentRunStatusBadge({ status }: { status: string }) {
  return <Badge words={agentRunStatusWords(status)} status={status} />;
}

/** A hook run's or action run's status. */
export function RunStatusBadge({ status }: { status: string }) {
  return <Badge words={runStatusWords(status)} status={status} />;
}
