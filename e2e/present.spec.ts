// Presentation mode, embed mode and the keyboard shortcuts: what an instructor does in
// front of a class, by real key presses and clicks.
import { expect, test, type Page } from '@playwright/test';
import { compareSettled, liveSettled, openPreset, ready, sweepDone } from './helpers';

// The sender's four charts and the path's three (queue, utilization, RTT).
const LIVE_CHARTS = [
  'chart-cwnd',
  'chart-seq',
  'chart-tokens',
  'chart-app',
  'chart-queue',
  'chart-utilization',
  'chart-rtt',
];

async function strokeOf(page: Page, chart: string, series: string) {
  return page.getByTestId(chart).locator(`[data-series="${series}"]`).getAttribute('data-color');
}

/** The live charts on the page shown, by test id. */
async function shownCharts(page: Page): Promise<string[]> {
  return page
    .getByTestId('charts')
    .locator('figure.chart svg[data-testid]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
}

test('at 1920x1080 presentation mode shows the Live charts four at a time: every one inside the viewport on its page, the pages turned by button and by c / C', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#v=2&present=1');
  await liveSettled(page);
  await expect(page.locator('.app')).toHaveClass(/present/);
  const pager = page.getByRole('navigation', { name: 'Chart pages' });
  // The page buttons name their charts by the engine's short titles.
  await expect(pager.getByTestId('chart-page:0')).toHaveText('Window · Time–sequence · Queue · Utilization');
  await expect(pager.getByTestId('chart-page:1')).toHaveText('RTT · Tokens · Playback');
  await expect(pager.getByTestId('chart-page:0')).toHaveAttribute('aria-current', 'page');
  const seen: string[] = [];
  for (let i = 0; i < 2; i++) {
    if (i > 0) await page.keyboard.press('c');
    await expect(pager.getByTestId(`chart-page:${i}`)).toHaveAttribute('aria-current', 'page');
    const ids = await shownCharts(page);
    expect(ids.length, `page ${i + 1}`).toBe(i === 0 ? 4 : 3);
    for (const id of ids) {
      const box = await page.getByTestId(id).locator('xpath=ancestor::figure').boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.y, id).toBeGreaterThanOrEqual(0);
      expect(box!.x, id).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height, id).toBeLessThanOrEqual(1080);
      expect(box!.x + box!.width, id).toBeLessThanOrEqual(1920);
      // Large enough for the back row: a plot of a third of the screen's height at least.
      expect((await page.getByTestId(id).boundingBox())!.height, `${id} plot height`).toBeGreaterThan(280);
    }
    seen.push(...ids);
    const [h, w] = await page.evaluate(() => [
      document.documentElement.scrollHeight,
      document.documentElement.scrollWidth,
    ]);
    expect(h).toBeLessThanOrEqual(1080);
    expect(w).toBeLessThanOrEqual(1920);
  }
  // Every Live chart is on some page, each once.
  expect([...seen].sort()).toEqual([...LIVE_CHARTS].sort());
  // c past the last page comes back to the first; Shift+C goes back; a button picks a page.
  await page.keyboard.press('c');
  await expect(pager.getByTestId('chart-page:0')).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Shift+C');
  await expect(pager.getByTestId('chart-page:1')).toHaveAttribute('aria-current', 'page');
  await page.getByTestId('chart-page-prev').click();
  await expect(pager.getByTestId('chart-page:0')).toHaveAttribute('aria-current', 'page');
  // From the keyboard alone: the page button takes the focus and Enter opens its page.
  await pager.getByTestId('chart-page:1').focus();
  await page.keyboard.press('Enter');
  await expect(pager.getByTestId('chart-page:1')).toHaveAttribute('aria-current', 'page');
  expect(await shownCharts(page)).toEqual(['chart-rtt', 'chart-tokens', 'chart-app']);
  // A new run keeps the page shown; the normal page has no pages and every chart.
  await page.keyboard.press(']');
  await liveSettled(page);
  await expect(pager.getByTestId('chart-page:1')).toHaveAttribute('aria-current', 'page');
  await page.getByTestId('present').click();
  await expect(page.getByTestId('chart-pager')).toHaveCount(0);
  expect((await shownCharts(page)).sort()).toEqual([...LIVE_CHARTS].sort());
});

