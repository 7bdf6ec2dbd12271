import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type HTMLAttributes,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Group, Panel, Separator, useDefaultLayout, useGroupRef, type Layout } from 'react-resizable-panels';
import type { ContentType } from '@/contract';
import { DocumentFileViewer, type DocumentViewerHandle, type PageWordSource } from '@/widgets/document-viewer';
import { GroundTruthEditor } from './ground-truth-editor';
import type { GroundTruthRow } from './ground-truth-rows';
import { tablesFromLabels } from './table-grid';
import type { GroundTruthDraft } from './use-ground-truth-draft';
import { saveVerbWord, type SaveVerb } from './not-recognised-hint';
import { usePageTextState, type PageTextState } from './use-page-text-state';
import { useSaveShortcut } from './use-save-shortcut';
import { useViewerLink } from './use-viewer-link';
import './ground-truth.css';

export type GroundTruthWorkspaceProps = {
  fileUrl: string | null | undefined;
  /** The document's `ocrFileUrl`, when the service recognises text: selectable words on image and scanned pages. */
  ocrFileUrl?: string | null;
  contentType: ContentType | null | undefined;
  documentName: string;
  draft: GroundTruthDraft;
  threshold: number;
  onThresholdChange?: (threshold: number) => void;
  labelOptions: readonly string[];
  notes?: ReadonlyMap<string, string[]>;
  /** Whether the operator may change the ground truth (selection on the page fills fields only then). */
  canWrite: boolean;
  /** Ctrl/⌘+S anywhere in the workspace. */
  onSave?: () => void;
  /** What Ctrl/⌘+S does, for the hint ("save", "confirm"). */
  saveVerb?: SaveVerb;
  /** Above the editor's rows. */
  editorToolbar?: ReactNode;
  /** Below the editor (save bar, confirm buttons). */
  editorFooter?: ReactNode;
  /** Top of the panel, always shown (tabs, review position). */
  panelHeader?: ReactNode;
  /** Replaces the editor while set (document properties tab). */
  aside?: ReactNode;
  /** Attributes of the editor's wrapper (a tabpanel's role and ids). */
  editorPanelProps?: HTMLAttributes<HTMLDivElement>;
  /** Words of pages beyond their text layer (recognised text): selectable by box, and the hint counts them as text. */
  wordSources?: readonly PageWordSource[];
};

/**
 * The document viewer beside the ground-truth editor, linked both ways: text selected on a page fills the active
 * field's value and records its page; activating a field scrolls to its page and marks its value in the text layer.
 */
export function GroundTruthWorkspace(props: GroundTruthWorkspaceProps) {
  const { fileUrl, contentType, draft, labelOptions, canWrite, saveVerb = 'save' } = props;
  const viewer = useRef<DocumentViewerHandle>(null);
  // The model's lines/table fields, edited as grids.
  const tables = useMemo(() => tablesFromLabels(labelOptions), [labelOptions]);
  const { activeKey, activeRow, activeField, highlight, filled, activate, onTextSelected } = useViewerLink({
    draft,
    tables,
    canWrite,
    viewer,
  });
  const pageText = usePageTextState({ fileUrl, ocrFileUrl: props.ocrFileUrl, contentType, saveVerb });
  useSaveShortcut(props.onSave);

  const viewerSection = (
    <section className="gt-workspace__viewer" aria-label={t`Document`}>
      {fileUrl ? (
        <DocumentFileViewer
          ref={viewer}
          fileUrl={fileUrl}
          ocrFileUrl={props.ocrFileUrl}
          contentType={contentType}
          name={props.documentName}
          onTextSelected={onTextSelected}
          highlight={highlight}
          wordSources={props.wordSources}
          onPageTextChange={pageText.onPageTextChange}
          onRecognizingChange={pageText.onRecognizingChange}
          onRecognizedTextChange={pageText.onRecognizedTextChange}
        />
      ) : (
        <p className="gt-workspace__nofile">
          <Trans>This document has no file to show.</Trans>
        </p>
      )}
    </section>
  );
  // Alt+P in a field: box select by keyboard on the page in view; focus comes back to the field when it ends.
  const pickOnPage = (event: ReactKeyboardEvent) => {
    if (!event.altKey || event.code !== 'KeyP' || !canWrite || !viewer.current?.pickWords) return;
    event.preventDefault();
    const field = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    viewer.current.pickWords(() => field?.focus());
  };
  const panelSection = (
    <section className="gt-workspace__panel" aria-label={t`Ground truth`} onKeyDown={pickOnPage}>
      {props.panelHeader}
      {props.aside ?? (
        <div className="gt-workspace__editor" {...props.editorPanelProps}>
          <p className="gt-workspace__hint" aria-live="polite">
            {filled ?? workspaceHint({ canWrite, pageText, activeRow, activeField, saveVerb })}
          </p>
          <GroundTruthEditor
            draft={draft}
            activeKey={activeKey}
            activeField={activeField}
            onActivate={activate}
            threshold={props.threshold}
            onThresholdChange={props.onThresholdChange}
            labelOptions={labelOptions}
            tables={tables}
            canSelect={pageText.selectable}
            notes={props.notes}
            canWrite={canWrite}
            toolbar={props.editorToolbar}
          />
        </div>
      )}
      {props.editorFooter}
    </section>
  );
  return <WorkspaceSplit viewer={viewerSection} panel={panelSection} />;
}

