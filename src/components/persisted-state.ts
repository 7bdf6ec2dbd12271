import { useCallback, useSyncExternalStore } from 'react';

/**
 * A value kept in localStorage and shared by every component that reads the same key (changing the UTC/local toggle
 * in one place updates every date on screen). Values are JSON; an unreadable or invalid stored value falls back to
 * the default. Storage failures (private mode, quota) keep the value in memory for the session.
 */
const listeners = new Map<string, Set<() => void>>();
const memory = new Map<string, string | null>();

function read(key: string): string | null {
  if (memory.has(key)) return memory.get(key) ?? null;
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, raw: string): void {
  memory.set(key, raw);
  try {
    window.localStorage.setItem(key, raw);
  } catch {
    // keep the in-memory value
  }
  listeners.get(key)?.forEach((listener) => listener());
}

function subscribe(key: string, listener: () => void): () => void {
  const set = listeners.get(key) ?? new Set();
  set.add(listener);
  listeners.set(key, set);
  const onStorage = (event: StorageEvent) => {
    if (event.key === key) {
      memory.delete(key);
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    set.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Reads a persisted value outside React (e.g. before the first render). */
export function readPersisted<T>(key: string, fallback: T, isValid: (value: unknown) => value is T): T {
  const raw = read(key);
  if (raw === null) return fallback;
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

export function writePersisted<T>(key: string, value: T): void {
  write(key, JSON.stringify(value));
}

/** `const [zone, setZone] = usePersistedState('dps.timeZone', 'local', isZone)`. */
export function usePersistedState<T>(
  key: string,
  fallback: T,
  isValid: (value: unknown) => value is T,
): [T, (value: T) => void] {
  const raw = useSyncExternalStore(
    useCallback((listener) => subscribe(key, listener), [key]),
    () => read(key),
    () => null,
  );
  let value = fallback;
  if (raw !== null) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isValid(parsed)) value = parsed;
    } catch {
      // fallback
    }
  }
  const set = useCallback((next: T) => writePersisted(key, next), [key]);
  return [value, set];
}
