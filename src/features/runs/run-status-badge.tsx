import { agentRunStatusWords, runStatusWords, type StatusTone, type StatusWords } from './run-status';

const TONE_CLASS: Record<StatusTone, string> = {
  neutral: 'badge',
  info: 'badge badge--info',
  progress: 'badge badge--info run-badge--progress',
  attention: 'badge badge--warning',
  success: 'badge badge--success',
  danger: 'badge badge--danger',
  muted: 'badge badge--outline',
};

function Badge({ words, status }: { words: StatusWords; status: string }) {
  return (
    <span className={TONE_CLASS[words.tone]} title={words.meaning} data-status={status}>
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
