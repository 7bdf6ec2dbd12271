import { useState } from 'react';

/**
 * One `Idempotency-Key` per logical create (docs/idempotency.md). A create that failed without a clear answer (a 504
 * while the service was frozen, a lost connection) may still have been applied; sending the same values again from
 * the same form reuses its key, so the service replays the first answer instead of creating twice. Changed values,
 * or a create that succeeded, get a new key.
 */

/** 128 random bits as hex (getRandomValues works outside secure contexts, unlike randomUUID). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface SubmissionKeys {
  /** The key of these values: the previous one while the values are the same, else a new one. */
  keyFor(values: unknown): string;
  /** The create with this key succeeded: the next submission, even of the same values, is a new create. */
  done(key: string): void;
}

export function submissionKeys(): SubmissionKeys {
  let last: { fingerprint: string; key: string } | undefined;
  return {
    keyFor(values) {
      const fingerprint = JSON.stringify(values) ?? '';
      if (last?.fingerprint !== fingerprint) last = { fingerprint, key: newIdempotencyKey() };
      return last.key;
    },
    done(key) {
      if (last?.key === key) last = undefined;
    },
  };
}

/** The keys of one form (one mutation hook instance): a retry from the same dialog reuses them. */
export function useSubmissionKeys(): SubmissionKeys {
  return useState(submissionKeys)[0];
}

/** Sends a create with the key of these values; once it succeeded, the same values make a new create. */
export async function sendWithSubmissionKey<R>(
  keys: SubmissionKeys,
  values: unknown,
  send: (idempotencyKey: string) => Promise<R>,
): Promise<R> {
  const idempotencyKey = keys.keyFor(values);
  const result = await send(idempotencyKey);
  keys.done(idempotencyKey);
  return result;
}
