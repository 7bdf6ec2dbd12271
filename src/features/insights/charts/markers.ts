/** Vertical lines drawn over a uPlot chart at x values (the agent's threshold, the explorer's choice). */
import type uPlot from 'uplot';

export interface Marker {
  x: number;
  color: string;
  label: string;
  dashed?: boolean;
}

/** Markers at the same x are drawn once, their labels joined. */
function merge(markers: readonly Marker[]): Marker[] {
  const merged: Marker[] = [];
  for (const marker of markers) {
    const same = merged.find((m) => Math.abs(m.x - marker.x) < 1e-9);
    if (same) same.label = `${same.label} (${marker.label})`;
    else merged.push({ ...marker });
  }
  return merged;
}

/** The labels' canvas font family (CSS, not text). */
const FONT_FAMILY = 'system-ui, sans-serif';

export function drawMarkers(markers: readonly Marker[], background: string): (u: uPlot) => void {
  return (u) => {
    const { ctx } = u;
    const { top, height } = u.bbox;
    const pr = devicePixelRatio || 1;
    for (const marker of merge(markers)) {
      const x = Math.round(u.valToPos(marker.x, 'x', true));
      ctx.save();
      ctx.strokeStyle = marker.color;
      ctx.fillStyle = marker.color;
      ctx.lineWidth = 2 * pr;
      ctx.setLineDash(marker.dashed ? [4 * pr, 4 * pr] : []);
      ctx.beginPath();
      ctx.moveTo(x, top);
      ctx.lineTo(x, top + height);
      ctx.stroke();
      ctx.font = `${11 * pr}px ${FONT_FAMILY}`;
      const width = ctx.measureText(marker.label).width;
      const right = x + 6 * pr + width > u.bbox.left + u.bbox.width;
      const textX = right ? x - 4 * pr - width : x + 4 * pr;
      // The label sits on a plate of the surface colour so bars and lines under it do not hide it.
      ctx.fillStyle = background;
      ctx.fillRect(textX - 2 * pr, top + 2 * pr, width + 4 * pr, 14 * pr);
      ctx.fillStyle = marker.color;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
      ctx.fillText(marker.label, textX, top + 9 * pr);
      ctx.restore();
    }
  };
}
