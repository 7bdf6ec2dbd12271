/** Vertical lines drawn over a uPlot chart at x values (the agent's threshold, the explorer's choice). */
import type uPlot from 'uplot';

export interface Marker {
  x: number;
  color: string;
  label: string;
  dashed?: boolean;
}

export function drawMarkers(markers: readonly Marker[]): (u: uPlot) => void {
  return (u) => {
    const { ctx } = u;
    const { top, height } = u.bbox;
    const pr = devicePixelRatio || 1;
    for (const marker of markers) {
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
      ctx.font = `${11 * pr}px system-ui, sans-serif`;
      const width = ctx.measureText(marker.label).width;
      const right = x + 4 * pr + width > u.bbox.left + u.bbox.width;
      ctx.textAlign = right ? 'right' : 'left';
      ctx.fillText(marker.label, right ? x - 4 * pr : x + 4 * pr, top + 12 * pr);
      ctx.restore();
    }
  };
}
