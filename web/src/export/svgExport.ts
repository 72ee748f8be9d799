// A chart as a self-contained image: its <svg> cloned with the computed styles that the
// page's CSS supplies (fonts, colours, strokes) written inline, since a file opened on
// its own has no stylesheet; the chart's title above and the experiment's link below;
// a canvas layer (the time–sequence chart draws its points on one) embedded as an
// <image>; under the plot the chart's key (its lines and its event markers, from the
// panel's declarations: legend.ts). PNG is that SVG drawn on a canvas at 2x.
import { isMarkerKey, KEY, layoutLegend, swatch, type LegendItem } from './legend';

const SVG_NS = 'http://www.w3.org/2000/svg';
const STYLE_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linejoin',
  'stroke-linecap',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'visibility',
  'display',
] as const;

const TITLE_H = 30;
const LINE_H = 15;
const PAD = 8;

function inlineStyles(src: Element, dst: Element): void {
  const cs = getComputedStyle(src);
  const style = STYLE_PROPS.map((p) => `${p}:${cs.getPropertyValue(p)}`).join(';');
  dst.setAttribute('style', style);
  const a = src.children;
  const b = dst.children;
  for (let i = 0; i < a.length && i < b.length; i++) inlineStyles(a[i], b[i]);
}

/** Splits a long link into lines that fit `width` px at about 6.6 px per character. */
function wrapLink(text: string, width: number): string[] {
  const per = Math.max(20, Math.floor((width - 2 * PAD) / 6.6));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += per) out.push(text.slice(i, i + per));
  return out.length ? out : [''];
}

function textEl(doc: Document, x: number, y: number, text: string, style: string): SVGTextElement {
  const t = doc.createElementNS(SVG_NS, 'text');
  t.setAttribute('x', String(x));
  t.setAttribute('y', String(y));
  t.setAttribute('style', style);
  t.textContent = text;
  return t;
}

/** The key's rows at `top`; its height (0 without a key). */
function appendLegend(out: Document, root: Element, items: readonly LegendItem[], w: number, top: number): number {
  const { heads, items: placed, rows } = layoutLegend(items, w);
  if (rows === 0) return 0;
  const g = out.createElementNS(SVG_NS, 'g');
  g.setAttribute('class', 'export-legend');
  for (const h of heads)
    g.append(
      textEl(out, KEY.pad, top + h.row * KEY.row + 13, h.text, 'font: 600 12px system-ui, sans-serif; fill: #44505e'),
    );
  for (const it of placed) {
    const y = top + it.row * KEY.row + 9;
    const sw = swatch(it, it.x, y);
    const path = out.createElementNS(SVG_NS, 'path');
    path.setAttribute('d', sw.d);
    path.setAttribute('fill', sw.fill);
    path.setAttribute('stroke', sw.stroke);
    path.setAttribute('stroke-width', String(sw.width));
    if (it.dash && !isMarkerKey(it.shape)) path.setAttribute('stroke-dasharray', it.dash);
    g.append(path);
    g.append(
      textEl(out, it.x + KEY.swatch + KEY.gap, y + 4, it.label, 'font: 12px system-ui, sans-serif; fill: #1b2430'),
    );
  }
  root.append(g);
  return rows * KEY.row + PAD;
}

export interface SvgExport {
  text: string;
  width: number;
  height: number;
}

/** The chart's <svg> as a standalone SVG document with title, key and link caption. */
export function serializeChart(
  svg: SVGSVGElement,
  title: string,
  link: string,
  legend: readonly LegendItem[] = [],
): SvgExport {
  const box = svg.getBoundingClientRect();
  const vb = svg.viewBox.baseVal;
  const w = vb && vb.width > 0 ? vb.width : Math.round(box.width);
  const h = vb && vb.height > 0 ? vb.height : Math.round(box.height);
  const clone = svg.cloneNode(true) as SVGSVGElement;
  inlineStyles(svg, clone);

  // A canvas layer in the same chart body (drawn under the svg) becomes an <image>.
  const layers: SVGImageElement[] = [];
  const body = svg.parentElement;
  const scale = box.width > 0 ? w / box.width : 1;
  body?.querySelectorAll('canvas').forEach((c) => {
    const r = c.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return;
    const img = document.createElementNS(SVG_NS, 'image');
    img.setAttribute('x', String((r.left - box.left) * scale));
    img.setAttribute('y', String((r.top - box.top) * scale));
    img.setAttribute('width', String(r.width * scale));
    img.setAttribute('height', String(r.height * scale));
    img.setAttribute('href', c.toDataURL('image/png'));
    layers.push(img);
  });

  const linkLines = wrapLink(`Protocol Lab · ${link}`, w);
  const keyH = layoutLegend(legend, w).rows > 0 ? layoutLegend(legend, w).rows * KEY.row + PAD : 0;
  const totalH = TITLE_H + h + keyH + PAD + linkLines.length * LINE_H + PAD;
  const out = document.implementation.createDocument(SVG_NS, 'svg', null);
  const root = out.documentElement as unknown as SVGSVGElement;
  root.setAttribute('xmlns', SVG_NS);
  root.setAttribute('width', String(w));
  root.setAttribute('height', String(totalH));
  root.setAttribute('viewBox', `0 0 ${w} ${totalH}`);
  root.setAttribute('font-family', 'system-ui, sans-serif');

  const bg = out.createElementNS(SVG_NS, 'rect');
  bg.setAttribute('width', '100%');
  bg.setAttribute('height', '100%');
  bg.setAttribute('fill', '#ffffff');
  root.append(bg);
  const titleEl = textEl(out, PAD, 21, title, 'font: 700 17px system-ui, sans-serif; fill: #1b2430');
  titleEl.setAttribute('class', 'export-title');
  root.append(titleEl);

  const plot = out.createElementNS(SVG_NS, 'g');
  plot.setAttribute('transform', `translate(0,${TITLE_H})`);
  for (const l of layers) plot.append(out.importNode(l, true));
  clone.removeAttribute('style');
  clone.setAttribute('x', '0');
  clone.setAttribute('y', '0');
  clone.setAttribute('width', String(w));
  clone.setAttribute('height', String(h));
  clone.setAttribute('viewBox', `0 0 ${w} ${h}`);
  clone.setAttribute('overflow', 'visible');
  plot.append(out.importNode(clone, true));
  root.append(plot);
  appendLegend(out, root, legend, w, TITLE_H + h + PAD);

  const caption = out.createElementNS(SVG_NS, 'g');
  caption.setAttribute('class', 'export-caption');
  linkLines.forEach((line, i) => {
    caption.append(
      textEl(
        out,
        PAD,
        TITLE_H + h + keyH + PAD + (i + 1) * LINE_H - 3,
        line,
        'font: 11px ui-monospace, monospace; fill: #44505e',
      ),
    );
  });
  root.append(caption);

  const text = '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(root);
  return { text, width: w, height: totalH };
}

/** The exported SVG rasterised at `scale`x on a white background. */
export async function rasterize(svg: SvgExport, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg.text], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(svg.width * scale);
    canvas.height = Math.round(svg.height * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('this browser gives no 2D canvas');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the PNG could not be encoded'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
