// Draws the path at one moment of the packet trace on a canvas: sender, then per link
// its queue (a box filling up against its limit) and its wire, then the receiver; data
// packets move left to right on the upper lane, ACKs right to left on the lower lane,
// and every drop up to now is a red × where it happened.
import { queueAt, wireFraction, type LinkTrack, type PathTrace } from './trace';

export interface DrawStyle {
  data: string;
  ack: string;
  drop: string;
  ink: string;
  muted: string;
  queueFill: string;
  font: number;
}

export const DEFAULT_STYLE: DrawStyle = {
  data: '#1f5fbf',
  ack: '#c77c00',
  drop: '#d0021b',
  ink: '#1b2430',
  muted: '#6b7785',
  queueFill: '#7fa7e6',
  font: 12,
};

interface Geometry {
  queueX0: number;
  queueX1: number;
  wireX0: number;
  wireX1: number;
}

const SIDE = 56;

/** The x extent of link i's queue and wire in a lane (data: queue left, wire going
 * right; ACKs: queue right, wire going left). */
export function laneGeometry(width: number, links: number, i: number, reverse: boolean): Geometry {
  const seg = (width - 2 * SIDE) / Math.max(1, links);
  const x0 = SIDE + i * seg;
  const qw = Math.min(70, seg * 0.28);
  if (!reverse) return { queueX0: x0 + 6, queueX1: x0 + 6 + qw, wireX0: x0 + qw + 12, wireX1: x0 + seg - 6 };
  return { queueX0: x0 + seg - 6 - qw, queueX1: x0 + seg - 6, wireX0: x0 + seg - qw - 12, wireX1: x0 + 6 };
}

function cross(ctx: CanvasRenderingContext2D, x: number, y: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x - r, y - r);
  ctx.lineTo(x + r, y + r);
  ctx.moveTo(x + r, y - r);
  ctx.lineTo(x - r, y + r);
  ctx.stroke();
}

function drawLane(
  ctx: CanvasRenderingContext2D,
  tracks: LinkTrack[],
  width: number,
  y: number,
  t: number,
  reverse: boolean,
  limitOf: (track: LinkTrack) => number,
  s: DrawStyle,
) {
  const boxH = 34;
  tracks.forEach((track, i) => {
    const g = laneGeometry(width, tracks.length, i, reverse);
    // The wire.
    ctx.strokeStyle = s.muted;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(g.wireX0, y);
    ctx.lineTo(g.wireX1, y);
    ctx.stroke();
    // The queue, filled to its length against its limit.
    const n = queueAt(track, t);
    const limit = Math.max(1, limitOf(track));
    const fill = Math.min(1, n / limit);
    ctx.fillStyle = s.queueFill;
    ctx.fillRect(g.queueX0, y + boxH / 2 - boxH * fill, g.queueX1 - g.queueX0, boxH * fill);
    ctx.strokeStyle = s.ink;
    ctx.lineWidth = 1;
    ctx.strokeRect(g.queueX0, y - boxH / 2, g.queueX1 - g.queueX0, boxH);
    ctx.fillStyle = s.ink;
    ctx.font = `${s.font}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.fillText(`${n}/${limit}`, (g.queueX0 + g.queueX1) / 2, y + boxH / 2 + s.font + 2);
    if (!reverse) {
      ctx.fillText(track.link.name, (g.wireX0 + g.wireX1) / 2, y - boxH / 2 - 6);
      ctx.fillStyle = s.muted;
      ctx.fillText(
        `${track.link.rate_mbps} Mb/s, ${track.link.delay_ms} ms`,
        (g.wireX0 + g.wireX1) / 2,
        y + boxH / 2 + s.font + 2,
      );
    }
    // Packets on the wire now.
    ctx.fillStyle = reverse ? s.ack : s.data;
    for (const c of track.crossings) {
      if (c.start > t) break;
      const f = wireFraction(c, t);
      if (f === null) continue;
      const x = g.wireX0 + f * (g.wireX1 - g.wireX0);
      ctx.globalAlpha = c.lost ? 0.35 : 1;
      ctx.fillRect(x - 3, y - 7, 6, 14);
    }
    ctx.globalAlpha = 1;
    // Drops so far, where they happened: at the queue or at the wire's far end.
    ctx.strokeStyle = s.drop;
    ctx.lineWidth = 3;
    for (const d of track.drops) {
      if (d.t > t) break;
      const x = d.where === 'queue' ? (g.queueX0 + g.queueX1) / 2 : g.wireX1;
      cross(ctx, x, d.where === 'queue' ? y - boxH / 2 - 4 : y, 8);
    }
  });
}

export function drawPath(
  ctx: CanvasRenderingContext2D,
  trace: PathTrace,
  width: number,
  height: number,
  t: number,
  limitOf: (track: LinkTrack) => number,
  s: DrawStyle = DEFAULT_STYLE,
) {
  ctx.clearRect(0, 0, width, height);
  const dataY = height * 0.36;
  const ackY = height * 0.78;
  ctx.fillStyle = s.ink;
  ctx.font = `${s.font + 2}px sans-serif`;
  ctx.textAlign = 'left';
  ctx.fillText(`t = ${t.toFixed(4)} s`, 8, s.font + 6);
  ctx.textAlign = 'center';
  ctx.font = `${s.font}px sans-serif`;
  ctx.fillText('sender', SIDE / 2, dataY - 24);
  ctx.fillText('receiver', width - SIDE / 2, dataY - 24);
  ctx.fillRect(SIDE / 2 - 8, dataY - 14, 16, ackY - dataY + 28);
  ctx.fillRect(width - SIDE / 2 - 8, dataY - 14, 16, ackY - dataY + 28);
  ctx.fillStyle = s.data;
  ctx.textAlign = 'left';
  ctx.fillText('data →', SIDE + 4, dataY - 40);
  ctx.fillStyle = s.ack;
  ctx.fillText('← ACKs', SIDE + 4, ackY - 26);
  drawLane(ctx, trace.forward, width, dataY, t, false, limitOf, s);
  drawLane(ctx, trace.reverse, width, ackY, t, true, limitOf, s);
}
