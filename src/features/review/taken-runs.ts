/**
 * Runs this browser tab took for review. Every operator reaches the service through the console's one app client, so
 * a run's `review-in-progress` does not say who holds it; the tab that took it remembers (across reloads).
 */
const KEY = 'dps.review.taken';

function read(): string[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function write(ids: string[]) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(ids.slice(-200)));
  } catch {
    // storage full or disabled: the run is then treated as held by someone else after a reload
  }
}

export const rememberTaken = (runId: string) => write([...read().filter((id) => id !== runId), runId]);
export const forgetTaken = (runId: string) => write(read().filter((id) => id !== runId));
export const isTakenHere = (runId: string) => read().includes(runId);
