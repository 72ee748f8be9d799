// A 2D context for tests: records each path command (with the alpha in force) instead
// of drawing, so a test can check where a chart's canvas drawing went.
export interface Op {
  op: 'moveTo' | 'lineTo' | 'fillRect' | 'stroke' | 'fill' | 'closePath';
  x?: number;
  y?: number;
  alpha: number;
  style: string;
}

export function recorder() {
  const ops: Op[] = [];
  const stack: { alpha: number }[] = [];
  const ctx = {
    strokeStyle: '' as string | CanvasGradient | CanvasPattern,
    fillStyle: '' as string | CanvasGradient | CanvasPattern,
    lineWidth: 1,
    globalAlpha: 1,
    lineJoin: 'miter' as CanvasLineJoin,
    dash: [] as number[],
    beginPath() {},
    moveTo(x: number, y: number) {
      ops.push({ op: 'moveTo', x, y, alpha: ctx.globalAlpha, style: String(ctx.strokeStyle) });
    },
    lineTo(x: number, y: number) {
      ops.push({ op: 'lineTo', x, y, alpha: ctx.globalAlpha, style: String(ctx.strokeStyle) });
    },
    fillRect(x: number, y: number) {
      ops.push({ op: 'fillRect', x, y, alpha: ctx.globalAlpha, style: String(ctx.fillStyle) });
    },
    closePath() {
      ops.push({ op: 'closePath', alpha: ctx.globalAlpha, style: '' });
    },
    stroke() {
      ops.push({ op: 'stroke', alpha: ctx.globalAlpha, style: String(ctx.strokeStyle) });
    },
    fill() {
      ops.push({ op: 'fill', alpha: ctx.globalAlpha, style: String(ctx.fillStyle) });
    },
    save() {
      stack.push({ alpha: ctx.globalAlpha });
    },
    restore() {
      ctx.globalAlpha = stack.pop()?.alpha ?? 1;
    },
    setLineDash(d: number[]) {
      ctx.dash = d;
    },
  };
  return { ctx, ops };
}
