import { useId, useState, type ReactNode } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { formatNumber, formatPercent } from '@/i18n/format';
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
    <div className="dv-toolbar" role="toolbar" aria-label={t`Document tools`}>
      {start}
      {thumbnails !== null && (
        <ToolbarButton
          icon="sidebar"
          label={thumbnails ? t`Hide page thumbnails` : t`Show page thumbnails`}
          pressed={thumbnails}
          onClick={onToggleThumbnails}
        />
      )}
      <PageNavigation pageCount={pageCount} current={current} onGoToPage={onGoToPage} />
      <ZoomControls zoom={zoom} onZoom={onZoom} />
      <div className="dv-group dv-group--fit">
        <ToolbarButton
          icon="fitWidth"
          label={t`Fit width`}
          pressed={zoom.mode === 'fit-width'}
          onClick={() => onZoom({ mode: 'fit-width' })}
        />
        <ToolbarButton
          icon="fitPage"
          label={t`Fit page`}
          pressed={zoom.mode === 'fit-page'}
          onClick={() => onZoom({ mode: 'fit-page' })}
        />
      </div>
      <div className="dv-group dv-group--rotate">
        <ToolbarButton icon="rotateCcw" label={t`Rotate counterclockwise`} onClick={() => onRotate(-90)} />
        <ToolbarButton icon="rotateCw" label={t`Rotate clockwise`} shortcut="R" onClick={() => onRotate(90)} />
      </div>
      <div className="dv-spacer" />
      <ToolbarButton icon="download" label={t`Download`} onClick={onDownload} />
    </div>
  );
}

/** Previous, the page number field (go there on Enter or leaving it) and next. */
function PageNavigation({ pageCount, current, onGoToPage }: Pick<Props, 'pageCount' | 'current' | 'onGoToPage'>) {
  // While the operator types, the field shows what they type; otherwise the current page.
  const [typed, setTyped] = useState<string | null>(null);
  const pageText = typed ?? String(current + 1);
  const pages = formatNumber(pageCount);

  const commitPage = () => {
    const n = Number.parseInt(pageText, 10);
    if (typed !== null && Number.isFinite(n)) onGoToPage(Math.min(pageCount, Math.max(1, n)) - 1);
    setTyped(null);
  };
  return (
    <div className="dv-group">
      <ToolbarButton
        icon="prev"
        label={t`Previous page`}
        disabled={current <= 0}
        onClick={() => onGoToPage(current - 1)}
      />
      <input
        className="dv-input dv-page-input"
        aria-label={t`Page number (of ${pages})`}
        inputMode="numeric"
        value={pageText}
        size={Math.max(2, String(pageCount).length)}
        onChange={(e) => setTyped(e.target.value.replace(/[^0-9]/g, ''))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commitPage();
        }}
        onBlur={commitPage}
      />
      <span className="dv-page-count">
        <Trans>of {pages}</Trans>
      </span>
      <ToolbarButton
        icon="next"
        label={t`Next page`}
        disabled={current >= pageCount - 1}
        onClick={() => onGoToPage(current + 1)}
      />
    </div>
  );
}

/** Zoom out, the zoom list (fit width, fit page, the steps and a custom scale) and zoom in. */
function ZoomControls({ zoom, onZoom }: Pick<Props, 'zoom' | 'onZoom'>) {
  const zoomId = useId();
  const percent = formatPercent(zoom.scale);
  const zoomValue = zoom.mode === 'custom' ? String(zoom.scale) : zoom.mode;
  const steps =
    ZOOM_STEPS.some((s) => Math.abs(s - zoom.scale) < 0.001) || zoom.mode !== 'custom'
      ? ZOOM_STEPS
      : [...ZOOM_STEPS, zoom.scale].sort((a, b) => a - b);
  return (
    <div className="dv-group">
      <ToolbarButton icon="zoomOut" label={t`Zoom out`} shortcut="-" onClick={() => onZoom('out')} />
      <label htmlFor={zoomId} className="dv-visually-hidden">
        <Trans>Zoom</Trans>
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
        <option value="fit-width">{zoom.mode === 'fit-width' ? t`Fit width (${percent})` : t`Fit width`}</option>
        <option value="fit-page">{zoom.mode === 'fit-page' ? t`Fit page (${percent})` : t`Fit page`}</option>
        {steps.map((s) => (
          <option key={s} value={String(s)}>
            {formatPercent(s)}
          </option>
        ))}
      </select>
      <ToolbarButton icon="zoomIn" label={t`Zoom in`} shortcut="+" onClick={() => onZoom('in')} />
    </div>
  );
}