/** What the hint above the editor says when nothing was just filled: how to fill the fields on this page. */
function workspaceHint({
  canWrite,
  pageText: { selectable, notRecognised, recognizing, page },
  activeRow,
  activeField,
  saveVerb,
}: {
  canWrite: boolean;
  pageText: PageTextState;
  activeRow: GroundTruthRow | null | undefined;
  activeField: 'value' | 'rawValue';
  saveVerb: SaveVerb;
}): string {
  if (!canWrite) return t`Read only: your operator account can view ground truth but not change it.`;
  if (!selectable && notRecognised) return notRecognised;
  const action = saveVerbWord(saveVerb);
  if (!selectable && recognizing)
    return page === null
      ? t`Recognising the text of this file: it becomes selectable when ready. Meanwhile, type each value as you read it. Ctrl/⌘+S: ${action}.`
      : t`Recognising the text of page ${page}: it becomes selectable when ready. Meanwhile, type each value as you read it. Ctrl/⌘+S: ${action}.`;
  if (!selectable)
    return page === null
      ? t`This file has no text to select: type each value as you read it. Enter: next field that needs attention. Ctrl/⌘+S: ${action}.`
      : t`Page ${page} has no text to select: type each value as you read it. Enter: next field that needs attention. Ctrl/⌘+S: ${action}.`;
  if (activeRow) {
    const fieldName = activeRow.label || t`this field`;
    return activeField === 'rawValue'
      ? t`Select text on the page to fill the raw value of ${fieldName}. Or drag a box around it, or press Alt+P to pick its words with the keyboard.`
      : t`Select text on the page to fill ${fieldName}. Or drag a box around it, or press Alt+P to pick its words with the keyboard.`;
  }
  return t`Focus a field, then select its value on the page or drag a box around it. Enter: next field that needs attention. Ctrl/⌘+S: ${action}.`;
}

/** Side by side from this width up (the page above the fields below it, as ground-truth.css lays them out). */
const SIDE_BY_SIDE = '(min-width: 901px)';
const subscribeWide = (onChange: () => void) => {
  const media = window.matchMedia(SIDE_BY_SIDE);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};
const isWide = () => window.matchMedia(SIDE_BY_SIDE).matches;

/**
 * Page | fields, split by a handle the operator drags (or moves with the arrow keys); the split is remembered in
 * localStorage for every document and review. Narrow windows stack the two instead.
 */
function WorkspaceSplit({ viewer, panel }: { viewer: ReactNode; panel: ReactNode }) {
  const wide = useSyncExternalStore(subscribeWide, isWide);
  const layout = useDefaultLayout({ id: 'dps-gt-workspace', storage: localStorage });
  const group = useGroupRef();
  const separator = useRef<HTMLDivElement>(null);
  // The library states the handle's position (aria-valuenow, required of a focusable separator) only from the first
  // resize on: state it from the first layout.
  const statePosition = useCallback((sizes: Layout) => {
    if (sizes.page !== undefined) separator.current?.setAttribute('aria-valuenow', String(Math.round(sizes.page)));
  }, []);
  useEffect(() => {
    if (group.current) statePosition(group.current.getLayout());
  }, [group, statePosition, wide]);
  if (!wide) {
    return (
      <div className="gt-workspace">
        {viewer}
        {panel}
      </div>
    );
  }
  return (
    <Group
      className="gt-workspace"
      orientation="horizontal"
      groupRef={group}
      onLayoutChange={statePosition}
      defaultLayout={layout.defaultLayout}
      onLayoutChanged={layout.onLayoutChanged}
    >
      <Panel id="page" className="gt-workspace__pane" minSize="25%" defaultSize="50%">
        {viewer}
      </Panel>
      <Separator
        elementRef={separator}
        className="gt-workspace__handle"
        aria-label={t`Resize the page and the fields`}
      />
      <Panel id="fields" className="gt-workspace__pane" minSize="360px" defaultSize="50%">
        {panel}
      </Panel>
    </Group>
  );
}
