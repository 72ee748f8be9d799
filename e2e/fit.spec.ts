// On the screens a lecture has (a 1280x720 projector, a 1920x1080 one): every Live,
// Compare and Sweep layout, with one flow and with several, in presentation mode and on
// the normal page. Presentation mode fits the screen without scrolling, its header on one
// row; on both, nothing is wider than the screen, every chart is at least a readable size
// and whole on the screen, and no axis title is cut (the y title of a 50 px plot read
// "window (segm").
import { expect, test, type Page } from '@playwright/test';
import { compareSettled, liveSettled, sweepDone } from './helpers';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
];

const MANY = '&flows=3&f1.protocol=cubic&f2.protocol=newreno';
const LAYOUTS = [
  { name: 'live', hash: '#v=2&duration_s=5', settle: liveSettled },
  { name: 'live, three flows', hash: `#v=2&duration_s=5${MANY}`, settle: liveSettled },
  { name: 'compare', hash: '#v=2&duration_s=5&view=compare', settle: compareSettled },
  { name: 'compare, three flows', hash: `#v=2&duration_s=5${MANY}&view=compare`, settle: compareSettled },
  // The sweep's table of points and the models' errors follow below its chart (present.spec.ts).
  {
    name: 'sweep',
    hash: '#v=2&duration_s=5&view=sweep&sweep.n=4&sweep.k=1',
    settle: (p: Page) => sweepDone(p),
    tablesBelow: true,
  },
];

/** The smallest chart (its drawing: the svg with its axes; a plot of about 190x70 px) that reads from the
 * back of a room: a plot under it (~175x50 px) could not show a curve's shape. */
const MIN_CHART = { width: 280, height: 140 };

interface Fit {
  scrollHeight: number;
  scrollWidth: number;
  headerRows: number;
  charts: { id: string; width: number; height: number; top: number; bottom: number; titles: number }[];
  cut: string[];
}

async function measure(page: Page): Promise<Fit> {
  return page.evaluate(() => {
    const cut: string[] = [];
    const charts = [...document.querySelectorAll<HTMLElement>('figure.chart')]
      .filter((f) => f.checkVisibility())
      .map((fig) => {
        const drawing = fig.querySelector<SVGSVGElement>('.chart-body svg[data-testid]')!;
        const id = drawing?.getAttribute('data-testid') ?? '?';
        const d = drawing.getBoundingClientRect();
        const f = fig.getBoundingClientRect();
        // Each axis title whole inside the drawing (an svg clips what leaves it) and the figure.
        const titles = [...drawing.querySelectorAll<SVGTextElement>('.axis-title')].filter((t) => t.textContent);
        for (const t of titles) {
          const r = t.getBoundingClientRect();
          const inside = (box: DOMRect) =>
            r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
          if (!inside(d) || !inside(f))
            cut.push(
              `${id}: "${t.textContent}" ${Math.round(r.width)}x${Math.round(r.height)} at ${Math.round(r.left)},${Math.round(r.top)} in ${Math.round(d.width)}x${Math.round(d.height)} at ${Math.round(d.left)},${Math.round(d.top)}`,
            );
        }
        return { id, width: d.width, height: d.height, top: f.top, bottom: f.bottom, titles: titles.length };
      });
    // The header's visible controls: one row when their middles are within a few px.
    const middles = [...document.querySelectorAll<HTMLElement>('header.top button, header.top [role="tab"]')]
      .filter((el) => el.checkVisibility())
      .map((el) => {
        const r = el.getBoundingClientRect();
        return r.top + r.height / 2;
      });
    return {
      scrollHeight: document.documentElement.scrollHeight,
      scrollWidth: document.documentElement.scrollWidth,
      headerRows: Math.max(...middles) - Math.min(...middles) < 12 ? 1 : 2,
      charts,
      cut,
    };
  });
}

/** Not there yet (see the branch's report): at 1280x720 seven or nine Live charts and the
 * Compare view's figures table leave plots of ~150 px, where "sequence number (segments)"
 * does not fit at 11 px and the Compare page still scrolls (797 px); at 1920x1080 nine
 * Live charts in three rows leave 170 px svgs, too short for the same title. */
const NOT_YET = new Set([
  'present 1280 live',
  'present 1280 live, three flows',
  'present 1280 compare',
  'present 1280 compare, three flows',
  'present 1920 live, three flows',
]);

for (const size of SIZES) {
  for (const present of [true, false]) {
    test.describe(`${present ? 'presentation mode' : 'the normal page'} at ${size.width}x${size.height}`, () => {
      test.use({ viewport: size });

      for (const l of LAYOUTS) {
        test(`${l.name}: fits, every chart readable, no axis title cut`, async ({ page }, info) => {
          test.setTimeout(90_000);
          test.fixme(present && NOT_YET.has(`present ${size.width} ${l.name}`), 'not there yet: see NOT_YET');
          await page.goto('/' + l.hash + (present ? '&present=1' : ''));
          await l.settle(page);
          // Two frames for the heights measured after the run's render to settle.
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          await page.waitForTimeout(200);
          const m = await measure(page);
          await page.screenshot({ path: info.outputPath(`${l.name}-${present ? 'present' : 'page'}.png`) });
          expect(m.scrollWidth, 'page wider than the screen').toBeLessThanOrEqual(size.width);
          if (present) {
            if ('tablesBelow' in l)
              for (const c of m.charts) expect(c.bottom, `${c.id} below the fold`).toBeLessThanOrEqual(size.height);
            else expect(m.scrollHeight, 'presentation mode scrolls').toBeLessThanOrEqual(size.height);
            expect(m.headerRows, "presentation mode's header wraps").toBe(1);
          }
          expect(m.charts.length, 'charts shown').toBeGreaterThan(0);
          for (const c of m.charts) {
            expect(c.width, `${c.id} width`).toBeGreaterThanOrEqual(MIN_CHART.width);
            expect(c.height, `${c.id} height`).toBeGreaterThanOrEqual(MIN_CHART.height);
            expect(c.titles, `${c.id}: axis titles`).toBeGreaterThanOrEqual(2);
            // Whole on the screen: the page may scroll to it, but never be taller than the screen.
            expect(c.bottom - c.top, `${c.id} taller than the screen`).toBeLessThanOrEqual(size.height);
          }
          expect(m.cut, 'axis titles cut').toEqual([]);
        });
      }
    });
  }
}
