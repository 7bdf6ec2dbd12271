import { useCallback, useMemo, useState } from 'react';
import type { GroundTruthEntry } from '@/contract';
import { diffRows, entriesFromRows, rowsFromEntries, sameEntries, type GroundTruthRow } from './ground-truth-rows';

/**
 * The ground truth being edited: rows, the saved rows they are compared with, and `reset` to start over from entries
 * (after a save, or when another run opens). Dirty means the entries differ, not merely that something was typed.
 */
export function useGroundTruthDraft(initial: readonly GroundTruthEntry[] | null | undefined) {
  const [state, setState] = useState(() => {
    const rows = rowsFromEntries(initial ? [...initial] : []);
    return { saved: rows, rows };
  });
  const setRows = useCallback((update: (rows: GroundTruthRow[]) => GroundTruthRow[]) => {
    setState((s) => ({ ...s, rows: update(s.rows) }));
  }, []);
  const reset = useCallback((entries: readonly GroundTruthEntry[] | null | undefined) => {
    const rows = rowsFromEntries(entries ? [...entries] : []);
    setState({ saved: rows, rows });
  }, []);
  /** After a save: the edited rows become the saved ones (keys kept, so focus and scroll stay put). */
  const markSaved = useCallback(() => setState((s) => ({ ...s, saved: s.rows })), []);
  const entries = useMemo(() => entriesFromRows(state.rows), [state.rows]);
  const savedEntries = useMemo(() => entriesFromRows(state.saved), [state.saved]);
  const dirty = !sameEntries(entries, savedEntries);
  const changes = useMemo(() => (dirty ? diffRows(state.saved, state.rows) : []), [dirty, state.saved, state.rows]);
  return { rows: state.rows, saved: state.saved, setRows, reset, markSaved, entries, dirty, changes };
}

export type GroundTruthDraft = ReturnType<typeof useGroundTruthDraft>;
