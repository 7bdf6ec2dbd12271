/**
 * Words an operator understands for every agent run state (the seed's 11) and every hook/action run state (4):
 * a short label for badges, the meaning for hover text and the detail page, and a tone for colour. The words are
 * message descriptors, translated when asked for (`agentRunStatusWords`, `runStatusWords`).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { AGENT_RUN_STATUSES, type AgentRunStatus, type RunStatus } from '@/contract';
import { i18n } from '@/i18n/i18n';

export type StatusTone = 'neutral' | 'info' | 'progress' | 'attention' | 'success' | 'danger' | 'muted';

export interface StatusWords {
  label: string;
  meaning: string;
  tone: StatusTone;
}

interface StatusMessages {
  label: MessageDescriptor;
  meaning: MessageDescriptor;
  tone: StatusTone;
}

const AGENT_RUN_STATUS_MESSAGES: Record<AgentRunStatus, StatusMessages> = {
  running: { label: msg`Starting`, meaning: msg`The agent accepted the run and is preparing it.`, tone: 'progress' },
  'pending-predictions': {
    label: msg`Predicting`,
    meaning: msg`The model is extracting the fields from the document.`,
    tone: 'progress',
  },
  'succeeded-predictions': {
    label: msg`Auto-approved`,
    meaning: msg`The predictions passed validation without a person; the run is ready to export.`,
    tone: 'info',
  },
  'ready-for-review': {
    label: msg`Waiting for review`,
    meaning: msg`The predictions need a person to check them.`,
    tone: 'attention',
  },
  'review-in-progress': {
    label: msg`In review`,
    meaning: msg`A reviewer has taken this run and is checking the fields.`,
    tone: 'attention',
  },
  'review-completed': {
    label: msg`Reviewed`,
    meaning: msg`A person confirmed the fields; the run waits to be exported.`,
    tone: 'info',
  },
  'pending-export': {
    label: msg`Exporting`,
    meaning: msg`The agent's actions are delivering the results.`,
    tone: 'progress',
  },
  exported: {
    label: msg`Exported`,
    meaning: msg`The results were delivered; the run is being closed.`,
    tone: 'success',
  },
  completed: {
    label: msg`Completed`,
    meaning: msg`Done: the results were exported and the run is closed.`,
    tone: 'success',
  },
  error: { label: msg`Failed`, meaning: msg`A step failed. Open the run to see which step and why.`, tone: 'danger' },
  archived: {
    label: msg`Archived`,
    meaning: msg`Put away by an operator; hidden from the working tabs, kept for reference.`,
    tone: 'muted',
  },
};

const RUN_STATUS_MESSAGES: Record<RunStatus, StatusMessages> = {
  running: { label: msg`Running`, meaning: msg`Still running.`, tone: 'progress' },
  succeeded: { label: msg`Succeeded`, meaning: msg`Finished without errors.`, tone: 'success' },
  failed: { label: msg`Failed`, meaning: msg`Stopped with errors; they are listed on its page.`, tone: 'danger' },
  ignored: {
    label: msg`Skipped`,
    meaning: msg`Did not run (for example, the hook or action is disabled).`,
    tone: 'muted',
  },
};

const wordsOf = ({ label, meaning, tone }: StatusMessages): StatusWords => ({
  label: i18n._(label),
  meaning: i18n._(meaning),
  tone,
});

export function isAgentRunStatus(value: string): value is AgentRunStatus {
  return (AGENT_RUN_STATUSES as readonly string[]).includes(value);
}

/** An agent run status in the operator's words; a status this console does not know is shown as it is. */
export function agentRunStatusWords(status: string): StatusWords {
  return isAgentRunStatus(status)
    ? wordsOf(AGENT_RUN_STATUS_MESSAGES[status])
    : { label: status, meaning: t`Status ${status} is not one this console knows.`, tone: 'neutral' };
}

/** The badge word of an agent run status ("Waiting for review"). */
export const agentRunStatusLabel = (status: string): string => agentRunStatusWords(status).label;

/** A hook run's or action run's status in the operator's words. */
export function runStatusWords(status: string): StatusWords {
  const messages = (RUN_STATUS_MESSAGES as Record<string, StatusMessages | undefined>)[status];
  return messages ? wordsOf(messages) : { label: status, meaning: t`Status ${status}.`, tone: 'neutral' };
}
