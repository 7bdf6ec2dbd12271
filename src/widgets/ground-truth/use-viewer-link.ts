import { useCallback, useState, type RefObject } from 'react';
import { t } from '@lingui/core/macro';
import type { DocumentViewerHandle, TextHighlight, TextSelection } from '@/widgets/document-viewer';
import type { GroundTruthRow } from './ground-truth-rows';
import { findCell, patchCell, type TableSpec } from './table-grid';
import type { GroundTruthDraft } from './use-ground-truth-draft';

/**
 * The workspace's link between the viewer and the editor, both ways: which field (and which of its texts) is active,
 * what the viewer marks and scrolls to when a field is activated, and what text selected on a page fills — with the
 * line that says what it filled.
 */
export function useViewerLink({
  draft,
  tables,
  canWrite,
  viewer,
}: {
  draft: GroundTruthDraft;
  tables: readonly TableSpec[];
  canWrite: boolean;
  viewer: RefObject<DocumentViewerHandle | null>;
}) {
  const [chosenKey, setActiveKey] = useState<string | null>(null);
  const [activeField, setActiveField] = useState<'value' | 'rawValue'>('value');
  // A removed row or a reset draft: nothing active. A table cell without an entry yet is active as an empty one.
  const activeRow = findCell(draft.rows, tables, chosenKey);
  const activeKey = activeRow ? chosenKey : null;
  const [highlight, setHighlight] = useState<TextHighlight | null>(null);
  const [filled, setFilled] = useState<string | null>(null);

  const show = useCallback(
    (row: Pick<GroundTruthRow, 'value' | 'rawValue' | 'pages'>, field: 'value' | 'rawValue' = 'value') => {
      const page = row.pages?.length ? row.pages[0] + 1 : undefined;
      // The raw value is the text as printed: mark it when that input is focused (or when there is no value).
      const text = field === 'rawValue' ? (row.rawValue ?? '') : row.value.trim() ? row.value : (row.rawValue ?? '');
      if (text.trim()) setHighlight({ text, page });
      else {
        setHighlight(null);
        if (page) viewer.current?.scrollToPage(page);
      }
    },
    [viewer],
  );

  const activate = (row: GroundTruthRow, field: 'value' | 'rawValue') => {
    setFilled(null);
    setActiveKey(row.key);
    setActiveField(field);
    show(row, field);
  };

  const onTextSelected = ({ text, page, via }: TextSelection) => {
    if (!canWrite) return;
    const row = findCell(draft.rows, tables, activeKey);
    if (!row || !activeKey) {
      setFilled(t`Selected “${text}” on page ${page}: focus a field first, then select again to fill it.`);
      return;
    }
    const pages = [page - 1];
    draft.setRows((rows) => patchCell(rows, tables, activeKey, { [activeField]: text, pages }));
    setFilled(
      filledText({ fieldName: row.label || t`the field`, rawValue: activeField === 'rawValue', text, page, via }),
    );
    setHighlight({ text, page });
  };

  return { activeKey, activeRow, activeField, highlight, filled, activate, onTextSelected };
}

/** What a selection filled, as one sentence: the value or the raw value, from a text selection or a box. */
function filledText({
  fieldName,
  rawValue,
  text,
  page,
  via,
}: {
  fieldName: string;
  rawValue: boolean;
  text: string;
  page: number;
  via: TextSelection['via'];
}): string {
  if (via === 'box')
    return rawValue
      ? t`Filled the raw value of ${fieldName} with “${text}” from a box on page ${page}.`
      : t`Filled ${fieldName} with “${text}” from a box on page ${page}.`;
  return rawValue
    ? t`Filled the raw value of ${fieldName} with “${text}” from page ${page}.`
    : t`Filled ${fieldName} with “${text}” from page ${page}.`;
}
