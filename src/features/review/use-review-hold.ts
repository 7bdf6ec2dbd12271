/**
 * The tab's side of a review hold (the BFF keeps who holds what): keeps the hold alive while the reviewer is here and
 * working, says when it has ended anyway, and gives the run back when the reviewer leaves it without a decision —
 * closing the tab included, where the browser lets a request outlive the page.
 */
import { useEffect, useRef, useState } from 'react';
import { endReviewHold, giveBackOnUnload, keepReviewHoldAlive, type ReviewHold } from '@/api/review';
import { isApiError } from '@/api/errors';

/** Signs that someone is at the screen: a hold is kept only for a reviewer who is. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Keeps the hold alive every `keepAliveMs` while the page is visible and was used within the hold time, and at once
 * when a reviewer comes back to it after a pause; answers whether the hold has ended (404: it lapsed while nobody was
 * here, or an admin took the run over), which the reviewer learns as soon as they are back.
 */
export function useKeepHoldAlive(hold: ReviewHold | undefined, rules: { holdMs: number; keepAliveMs: number }) {
  const [ended, setEnded] = useState(false);
  const runId = hold?.mine ? hold.runId : null;

  useEffect(() => {
    if (!runId) return;
    let lastActivity = Date.now();
    let lastSent = Date.now();
    const beat = () => {
      const now = Date.now();
      if (document.visibilityState !== 'visible' || now - lastActivity >= rules.holdMs) return;
      lastSent = now;
      keepReviewHoldAlive(runId).catch((error: unknown) => {
        if (isApiError(error, 404)) setEnded(true);
      });
    };
    const seen = () => {
      lastActivity = Date.now();
      if (lastActivity - lastSent >= rules.keepAliveMs) beat();
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, seen, { passive: true, capture: true });
    const timer = setInterval(beat, rules.keepAliveMs);
    return () => {
      clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, seen, { capture: true });
      setEnded(false);
    };
  }, [runId, rules.holdMs, rules.keepAliveMs]);

  return ended;
}

/**
 * Runs whose hold this tab gives back when their review screen goes away undecided. Deferred by one task, so that a
 * remount of the same run (React's development double render, a re-keyed parent) keeps it.
 */
const pendingGiveBacks = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * While `runId` is held here and undecided, gives it back when the tab closes (`pagehide`) or the screen leaves it;
 * `decided()` marks that Confirm, Skip or Reject has taken care of the hold.
 */
export function useGiveBackWhenLeft(runId: string | null, onGivenBack: () => void) {
  const givenBack = useRef(onGivenBack);
  useEffect(() => {
    givenBack.current = onGivenBack;
  });
  const decided = useRef(false);
  useEffect(() => {
    if (!runId) return;
    decided.current = false;
    const pending = pendingGiveBacks.get(runId);
    if (pending) clearTimeout(pending);
    pendingGiveBacks.delete(runId);
    const onPageHide = () => {
      if (!decided.current) giveBackOnUnload(runId);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      if (decided.current) return;
      pendingGiveBacks.set(
        runId,
        setTimeout(() => {
          pendingGiveBacks.delete(runId);
          // The page stays: an ordinary request, and the team's list is asked again once it is answered.
          endReviewHold(runId)
            .catch(() => undefined)
            .finally(() => givenBack.current());
        }, 0),
      );
    };
  }, [runId]);
  return {
    decided: () => {
      decided.current = true;
    },
  };
}

/** True once `pending` has lasted `ms` (a take or load that has not answered says so and offers to retry). */
export function useSlow(pending: boolean, ms = 5_000): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setSlow(true), ms);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [pending, ms]);
  return slow;
}
