/**
 * Corrections confirmed in this tab whose write has not been acknowledged yet. Confirm moves on to the next run at
 * once and writes in the background; until the service has the corrections they are kept here, so a failed write
 * that the reviewer opens again shows what they had confirmed rather than the predictions.
 */
import type { GroundTruthEntry } from '@/contract';

const unsent = new Map<string, GroundTruthEntry[]>();

export const keepUnsent = (runId: string, entries: GroundTruthEntry[]) => void unsent.set(runId, entries);
export const dropUnsent = (runId: string) => void unsent.delete(runId);
export const unsentEntries = (runId: string): GroundTruthEntry[] | undefined => unsent.get(runId);
