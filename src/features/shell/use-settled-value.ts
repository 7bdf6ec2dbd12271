import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs` (compared with Object.is), else the value it had before: what
 * the palette looks up, so an id being typed or edited is asked about once it rests, not at every keystroke.
 */
export function useSettledValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
