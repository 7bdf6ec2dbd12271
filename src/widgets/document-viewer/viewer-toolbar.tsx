import { useId, useState, type ReactNode } from 'react';
import { Icon, type IconName } from './icons';
import { ZOOM_STEPS, type ZoomMode } from './page-layout';

type Props = {
  /** Extra controls at the start (e.g. "Back to message"). */
  start?: ReactNode;
  pageCount: number;
  /** 0-based. */
  current: number;
  onGoToPage: (index: number) => void;
  thumbnails: boolean | null;
  onToggleThumbnails: () => void;
  zoom: { mode: ZoomMode; scale: number };
  onZoom: (next: { mode: ZoomMode; scale?: number } | 'in' | 'out') => void;
  onRotate: (by: 90 | -90) => void;
  onDownload: () => void;
};

export function ToolbarButton({
  icon,
  label,
  shortcut,
  pressed,
  disabled,
  onClick,
  children,
}: {
  icon: IconName;
  label: string;
  shortcut?: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children?: ReactNode;
}) {
  return (
    <button
      type="button"
      className="dv-button"
      aria-label={children ? undefined : label}
      title={shortcut ? `${label} (${shortcut})` : label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon name={icon} />
      {children}
    </button>
  );
}

/** Page navigation, zoom, fit, rotate and download for paged documents. */
export function ViewerToolbar(props: Props) {
  const { start, pageCount, current, onGoToPage, thumbnails, onToggleThumbnails, zoom, onZoom, onRotate, onDownload } =
    props;
  return (
    <div className="dv-toolbar" role="toolbar" aria-label="Document tools">
      {start}
      {thumbnails !== null && (
        <ToolbarButton
          icon="sidebar"
          label={thumbnails ? 'Hide page thumbnails' : 'Show page thumbnails'}
          pressed={thumbnails}
          onClick={onToggleThumbnails}
        />
      )}
      <PageNavigation pageCount={pageCount} current={current} onGoToPage={onGoToPage} />
      <ZoomControls zoom={zoom} onZoom={onZoom} />
      <div className="dv-group dv-group--fit">
        <ToolbarButton
          icon="fitWidth"
          label="Fit width"
          pressed={zoom.mode === 'fit-width'}
          onClick={() => onZoom({ mode: 'fit-width' })}
        />
        <ToolbarButton
          icon="fitPage"
          label="Fit page"
          pressed={zoom.mode === 'fit-page'}
          onClick={() => onZoom({ mode: 'fit-page' })}
        />
      </div>
      <div className="dv-group dv-group--rotate">
        <ToolbarButton icon="rotateCcw" label="Rotate counterclockwise" onClick={() => onRotate(-90)} />
        <ToolbarButton icon="rotateCw" label="Rotate clockwise" shortcut="R" onClick={() => onRotate(90)} />
      </div>
      <div className="dv-spacer" />
      <ToolbarButton icon="download" label="Download" onClick={onDownload} />
    </div>
  );
}

/** Previous, the page number field (go there on Enter or leaving it) and next. */
function PageNavigation({ pageCount, current, onGoToPage }: Pick<Props, 'pageCount' | 'current' | 'onGoToPage'>) {
  // While the operator types, the field shows what they type; otherwise the current page.
  const [typed, setTyped] = useState<string | null>(null);
  const pageText = typed ?? String(current + 1);

  const commitPage = () => {
    const n = Number.parseInt(pageText, 10);
    if (typed !== null && Number.isFinite(n)) onGoToPage(Math.min(pageCount, Math.max(1, n)) - 1);
    setTyped(null);
  };
  return (
    <div className="dv-group">
      <ToolbarButton
        icon="prev"
        label="Previous page"
        disabled={current <= 0}
        onClick={() => onGoToPage(current - 1)}
      />
      <input
        className="dv-input dv-page-input"
        aria-label={`Page number (of ${pageCount})`}
        inputMode="numeric"
        value={pageText}
        size={Math.max(2, String(pageCount).length)}
        onChange={(e) => setTyped(e.target.value.replace(/[^0-9]/g, ''))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commitPage();
        }}
        onBlur={commitPage}
      />
      <span className="dv-page-count">of {pageCount}</span>
      <ToolbarButton
        icon="next"
        label="Next page"
        disabled={current >= pageCount - 1}
        onClick={() => onGoToPage(current + 1)}
      />
    </div>
  );
}

/** Zoom out, the zoom list (fit width, fit page, the steps and a custom scale) and zoom in. */
function ZoomControls({ zoom, onZoom }: Pick<Props, 'zoom' | 'onZoom'>) {
  const zoomId = useId();
  const percent = Math.round(zoom.scale * 100);
  const zoomValue = zoom.mode === 'custom' ? String(zoom.scale) : zoom.mode;
  const steps =
    ZOOM_STEPS.some((s) => Math.abs(s - zoom.scale) < 0.001) || zoom.mode !== 'custom'
      ? ZOOM_STEPS
      : [...ZOOM_STEPS, zoom.scale].sort((a, b) => a - b);
  return (
    <div className="dv-group">
      <ToolbarButton icon="zoomOut" label="Zoom out" shortcut="-" onClick={() => onZoom('out')} />
      <label htmlFor={zoomId} className="dv-visually-hidden">
        Zoom
      </label>
      <select
        id={zoomId}
        className="dv-input dv-zoom-select"
        value={zoomValue}
        onChange={(e) => {
          const v = e.target.value;
          onZoom(v === 'fit-width' || v === 'fit-page' ? { mode: v } : { mode: 'custom', scale: Number(v) });
        }}
      >
        <option value="fit-width">Fit width{zoom.mode === 'fit-width' ? ` (${percent}%)` : ''}</option>
        <option value="fit-page">Fit page{zoom.mode === 'fit-page' ? ` (${percent}%)` : ''}</option>
        {steps.map((s) => (
          <option key={s} value={String(s)}>
            {Math.round(s * 100)}%
          </option>
        ))}
      </select>
      <ToolbarButton icon="zoomIn" label="Zoom in" shortcut="+" onClick={() => onZoom('in')} />
    </div>
  );
}
