// The compare and sweep views and the time–sequence chart, driven with real clicks.
import { expect, test, type Page } from '@playwright/test';
import { compareSettled, liveSettled, sweepDone } from './helpers';

// The window lines only (event markers are keyed "protocol:marker").
const cwndPaths = (page: Page) => page.locator('[data-testid="cmp-chart-cwnd"] [data-series]:not([data-series*=":"])');

test('compare: two protocols overlaid; a legend click hides one curve and shows it again', async ({ page }, info) => {
  await page.goto('/');
  await liveSettled(page);
  await page.getByTestId('view-compare').click();
  await expect(page).toHaveURL(/view=compare/);
  await compareSettled(page);
  // Down to two protocols: NewReno and CUBIC (untick SACK), with real clicks.
  await page.getByTestId('cmp-pick:sack').click();
  await expect(page).toHaveURL(/cmp=newreno,cubic/);
  await compareSettled(page);
  const chart = page.getByTestId('cmp-chart-cwnd');
  await expect(cwndPaths(page)).toHaveCount(2);
  await expect(chart).toHaveAttribute('data-series-keys', /^newreno,cubic(,|$)/);
  const both = Number(await chart.getAttribute('data-points'));
  expect(both).toBeGreaterThan(0);
  await expect(page.getByTestId('compare-table').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('cmp.cubic.goodput_mbps')).toHaveText(/^\d+\.\d\d$/);
  for (const id of ['cmp-chart-goodput', 'cmp-chart-tokens', 'cmp-chart-app'])
    await expect(page.locator(`[data-testid="${id}"] [data-series]`)).toHaveCount(2);
  await page.screenshot({ path: info.outputPath('compare.png') });

  await page.getByTestId('legend:cubic').click();
  await expect(page.getByTestId('legend:cubic')).toHaveAttribute('aria-pressed', 'false');
  await expect(cwndPaths(page)).toHaveCount(1);
  await expect(chart).toHaveAttribute('data-series-keys', /^newreno(,newreno:[a-z_]+)*$/);
  const one = Number(await chart.getAttribute('data-points'));
  expect(one).toBeGreaterThan(0);
  expect(one).toBeLessThan(both);
  await expect(page.locator('[data-testid="cmp-chart-goodput"] [data-series]')).toHaveCount(1);
  await expect(page).toHaveURL(/hide=cubic/);

  await page.getByTestId('legend:cubic').click();
  await expect(cwndPaths(page)).toHaveCount(2);
  await expect(chart).toHaveAttribute('data-points', String(both));
});