test('at 1280x720 presentation mode shows two charts a page, and Compare its figures table on a page of its own', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#v=2&duration_s=5&present=1');
  await liveSettled(page);
  await expect(page.getByTestId('chart-pager').locator('li')).toHaveCount(4);
  expect(await shownCharts(page)).toEqual(['chart-cwnd', 'chart-seq']);
  await page.goto('/#v=2&duration_s=5&view=compare&present=1');
  await compareSettled(page);
  const toggle = page.getByTestId('compare-figures-toggle');
  await expect(page.getByTestId('compare-table')).toHaveCount(0);
  await expect(page.getByTestId('cmp-chart-cwnd')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('compare-table')).toBeVisible();
  await expect(page.getByTestId('compare-charts')).toHaveCount(0);
  const h = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(h).toBeLessThanOrEqual(720);
  await toggle.click();
  await expect(page.getByTestId('cmp-chart-cwnd')).toBeVisible();
  await expect(page.getByTestId('compare-table')).toHaveCount(0);
  // The normal page shows the table and the charts, with no button.
  await page.getByTestId('present').click();
  await expect(page.getByTestId('compare-table')).toBeVisible();
  await expect(page.getByTestId('compare-figures-toggle')).toHaveCount(0);
});

type Box = { x: number; y: number; width: number; height: number };

/** Every figure inside the 1920x1080 viewport, no two overlapping, each plot readable,
 * no sideways scrolling (and none down either when nothing follows the charts). */
async function chartsFillScreen(page: Page, ids: string[], minPlot: number, tablesBelow = false) {
  const boxes: Box[] = [];
  for (const id of ids) {
    const fig = (await page.getByTestId(id).locator('xpath=ancestor::figure').boundingBox())!;
    expect(fig, id).not.toBeNull();
    expect(fig.y, id).toBeGreaterThanOrEqual(0);
    expect(fig.x, id).toBeGreaterThanOrEqual(0);
    expect(fig.y + fig.height, id).toBeLessThanOrEqual(1080);
    expect(fig.x + fig.width, id).toBeLessThanOrEqual(1920);
    const plot = (await page.getByTestId(id).boundingBox())!;
    expect(plot.height, `${id} plot height`).toBeGreaterThanOrEqual(minPlot);
    boxes.push(fig);
  }
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      expect(apart, `${ids[i]} and ${ids[j]} overlap`).toBe(true);
    }
  const [h, w] = await page.evaluate(() => [
    document.documentElement.scrollHeight,
    document.documentElement.scrollWidth,
  ]);
  if (!tablesBelow) expect(h).toBeLessThanOrEqual(1080);
  expect(w).toBeLessThanOrEqual(1920);
}

test('at 1920x1080 in presentation mode the Compare charts fill the screen, two by two, without overlapping', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#v=2&duration_s=5&view=compare&present=1');
  await compareSettled(page);
  await expect(page.locator('.app')).toHaveClass(/present/);
  const ids = ['cmp-chart-cwnd', 'cmp-chart-goodput', 'cmp-chart-tokens', 'cmp-chart-app'];
  for (const id of ids) await expect(page.getByTestId(id)).toBeVisible();
  await expect(page.getByTestId('compare-legend')).toBeVisible();
  await chartsFillScreen(page, ids, 220);
  // Two by two: the first two side by side, the next two below them.
  const y = await Promise.all(ids.map(async (id) => (await page.getByTestId(id).boundingBox())!.y));
  expect(Math.abs(y[0] - y[1])).toBeLessThan(2);
  expect(y[2]).toBeGreaterThan(y[0] + 200);
});

test('at 1920x1080 in presentation mode the Sweep chart fills the screen under its settings', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#v=2&duration_s=5&view=sweep&sweep.n=4&sweep.k=1&present=1');
  await sweepDone(page);
  await expect(page.getByTestId('sweep-run')).toBeVisible();
  // The table of points and the models' errors follow below the fold.
  await chartsFillScreen(page, ['chart-sweep'], 500, true);
  // The settings stay above it, not under it.
  const settings = (await page.getByRole('region', { name: 'Sweep settings' }).boundingBox())!;
  const chart = (await page.getByTestId('chart-sweep').locator('xpath=ancestor::figure').boundingBox())!;
  expect(settings.y + settings.height).toBeLessThanOrEqual(chart.y);
});

