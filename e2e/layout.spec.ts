// The page on a phone, a laptop and a desktop: no sideways scrolling on any view, a
// compact header, the Papers button and menu on screen, the status on at most two
// lines; and the view tabs by keyboard, with a focus ring that shows on the header.
import { expect, test, type Page } from '@playwright/test';
import { compareSettled, liveSettled, ready, sweepDone, contrast } from './helpers';

const SIZES = [
  { width: 390, height: 844 },
  { width: 1024, height: 768 },
  { width: 1440, height: 1000 },
];

const VIEWS = [
  { name: 'live', hash: '#v=2', settle: liveSettled },
  { name: 'compare', hash: '#v=2&view=compare', settle: compareSettled },
  { name: 'sweep', hash: '#v=2&view=sweep&sweep.n=4&sweep.k=1', settle: (p: Page) => sweepDone(p) },
  { name: 'validation', hash: '#v=2&view=validation', settle: ready },
];

async function measure(page: Page) {
  return page.evaluate(() => {
    const status = document.querySelector<HTMLElement>('[data-testid="status"]')!;
    const cs = getComputedStyle(status);
    const lineHeight = Number.parseFloat(cs.lineHeight) || Number.parseFloat(cs.fontSize) * 1.4;
    const papers = document.querySelector('[data-testid="papers-button"]')!.getBoundingClientRect();
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      header: document.querySelector('header.top')!.getBoundingClientRect().height,
      statusLines: Math.round(status.getBoundingClientRect().height / lineHeight),
      papers: { left: papers.left, right: papers.right, top: papers.top, bottom: papers.bottom },
      // Header controls drawn over one another (the Papers button under "Copy link" at
      // 1400 px once the header had seven buttons): pairs of boxes that intersect.
      overlaps: (() => {
        const boxes = [...document.querySelectorAll<HTMLElement>('header.top button, header.top [role="tab"]')]
          .filter((el) => el.offsetParent !== null)
          .map((el) => ({ name: el.textContent?.trim() ?? '', r: el.getBoundingClientRect() }));
        const out: string[] = [];
        for (let i = 0; i < boxes.length; i++)
          for (let j = i + 1; j < boxes.length; j++) {
            const a = boxes[i].r;
            const b = boxes[j].r;
            if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
              out.push(`${boxes[i].name} / ${boxes[j].name}`);
          }
        return out;
      })(),
    };
  });
}

for (const size of SIZES) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size });

    test('every view fits the width, with a compact header and the Papers button on screen', async ({ page }, info) => {
      test.setTimeout(120_000);
      for (const v of VIEWS) {
        await page.goto('/' + v.hash);
        await ready(page);
        await v.settle(page);
        // Once laid out at this size: in a reused browser context the page can be measured
        // before its charts have followed the new viewport (795 px wide at 390 once in CI).
        await expect
          .poll(async () => (await measure(page)).scrollWidth, { message: `${v.name}: page wider than the screen` })
          .toBeLessThanOrEqual(size.width);
        const m = await measure(page);
        expect(m.header, `${v.name}: header height`).toBeLessThanOrEqual(120);
        expect(m.papers.left, v.name).toBeGreaterThanOrEqual(0);
        expect(m.papers.right, v.name).toBeLessThanOrEqual(m.innerWidth);
        expect(m.papers.bottom, v.name).toBeLessThanOrEqual(m.header);
        expect(m.statusLines, `${v.name}: status lines`).toBeLessThanOrEqual(2);
        expect(m.overlaps, `${v.name}: header controls over one another`).toEqual([]);
        await page.screenshot({ path: info.outputPath(`${v.name}-${size.width}.png`) });
      }
    });

    test('the Papers menu opens inside the screen and a preset opens from it', async ({ page }) => {
      await page.goto('/#v=2');
      await liveSettled(page);
      await page.getByTestId('papers-button').click();
      const menu = page.getByTestId('papers-menu');
      await expect(menu).toBeVisible();
      const box = (await menu.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      expect((await measure(page)).scrollWidth).toBeLessThanOrEqual(size.width);
      await menu.getByTestId('preset:fall-floyd-drops').click();
      await expect(page.getByTestId('preset-note')).toHaveAttribute('data-preset', 'fall-floyd-drops');
      await compareSettled(page);
      expect((await measure(page)).scrollWidth).toBeLessThanOrEqual(size.width);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a table wider than the screen scrolls inside its own box, and the controls sit above the charts', async ({
    page,
  }) => {
    await page.goto('/#v=2&view=compare');
    await compareSettled(page);
    const scroll = page.locator('.table-scroll', { has: page.getByTestId('compare-table') });
    const dims = await scroll.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(dims.scroll).toBeGreaterThan(dims.client);
    expect((await measure(page)).scrollWidth).toBeLessThanOrEqual(390);
    // One column: the charts are as wide as the results, under the controls.
    const sidebar = (await page.locator('.sidebar').boundingBox())!;
    const results = (await page.locator('.results').boundingBox())!;
    expect(results.y).toBeGreaterThanOrEqual(sidebar.y + sidebar.height);
    expect(results.width).toBeGreaterThan(360);
  });

  test('the validation table reads as one card per claim, not columns a few letters wide', async ({ page }) => {
    await page.goto('/#v=2&view=validation');
    await ready(page);
    const cells = page.locator('table.validation-table tr.claim').first().locator('td');
    await expect(cells.first()).toBeVisible();
    for (const box of await cells.evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().width)))
      expect(box).toBeGreaterThan(300);
    expect((await measure(page)).scrollWidth).toBeLessThanOrEqual(390);
  });
});

