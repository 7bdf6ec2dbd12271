/**
 * Confirm at the speed of a keyboard: the reviewer is on the next run as soon as they press Confirm, and the two
 * writes (the task, then the document's ground truth) go on in the background. A write that fails says so in a toast
 * that stays until dismissed, with the way back to the run and its corrections (kept in this tab until the service
 * has them).
 */
import { t } from '@lingui/core/macro';
import { useNavigate } from '@tanstack/react-router';
import { startTransition, useRef, useState } from 'react';
import { explainError } from '@/api/errors';
import { useConfirmReview, type ReviewConfirmation } from '@/api/review';
import { toast } from '@/components/toast';
import { dropUnsent, keepUnsent } from './unsent-confirmations';

export function useBackgroundConfirm(agentId: string, onFailed: () => void) {
  const navigate = useNavigate();
  // Runs confirmed in this sitting, being sent or sent: the queue leaves them out. A sent one stays in: the queue's
  // list may still name it until it is asked again, and the runs got ready ahead would be set back by it (their
  // preloaded files dropped). Only a failed one leaves, to be confirmed again.
  const sendingRef = useRef(new Set<string>());
  const [sending, setSending] = useState<ReadonlySet<string>>(new Set());
  const giveBack = (runId: string) => {
    sendingRef.current.delete(runId);
    setSending(new Set(sendingRef.current));
  };

  const confirm = useConfirmReview({
    onSuccess: ({ runId }) => dropUnsent(runId),
    onError: (error, { runId }) => {
      giveBack(runId);
      onFailed();
      const { title, detail } = explainError(error);
      const shortId = `…${runId.slice(-8)}`;
      toast.error(t`Run ${shortId} was not confirmed. ${title}: ${detail}`, {
        description: t`Your corrections are kept in this tab: open the run to confirm it again.`,
        duration: Number.POSITIVE_INFINITY,
        action: {
          label: t`Open it again`,
          onClick: () => void navigate({ to: '/runs/review', search: { agentId, runId } }),
        },
      });
    },
  });

  const send = (confirmation: ReviewConfirmation) => {
    keepUnsent(confirmation.runId, confirmation.groundTruth);
    sendingRef.current.add(confirmation.runId);
    // Only the queue's list reads this: it may wait for the next run to render.
    startTransition(() => setSending(new Set(sendingRef.current)));
    confirm.mutate(confirmation);
  };

  return { send, sending };
}
