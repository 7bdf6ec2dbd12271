/**
 * Words an operator understands for every agent run state (the seed's 11) and every hook/action run state (4):
 * a short label for badges, the meaning for hover text and the detail page, and a tone for colour.
 */
import { AGENT_RUN_STATUSES, type AgentRunStatus, type RunStatus } from '@/contract';

export type StatusTone = 'neutral' | 'info' | 'progress' | 'attention' | 'success' | 'danger' | 'muted';

export interface StatusWords {
  label: string;
  meaning: string;
  tone: StatusTone;
}

export const AGENT_RUN_STATUS_WORDS: Record<AgentRunStatus, StatusWords> = {
  running: { label: 'Starting', meaning: 'The agent accepted the run and is preparing it.', tone: 'progress' },
  'pending-predictions': {
    label: 'Predicting',
    meaning: 'The model is extracting the fields from the document.',
    tone: 'progress',
  },
  'succeeded-predictions': {
    label: 'Auto-approved',
    meaning: 'The predictions passed validation without a person; the run is ready to export.',
    tone: 'info',
  },
  'ready-for-review': {
    label: 'Waiting for review',
    meaning: 'The predictions need a person to check them.',
    tone: 'attention',
  },
  'review-in-progress': {
    label: 'In review',
    meaning: 'A reviewer has taken this run and is checking the fields.',
    tone: 'attention',
  },
  'review-completed': {
    label: 'Reviewed',
    meaning: 'A person confirmed the fields; the run waits to be exported.',
    tone: 'info',
  },
  'pending-export': {
    label: 'Exporting',
    meaning: "The agent's actions are delivering the results.",
    tone: 'progress',
  },
  exported: { label: 'Exported', meaning: 'The results were delivered; the run is being closed.', tone: 'success' },
  completed: { label: 'Completed', meaning: 'Done: the results were exported and the run is closed.', tone: 'success' },
  error: { label: 'Failed', meaning: 'A step failed. Open the run to see which step and why.', tone: 'danger' },
  archived: {
    label: 'Archived',
    meaning: 'Put away by an operator; hidden from the working tabs, kept for reference.',
    tone: 'muted',
  },
};

export const RUN_STATUS_WORDS: Record<RunStatus, StatusWords> = {
  running: { label: 'Running', meaning: 'Still running.', tone: 'progress' },
  succeeded: { label: 'Succeeded', meaning: 'Finished without errors.', tone: 'success' },
  failed: { label: 'Failed', meaning: 'Stopped with errors; they are listed on its page.', tone: 'danger' },
  ignored: { label: 'Skipped', meaning: 'Did not run (for example, the hook or action is disabled).', tone: 'muted' },
};

export function isAgentRunStatus(value: string): value is AgentRunStatus {
  return (AGENT_RUN_STATUSES as readonly string[]).includes(value);
}

export function agentRunStatusWords(status: string): StatusWords {
  return isAgentRunStatus(status)
    ? AGENT_RUN_STATUS_WORDS[status]
    : { label: status, meaning: `Status ${status} is not one this console knows.`, tone: 'neutral' };
}

export function runStatusWords(status: string): StatusWords {
  return (
    (RUN_STATUS_WORDS as Record<string, StatusWords>)[status] ?? {
      label: status,
      meaning: `Status ${status}.`,
      tone: 'neutral',
    }
  );
}