test('the Present button turns presentation mode on and off and writes it in the link; old links open as before', async ({
  page,
}) => {
  await page.goto('/#v=2&duration_s=5');
  await liveSettled(page);
  await expect(page.locator('.app')).not.toHaveClass(/present/);
  await expect(page.getByTestId('present-bar')).toHaveCount(0);
  await page.getByTestId('present').click();
  await expect(page.locator('.app')).toHaveClass(/present/);
  await expect(page).toHaveURL(/&present=1/);
  await expect(page.getByTestId('present-bar')).toBeVisible();
  await page.getByTestId('present').click();
  await expect(page.locator('.app')).not.toHaveClass(/present/);
  await expect(page).not.toHaveURL(/present=/);
});

test('] and [ step the forward loss, the link follows; keys typed in a field are not shortcuts', async ({ page }) => {
  await page.goto('/#v=2&duration_s=5&f0.channel.forward.p=0.01&present=1');
  await liveSettled(page);
  const loss = page.getByTestId('present-value:flows[0].channel.forward.p');
  await expect(loss).toHaveText('0.01');
  await page.keyboard.press(']');
  await expect(loss).toHaveText('0.02');
  await expect(page).toHaveURL(/f0\.channel\.forward\.p=0\.02(&|$)/);
  await page.keyboard.press('[');
  await page.keyboard.press('[');
  await expect(loss).toHaveText('0.005');
  await expect(page).toHaveURL(/f0\.channel\.forward\.p=0\.005(&|$)/);
  await page.keyboard.press('=');
  await expect(page.getByTestId('present-value:topology.bottleneck.rate_mbps')).toHaveText('20 Mb/s');
  // The bar's buttons step the same way, for a mouse or a clicker.
  await page.getByTestId('present-down:topology.bottleneck.delay_ms').click();
  await expect(page.getByTestId('present-value:topology.bottleneck.delay_ms')).toHaveText('10 ms');
  await expect(page).toHaveURL(/topology\.bottleneck\.delay_ms=10(&|$)/);
  // Out of presentation mode, with the focus in the duration box: ] is typed, not a shortcut.
  await page.getByTestId('present').click();
  await liveSettled(page);
  const box = page.locator('.controls [data-param="duration_s"] input:not([type=range])');
  await box.focus();
  await page.keyboard.press(']');
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/f0\.channel\.forward\.p=0\.005(&|$)/);
});

test('n and p step through the paper presets; ? lists the shortcuts', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  const presets = (await (await page.request.get('/presets/presets.json')).json()).presets as {
    id: string;
    hash: string;
  }[];
  const at = presets.findIndex((p) => p.id === 'fall-floyd-drops');
  await page.goto('/' + presets[at].hash);
  await expect(page.getByTestId('preset-note')).toHaveAttribute('data-preset', 'fall-floyd-drops');
  await page.keyboard.press('p');
  await expect(page.getByTestId('preset-note')).toHaveAttribute('data-preset', presets[at - 1].id);
  await page.keyboard.press('n');
  await expect(page.getByTestId('preset-note')).toHaveAttribute('data-preset', 'fall-floyd-drops');
  // Back returns to the preset before (each step is a history entry).
  await page.keyboard.press('PageUp');
  await expect(page.getByTestId('preset-note')).toHaveAttribute('data-preset', presets[at - 1].id);
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcut-list')).toBeVisible();
  await expect(page.getByTestId('shortcut-list')).toContainText('forward loss');
  // The manual control's keys are listed too, with what they do.
  await expect(page.getByTestId('shortcut-list').locator('tr[data-keys="b"]')).toContainText(
    'back off: halve the window',
  );
  await expect(page.getByTestId('shortcut-list').locator('tr[data-keys="g"]')).toContainText(
    'grow the window by one segment',
  );
  await expect(page.getByTestId('shortcut-list').locator('tr[data-keys="d"]')).toContainText('double the window');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('shortcut-list')).toHaveCount(0);
});

test('the colour-blind-safe palette changes the drawn stroke colours', async ({ page }) => {
  await page.goto('/#v=2&duration_s=5');
  await liveSettled(page);
  const before = await strokeOf(page, 'chart-cwnd', 'cwnd');
  await page.getByTestId('palette-cb').click();
  await expect(page).toHaveURL(/&palette=cb/);
  await expect.poll(() => strokeOf(page, 'chart-cwnd', 'cwnd')).not.toBe(before);
  expect(await strokeOf(page, 'chart-cwnd', 'cwnd')).toBe('#0072b2');
  expect(await strokeOf(page, 'chart-cwnd', 'ssthresh')).toBe('#e69f00');
  // Presentation mode brings the same palette by itself.
  await page.goto('/#v=2&duration_s=5&present=1');
  await liveSettled(page);
  expect(await strokeOf(page, 'chart-cwnd', 'cwnd')).toBe('#0072b2');
});