async function focusRing(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const cs = getComputedStyle(el);
    return {
      testId: el.getAttribute('data-testid'),
      style: cs.outlineStyle,
      width: Number.parseFloat(cs.outlineWidth),
      color: cs.outlineColor,
      header: getComputedStyle(document.querySelector('header.top')!).backgroundColor,
    };
  });
}

test('the view tabs work by keyboard (arrows, Home, End) and every header button shows a visible focus ring', async ({
  page,
}) => {
  await page.goto('/#v=2');
  await liveSettled(page);
  const tab = (v: string) => page.getByTestId(`view-${v}`);
  // One Tab stop for the whole tab list: the selected tab.
  await page.keyboard.press('Tab');
  await expect(tab('live')).toBeFocused();
  expect(await page.locator('[role=tab][tabindex="0"]').count()).toBe(1);
  let ring = await focusRing(page);
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  expect(contrast(ring.color, ring.header)).toBeGreaterThanOrEqual(3);

  await page.keyboard.press('ArrowRight');
  await expect(tab('compare')).toBeFocused();
  await expect(tab('compare')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('live')).toHaveAttribute('aria-selected', 'false');
  await expect(tab('compare')).toHaveAttribute('tabindex', '0');
  await expect(tab('live')).toHaveAttribute('tabindex', '-1');
  await expect(tab('compare')).toHaveAttribute('aria-controls', 'panel-lab');
  await expect(page.locator('.app')).toHaveAttribute('data-view', 'compare');
  await expect(page).toHaveURL(/view=compare/);

  await page.keyboard.press('End');
  await expect(tab('validation')).toBeFocused();
  await expect(page.locator('.app')).toHaveAttribute('data-view', 'validation');
  await expect(tab('validation')).toHaveAttribute('aria-controls', 'panel-validation');
  await expect(page.locator('#panel-validation')).toBeVisible();
  await page.keyboard.press('ArrowRight'); // wraps to the first
  await expect(tab('live')).toBeFocused();
  await expect(page.locator('.app')).toHaveAttribute('data-view', 'live');
  await page.keyboard.press('ArrowLeft'); // and back round to the last
  await expect(tab('validation')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tab('live')).toBeFocused();
  await expect(page.locator('.app')).toHaveAttribute('data-view', 'live');
  await liveSettled(page);

  // Tab leaves the tab list for the Papers button, then the link and reset buttons.
  for (const id of ['papers-button', 'copy-link', 'reset']) {
    await page.keyboard.press('Tab');
    ring = await focusRing(page);
    expect(ring.testId).toBe(id);
    expect(ring.style, id).toBe('solid');
    expect(ring.width, id).toBeGreaterThanOrEqual(2);
    expect(contrast(ring.color, ring.header), id).toBeGreaterThanOrEqual(3);
  }
});
