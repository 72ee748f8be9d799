// On the screens a lecture has (a 1280x720 projector, a 1920x1080 one): every Live,
// Compare and Sweep layout, with one flow and with several, in presentation mode and on
// the normal page. Presentation mode fits the screen without scrolling, its header on one
// row, its axis titles at a size the back row reads (they once shrank to 11 px); on both,
// nothing is wider than the screen, every chart is at least a readable size and whole on
// the screen, and no axis title is cut (the y title of a 50 px plot read "window (segm").
// Presentation mode shows the Live and Compare charts a page at a time (two a page at
// 720 lines, four at 1080): every page is measured, turned with its buttons.
//
// One page per layout and size, for both cases: it opens in presentation mode, then
// leaves it with the Present button as an instructor does (the same runs, not run again).
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
  {
    name: 'sweep, one curve per protocol',
    hash: '#v=2&duration_s=5&view=sweep&sweep.n=4&sweep.k=1&sweep.by=protocol',
    settle: (p: Page) => sweepDone(p),
    tablesBelow: true,
  },
];

/** The smallest chart (its drawing: the svg with its axes; a plot of about 190x70 px) that reads from the
 * back of a room: a plot under it (~175x50 px) could not show a curve's shape. */
const MIN_CHART = { width: 280, height: 140 };

/** The smallest chart presentation mode draws, for the back of a lecture hall: half the
 * width of a 1280-px projector and about a third of its height (a page of charts, the
 * Sweep's chart under its compact settings; seven charts on one screen drew 294x146). */
const MIN_PRESENT_CHART = { width: 560, height: 260 };

/** The smallest axis title presentation mode draws (its own size is 19 px; a title too long
 * for its side is drawn smaller, chartFrame.ts): below it the back row cannot read it. */
const MIN_PRESENT_TITLE_PX = 16;

interface Fit {
  scrollHeight: number;
  scrollWidth: number;
  headerRows: number;
  charts: { id: string; width: number; height: number; top: number; bottom: number; titles: number }[];
  cut: string[];
  /** The smallest axis title's font size (px). */
  titlePx: number;
  /** Presentation mode's chart pages (1 without page buttons). */
  pages: number;
}

async function measure(page: Page): Promise<Fit> {
  return page.evaluate(() => {
    const cut: string[] = [];
    let titlePx = Infinity;
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
          titlePx = Math.min(titlePx, parseFloat(getComputedStyle(t).fontSize));
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
      titlePx,
      pages: Math.max(1, document.querySelectorAll('[data-testid="chart-pager"] li').length),
    };
  });
}

async function settled(page: Page) {
  // Two frames for the heights measured after the run's render to settle.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForTimeout(200);
}

function check(m: Fit, size: { width: number; height: number }, present: boolean, tablesBelow: boolean, at: string) {
  expect(m.scrollWidth, `${at}: page wider than the screen`).toBeLessThanOrEqual(size.width);
  if (present) {
    if (tablesBelow)
      for (const c of m.charts) expect(c.bottom, `${at}: ${c.id} below the fold`).toBeLessThanOrEqual(size.height);
    else expect(m.scrollHeight, `${at}: presentation mode scrolls`).toBeLessThanOrEqual(size.height);
    expect(m.headerRows, `${at}: presentation mode's header wraps`).toBe(1);
    expect(m.titlePx, `${at}: an axis title too small to read`).toBeGreaterThanOrEqual(MIN_PRESENT_TITLE_PX);
  }
  expect(m.charts.length, `${at}: charts shown`).toBeGreaterThan(0);
  const least = present ? MIN_PRESENT_CHART : MIN_CHART;
  for (const c of m.charts) {
    expect(c.width, `${at}: ${c.id} width`).toBeGreaterThanOrEqual(least.width);
    expect(c.height, `${at}: ${c.id} height`).toBeGreaterThanOrEqual(least.height);
    expect(c.titles, `${at}: ${c.id}: axis titles`).toBeGreaterThanOrEqual(2);
    // Whole on the screen: the page may scroll to it, but never be taller than the screen.
    expect(c.bottom - c.top, `${at}: ${c.id} taller than the screen`).toBeLessThanOrEqual(size.height);
  }
  expect(m.cut, `${at}: axis titles cut`).toEqual([]);
}

for (const size of SIZES) {
  for (const l of LAYOUTS) {
    test.describe(`${l.name} at ${size.width}x${size.height}`, () => {
      let page: Page;
      test.beforeAll(async ({ browser }, info) => {
        page = await browser.newPage({ viewport: size, baseURL: info.project.use.baseURL });
        await page.goto('/' + l.hash + '&present=1');
        await l.settle(page);
      });
      test.afterAll(async () => page?.close());

      test('presentation mode: fits, every chart readable, no axis title cut', async ({}, info) => {
        test.setTimeout(90_000);
        await expect(page.locator('.app')).toHaveClass(/present/);
        await settled(page);
        const first = await measure(page);
        await page.screenshot({ path: info.outputPath(`${l.name}-present.png`) });
        check(first, size, true, 'tablesBelow' in l, 'page 1');
        // Every other page of charts, by its button.
        const seen = new Set(first.charts.map((c) => c.id));
        for (let i = 1; i < first.pages; i++) {
          await page.getByTestId(`chart-page:${i}`).click();
          await expect(page.getByTestId(`chart-page:${i}`)).toHaveAttribute('aria-current', 'page');
          await settled(page);
          const m = await measure(page);
          await page.screenshot({ path: info.outputPath(`${l.name}-present-${i + 1}.png`) });
          check(m, size, true, 'tablesBelow' in l, `page ${i + 1}`);
          for (const c of m.charts) seen.add(c.id);
        }
        info.annotations.push({ type: 'charts', description: `${first.pages} page(s): ${[...seen].join(' ')}` });
        if (first.pages > 1) await page.getByTestId('chart-page:0').click();
      });

      test('the normal page: nothing wider than the screen, every chart readable, no axis title cut', async ({}, info) => {
        test.setTimeout(90_000);
        await page.getByTestId('present').click();
        await expect(page.locator('.app')).not.toHaveClass(/present/);
        await settled(page);
        const m = await measure(page);
        await page.screenshot({ path: info.outputPath(`${l.name}-page.png`) });
        check(m, size, false, 'tablesBelow' in l, 'the normal page');
      });
    });
  }
}