test('an embed link in an 800x450 frame shows the charts without the header or scrollbars', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 450 });
  await page.goto('/#v=2&duration_s=5&embed=1');
  await liveSettled(page);
  await expect(page.locator('header.top')).toBeHidden();
  await expect(page.getByTestId('chart-cwnd')).toBeVisible();
  const box = await page.getByTestId('chart-cwnd').boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(450);
  const [h, w] = await page.evaluate(() => [
    document.documentElement.scrollHeight,
    document.documentElement.scrollWidth,
  ]);
  expect(h).toBeLessThanOrEqual(450);
  expect(w).toBeLessThanOrEqual(800);
  const open = page.getByTestId('embed-open');
  await expect(open).toBeVisible();
  const href = await open.getAttribute('href');
  expect(href).toContain('duration_s=5');
  expect(href).not.toContain('embed=1');
});

test('presenting stays on through a preset opened from the Papers menu or with n', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#v=2&duration_s=5&present=1');
  await liveSettled(page);
  await openPreset(page, 'fall-floyd-drops');
  await expect(page).toHaveURL(/view=compare.*&present=1$/);
  await expect(page.locator('.app')).toHaveClass(/present/);
  await page.keyboard.press('p');
  await expect(page.getByTestId('preset-note')).not.toHaveAttribute('data-preset', 'fall-floyd-drops');
  await expect(page).toHaveURL(/&present=1$/);
  await expect(page.locator('.app')).toHaveClass(/present/);
});

test('an embedded compare view shows its legend and charts in 800x450 without scrollbars', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 450 });
  await page.goto('/#v=2&duration_s=5&view=compare&embed=1');
  await page.waitForFunction(
    () => Number(document.querySelector('[data-testid="compare-view"]')?.getAttribute('data-compare-id')) > 0,
  );
  await expect(page.locator('header.top')).toBeHidden();
  await expect(page.getByTestId('compare-legend')).toBeVisible();
  await expect(page.getByTestId('cmp-chart-cwnd')).toBeVisible();
  const [h, w] = await page.evaluate(() => [
    document.documentElement.scrollHeight,
    document.documentElement.scrollWidth,
  ]);
  expect(h).toBeLessThanOrEqual(450);
  expect(w).toBeLessThanOrEqual(800);
});

test('Page Up on a focused loss slider moves the slider, not to the next preset', async ({ page }) => {
  await page.goto('/#v=2&duration_s=5');
  await liveSettled(page);
  const slider = page.getByTestId('flows[0].channel.forward.p:slider');
  await slider.focus();
  await page.keyboard.press('PageUp');
  await expect(page).toHaveURL(/f0\.channel\.forward\.p=0\.0[2-9]/);
  await expect(page.getByTestId('preset-note')).toHaveCount(0);
  await expect(slider).toBeFocused();
});

test('an embedded sweep shows its chart alone, without the settings, in 800x450 without scrollbars', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 450 });
  await page.goto('/#v=2&duration_s=5&view=sweep&sweep.n=4&sweep.k=1&embed=1');
  // The link runs the sweep by itself; its points are drawn in the embed.
  await expect(page.getByTestId('chart-sweep')).toHaveAttribute('data-points', '4', { timeout: 30_000 });
  await expect(page.locator('header.top')).toBeHidden();
  for (const id of ['sweep-run', 'sweep.x', 'sweep.from', 'sweep-progress', 'model-error', 'sweep-table-panel'])
    await expect(page.getByTestId(id)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Sweep settings' })).toHaveCount(0);
  const box = (await page.getByTestId('chart-sweep').boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(450);
  // It fills the frame: the plot takes most of its height.
  expect(box.height).toBeGreaterThan(250);
  const [h, w] = await page.evaluate(() => [
    document.documentElement.scrollHeight,
    document.documentElement.scrollWidth,
  ]);
  expect(h).toBeLessThanOrEqual(450);
  expect(w).toBeLessThanOrEqual(800);
  const href = await page.getByTestId('embed-open').getAttribute('href');
  expect(href).toContain('view=sweep');
  expect(href).not.toContain('embed=1');
});
