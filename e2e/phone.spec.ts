// The lab on a phone (390x844): every tap target at least 24x24 px (WCAG 2.5.8), no
// text under 11 px (the topology picture's labels were ~7 px), and the controls a column
// of closed sections, so the charts are a short scroll away (the sidebar was a 403 px
// scrolling box holding 2,388 px of controls).
import { expect, test, type Page } from '@playwright/test';
import { compareSettled, liveSettled, ready, sweepDone } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

const VIEWS = [
  { name: 'live', hash: '#v=2&duration_s=5', settle: liveSettled },
  { name: 'live, three flows', hash: '#v=2&duration_s=5&flows=3&f1.protocol=cubic', settle: liveSettled },
  { name: 'compare', hash: '#v=2&duration_s=5&view=compare', settle: compareSettled },
  { name: 'sweep', hash: '#v=2&duration_s=5&view=sweep&sweep.n=4&sweep.k=1', settle: (p: Page) => sweepDone(p) },
  { name: 'validation', hash: '#v=2&view=validation', settle: ready },
];

/** Visible targets smaller than 24x24 px, and visible text under 11 px, anywhere on the page. */
async function smallThings(page: Page) {
  return page.evaluate(() => {
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
    // A link inside a sentence is exempt (WCAG 2.5.8's inline exception); every other target counts.
    const inline = (el: Element) =>
      el.tagName === 'A' &&
      getComputedStyle(el).display === 'inline' &&
      [...(el.parentElement?.childNodes ?? [])].some((n) => n !== el && (n.textContent ?? '').trim().length > 0);
    const targets = [
      ...document.querySelectorAll<HTMLElement>(
        'button, input:not([type=hidden]), select, a[href], summary, [role=tab], [role=button], [tabindex="0"]',
      ),
    ].filter((el) => el.checkVisibility({ checkVisibilityCSS: true }) && !inline(el));
    const small: string[] = [];
    for (const el of targets) {
      const r = el.getBoundingClientRect();
      if (r.width < 24 || r.height < 24) small.push(`${name(el)} ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
    }
    // Text: each element with text of its own, at its size on screen (an svg's scale included).
    const tiny: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement | SVGElement>('body *')) {
      if (!('checkVisibility' in el) || !el.checkVisibility({ checkVisibilityCSS: true })) continue;
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim());
      if (!own || el.closest('[aria-hidden="true"], .sr-only, .visually-hidden')) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) continue; // clipped away for screen readers
      let px = Number.parseFloat(getComputedStyle(el).fontSize);
      if (el instanceof SVGGraphicsElement) {
        const m = el.getScreenCTM(); // its scale, whatever its rotation (a y title is turned 90°)
        if (m) px *= Math.hypot(m.a, m.b);
      }
      if (px < 11) tiny.push(`${name(el)} ${px.toFixed(1)} px`);
    }
    return { small, tiny };
  });
}

for (const v of VIEWS) {
  test(`${v.name}: every tap target is at least 24x24 px and no text under 11 px`, async ({ page }, info) => {
    test.setTimeout(90_000);
    await page.goto('/' + v.hash);
    await v.settle(page);
    // The controls as a student uses them: the sections opened one by one.
    const folds = page.locator('.sidebar details.fold > summary:visible');
    for (let i = 0; i < (await folds.count()); i++) await folds.nth(i).click();
    const { small, tiny } = await smallThings(page);
    await page.screenshot({ path: info.outputPath(`${v.name}.png`), fullPage: true });
    expect(small, 'tap targets under 24x24 px').toEqual([]);
    expect(tiny, 'text under 11 px').toEqual([]);
  });
}

test('the controls fold into closed sections; the charts follow them within a screen and a half', async ({ page }) => {
  await page.goto('/#v=2&duration_s=5');
  await liveSettled(page);
  const sidebar = page.locator('.sidebar');
  const folds = sidebar.locator('details.fold');
  expect(await folds.count()).toBeGreaterThanOrEqual(4);
  for (const name of ['Flows', 'Path']) await expect(sidebar.getByTestId(`fold:${name}`)).toBeVisible();
  // Closed at first: the sidebar is a column of one-line sections, not a scrolling box.
  for (const open of await folds.evaluateAll((ds) => ds.map((d) => (d as HTMLDetailsElement).open)))
    expect(open).toBe(false);
  const box = (await sidebar.boundingBox())!;
  expect(box.height, 'the folded sidebar').toBeLessThanOrEqual(844 * 0.6);
  const inner = await sidebar.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
  expect(inner.scroll, 'a scrolling box inside the page').toBeLessThanOrEqual(inner.client + 1);
  const chart = (await page.getByTestId('chart-cwnd').boundingBox())!;
  expect(chart.y, 'the first chart').toBeLessThanOrEqual(844 * 2.5);
  // A section opens and closes; its controls work as before.
  const path = sidebar.getByTestId('fold:Path');
  await path.locator(':scope > summary').click();
  const rate = page.getByTestId('topology.bottleneck.rate_mbps:slider');
  await expect(rate).toBeVisible();
  await rate.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/topology\.bottleneck\.rate_mbps=/);
  await path.locator(':scope > summary').click();
  await expect(rate).toBeHidden();
});