test('sweep: runs to completion with a progress bar, and its URL reproduces the same points', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await liveSettled(page);
  await page.getByTestId('view-sweep').click();
  await page.getByTestId('sweep.n').fill('6');
  await page.getByTestId('sweep.k').fill('2');
  await page.getByTestId('sweep.k').press('Enter');
  await expect(page).toHaveURL(/sweep\.n=6&.*sweep\.k=2/);
  await page.getByTestId('sweep-run').click();
  const bar = page.getByRole('progressbar', { name: 'Sweep progress' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuemax', '12');
  await sweepDone(page);
  await expect(bar).toHaveAttribute('aria-valuenow', '12');
  const chart = page.getByTestId('chart-sweep');
  await expect(chart).toHaveAttribute('data-points', '6');
  const hash = await chart.getAttribute('data-hash');
  expect(hash).toMatch(/^[0-9a-f]{8}$/);
  // Goodput against the loss rate: the three models and their errors.
  await expect(chart).toHaveAttribute('data-models', 'model_simple_mbps,model_complex_mbps,model_modified_mbps');
  await expect(page.getByTestId('model-error')).toContainText('simple (Mathis)');
  await expect(page.getByTestId('model-error.model_complex_mbps')).toHaveText(/^\d+\.\d %$/);
  await page.screenshot({ path: info.outputPath('sweep.png') });

  // Someone opens the link: the sweep runs by itself, with progress, to the same points.
  const url = page.url();
  expect(url).toMatch(/view=sweep/);
  const ctx = await browser.newContext();
  const page2 = await ctx.newPage();
  await page2.goto('/' + new URL(url).hash);
  await expect(page2.getByRole('progressbar', { name: 'Sweep progress' })).toBeVisible();
  await sweepDone(page2);
  await expect(page2.getByTestId('chart-sweep')).toHaveAttribute('data-points', '6');
  expect(await page2.getByTestId('chart-sweep').getAttribute('data-hash')).toBe(hash);
  expect(await page2.getByTestId('url-messages').count()).toBe(0);
  await ctx.close();
});

test('sweep: cancel stops it mid-way and keeps the finished points', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(
    '/#v=1&view=sweep&sweep.x=f0.channel.forward.p&sweep.from=0.001&sweep.to=0.05&sweep.scale=log&sweep.n=60&sweep.y=goodput_mbps&sweep.k=4',
  );
  const bar = page.getByRole('progressbar', { name: 'Sweep progress' });
  await expect(bar).toHaveAttribute('data-status', 'running');
  await page.waitForFunction(
    () => Number(document.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow')) >= 10,
    null,
    { timeout: 40_000 },
  );
  await page.getByTestId('sweep-cancel').click();
  await expect(bar).toHaveAttribute('data-status', 'cancelled');
  const stopped = Number(await bar.getAttribute('aria-valuenow'));
  expect(stopped).toBeGreaterThanOrEqual(10);
  expect(stopped).toBeLessThan(240);
  await page.waitForTimeout(1500);
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBe(stopped);
  await expect(page.getByTestId('sweep-progress-text')).toContainText('cancelled');
  const points = Number(await page.getByTestId('chart-sweep').getAttribute('data-points'));
  expect(points).toBeGreaterThan(0);
  expect(points).toBeLessThan(60);
  // Coarse to fine: whatever was cancelled, the finished points span the whole range.
  const xs = (await page.getByTestId('chart-sweep').locator('g.series-data').getAttribute('data-x'))!
    .split(',')
    .map(Number);
  expect(Math.min(...xs)).toBe(0.001);
  expect(Math.max(...xs)).toBe(0.05);
  expect(xs.length).toBe(points);
  await expect(page.getByTestId('sweep-run')).toBeEnabled();
});

test('sweep: axis ticks are plain numbers, never e-notation', async ({ page }) => {
  await page.goto(
    '/#v=1&view=sweep&sweep.x=f0.channel.forward.p&sweep.from=0.001&sweep.to=0.1&sweep.scale=log&sweep.n=3&sweep.y=forward_channel_drops&sweep.k=1',
  );
  await sweepDone(page);
  const ticks = await page.getByTestId('chart-sweep').locator('.tick text').allTextContents();
  expect(ticks.length).toBeGreaterThan(4);
  expect(ticks).toContain('0.01');
  for (const t of ticks) expect(t).not.toMatch(/e[+-]/);
});

test('sweep inputs are checked, naming the field and the allowed range', async ({ page }) => {
  await page.goto('/#v=1&view=sweep&sweep.n=500');
  await expect(page.getByTestId('url-messages')).toContainText(
    'sweep points N must be an integer within [2, 200], got "500" — using default',
  );
  await sweepDone(page);
  await page.getByTestId('sweep.k').fill('25');
  await page.getByTestId('sweep.k').press('Enter');
  await expect(page.getByTestId('sweep.k:error')).toHaveText(
    'Seeds per point K must be an integer within [1, 20], got "25"',
  );
  await expect(page.getByTestId('sweep-run')).toBeDisabled();
  await page.getByTestId('sweep.from').fill('2');
  await page.getByTestId('sweep.from').press('Tab');
  await expect(page.getByTestId('sweep.from:error')).toHaveText(
    'From (Forward loss rate) must be within [0, 1], got 2',
  );
  await page.getByTestId('sweep.k').fill('2');
  await page.getByTestId('sweep.from').fill('0.002');
  await page.getByTestId('sweep.from').press('Enter');
  await expect(page.getByTestId('sweep.k:error')).toHaveCount(0);
  await expect(page.getByTestId('sweep.from:error')).toHaveCount(0);
  await expect(page.getByTestId('sweep-run')).toBeEnabled();
  await expect(page).toHaveURL(/sweep\.from=0\.002/);
  await expect(page.getByTestId('sweep-stale')).toBeVisible();
});

test('sweep boxes commit on Enter or blur, not per keystroke', async ({ page }) => {
  await page.goto('/#v=2&view=sweep&sweep.n=4&sweep.k=1');
  await sweepDone(page);
  const url = page.url();
  const n = page.getByTestId('sweep.n');
  // "12" typed one key at a time: the "1" alone would be refused (N >= 2) and "12"
  // would start a new plan; neither happens before Enter.
  await n.press('ControlOrMeta+a');
  await n.pressSequentially('12', { delay: 60 });
  await expect(page.getByTestId('sweep.n:error')).toHaveCount(0);
  await expect(page.getByTestId('sweep-stale')).toHaveCount(0);
  expect(page.url()).toBe(url);
  await n.press('Enter');
  await expect(page).toHaveURL(/sweep\.n=12/);
  await expect(page.getByTestId('sweep-stale')).toBeVisible();
  // Escape puts the committed value back.
  await n.press('ControlOrMeta+a');
  await n.pressSequentially('7');
  await n.press('Escape');
  await expect(n).toHaveValue('12');
  // Blur commits too.
  const to = page.getByTestId('sweep.to');
  await to.fill('0.08');
  await expect(page).not.toHaveURL(/sweep\.to=0\.08/);
  await to.press('Tab');
  await expect(page).toHaveURL(/sweep\.to=0\.08/);
});

test('time-sequence chart: shows the trace, the wheel zooms time, double-click resets', async ({ page }, info) => {
  await page.goto('/');
  await liveSettled(page);
  const chart = page.getByTestId('chart-seq');
  await chart.scrollIntoViewIfNeeded();
  expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(1000);
  expect(await chart.getAttribute('data-hash')).toMatch(/^[0-9a-f]{8}$/);
  await expect(chart).toHaveAttribute('data-x-domain', '0,20');
  const box = (await chart.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.4);
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -240);
  await expect(chart).not.toHaveAttribute('data-x-domain', '0,20');
  const [a, b] = (await chart.getAttribute('data-x-domain'))!.split(',').map(Number);
  expect(a).toBeGreaterThanOrEqual(0);
  expect(b).toBeLessThanOrEqual(20);
  expect(b - a).toBeLessThan(20);
  await page.screenshot({ path: info.outputPath('seq-zoomed.png') });
  await page.mouse.dblclick(box.x + box.width * 0.4, box.y + box.height * 0.4);
  await expect(chart).toHaveAttribute('data-x-domain', '0,20');
  // The shortcut to the first recovery episode zooms in too.
  await page.getByTestId('seq-first-recovery').click();
  const [c, d] = (await chart.getAttribute('data-x-domain'))!.split(',').map(Number);
  expect(d - c).toBeLessThan(2);
});
