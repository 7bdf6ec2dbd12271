/** How long after `g` the second key of a `g` + key shortcut may come, by the times the keys were pressed. */
export const GO_SEQUENCE_MS = 1200;

/**
 * The `g` + key rule. Times are the key events' own `timeStamp`s (when the person pressed the key), not the time a
 * handler ran: a page busy rendering can hand both keys over late and far apart, yet they were typed together.
 */
export function createGoSequence() {
  let pendingSince: number | undefined;
  return {
    /** The second key when this press completes a sequence, else null (`g` itself starts one). */
    press(key: string, timeStamp: number): string | null {
      if (key === 'g') {
        pendingSince = timeStamp;
        return null;
      }
      const since = pendingSince;
      pendingSince = undefined;
      return since !== undefined && timeStamp - since >= 0 && timeStamp - since < GO_SEQUENCE_MS ? key : null;
    },
  };
}
