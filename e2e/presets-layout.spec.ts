// What an instructor meets opening the papers' experiments on a 1920x1080 projector: the
// chart comes first (the paper's table of numbers and claims is folded under one line
// that counts the verdicts); a row opened from far down the Validation page shows its
// experiment from the top; the shortcut list's Close button can be seen.
import { expect, test, type Page } from '@playwright/test';
import { openPreset, ready, contrast } from './helpers';

test.use({ viewport: { width: 1920, height: 1080 } });

/** The first chart's figure, once the view has drawn one. */
async function firstChart(page: Page) {
  const fig = page.locator('figure.chart').first();
  await expect(fig).toBeVisible({ timeout: 30_000 });
  return (await fig.boundingBox())!;
}

// A sweep with the longest table (20 published numbers, 27 claims), one with 47 claims, a compare.
for (const id of ['rrtp-friendliness', 'tcp-real-table1', 'le-fig5-fairness']) {
  test(`${id}: the chart is on the first screen, the paper's table folded under it`, async ({ page }, info) => {
    await page.goto('/#v=2&duration_s=5');
    await ready(page);
    await openPreset(page, id);
    const chart = await firstChart(page);
    await page.screenshot({ path: info.outputPath(`${id}.png`) });
    expect(chart.y, 'the chart starts on the first screen').toBeGreaterThanOrEqual(0);
    expect(chart.y + Math.min(chart.height, 400), 'and its plot shows there').toBeLessThanOrEqual(1080);
    const fold = page.getByTestId('preset-evidence-fold');
    await expect(fold).toBeVisible();
    expect(await fold.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await expect(page.getByTestId('evidence')).toBeHidden();
    // The summary counts the claims; opening it shows the table and changes no link.
    await expect(fold.locator('summary')).toContainText(/\d+ claims?/);
    const hash = await page.evaluate(() => location.hash);
    await fold.locator('summary').click();
    await expect(page.getByTestId('evidence')).toBeVisible();
    expect(await page.evaluate(() => location.hash)).toBe(hash);
    await expect(page.getByTestId('preset-note')).toHaveAttribute('data-preset', id);
  });
}

test('a row opened from far down the Validation page shows its experiment from the top', async ({ page }) => {
  await page.goto('/#v=2&view=validation');
  await ready(page);
  const links = page.locator('#panel-validation a[data-testid^="open:"][href*="view=compare"]');
  await expect(links.first()).toBeAttached({ timeout: 30_000 });
  const link = links.last();
  await link.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await link.click();
  await expect(page.locator('.app')).toHaveAttribute('data-view', 'compare');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the shortcut list's Close button and its focus ring stand out from the list", async ({ page }) => {
  await page.goto('/#v=2&duration_s=5&present=1');
  await ready(page);
  await page.keyboard.press('?');
  const close = page.getByTestId('shortcut-close');
  await expect(close).toBeFocused();
  const colours = async () =>
    close.evaluate((el) => {
      // The first opaque background at or behind the button.
      const bg = (from: Element | null): string => {
        for (let e = from; e; e = e.parentElement) {
          const c = getComputedStyle(e).backgroundColor;
          if (c && !/rgba\(.*,\s*0\)$/.test(c) && c !== 'transparent') return c;
        }
        return 'rgb(255, 255, 255)';
      };
      const cs = getComputedStyle(el);
      return {
        text: cs.color,
        button: bg(el),
        list: bg(el.closest('.shortcut-list')),
        ring: cs.outlineColor,
        ringStyle: cs.outlineStyle,
      };
    });
  // Focused by the keyboard (the list opened from "?"): text, button and ring.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  let c = await colours();
  expect(contrast(c.text, c.button), `text ${c.text} on ${c.button}`).toBeGreaterThanOrEqual(4.5);
  expect(c.ringStyle).toBe('solid');
  expect(contrast(c.ring, c.list), `focus ring ${c.ring} on ${c.list}`).toBeGreaterThanOrEqual(3);
  // Under the pointer too.
  await close.hover();
  c = await colours();
  expect(contrast(c.text, c.button), `hovered: text ${c.text} on ${c.button}`).toBeGreaterThanOrEqual(4.5);
  await close.click();
  await expect(page.getByTestId('shortcut-list')).toHaveCount(0);
});
