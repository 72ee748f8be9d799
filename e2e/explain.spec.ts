// Explanations and the path's charts (issue 9), driven with a real pointer and keyboard:
// legend entries and markers explain themselves with a citation, a crosshair is shared
// by every Live chart and its read-out equals the result's columns, a clicked marker
// zooms the time–sequence chart, the glossary and the view guides open, the path
// charts draw their limit and base-RTT lines, and Compare's markers toggle.
import { expect, test, type Page } from '@playwright/test';
import { compareSettled, liveSettled } from './helpers';

const LIVE_CHARTS = [
  'chart-cwnd',
  'chart-seq',
  'chart-tokens',
  'chart-app',
  'chart-queue',
  'chart-utilization',
  'chart-rtt',
];

/** The page position of the point (t, v) drawn on chart `testId`, from the chart's
 * own domains and plot box (data-x-domain, data-y-domain, data-plot). */
async function pointOn(page: Page, testId: string, t: number, v: number) {
  // The mouse reaches only what is on screen: the Live view has grown above its charts.
  await page.getByTestId(testId).scrollIntoViewIfNeeded();
  return page.getByTestId(testId).evaluate(
    (svg, [t, v]) => {
      const [x0, x1] = svg.getAttribute('data-x-domain')!.split(',').map(Number);
      const [y0, y1] = svg.getAttribute('data-y-domain')!.split(',').map(Number);
      const [left, top, w, h] = svg.getAttribute('data-plot')!.split(',').map(Number);
      const box = svg.getBoundingClientRect();
      const k = box.width / Number(svg.getAttribute('width'));
      return {
        x: box.left + k * (left + ((t - x0) / (x1 - x0)) * w),
        y: box.top + k * (top + h - ((v - y0) / (y1 - y0)) * h),
      };
    },
    [t, v] as [number, number],
  );
}

/** The columns the charts draw (the result's series), read from the page. */
async function column(page: Page, name: string): Promise<{ t: number[]; v: number[] }> {
  return page.getByTestId('charts').evaluate((el, name) => {
    const ex = (el as HTMLElement & { plabSeries?: { byName: Map<string, { t: Float64Array; v: Float64Array }> } })
      .plabSeries;
    const s = ex?.byName.get(name);
    return { t: Array.from(s?.t ?? []), v: Array.from(s?.v ?? []) };
  }, name);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await liveSettled(page);
});

test('a legend entry explains itself with its citation on hover and on keyboard focus', async ({ page }) => {
  const cwnd = page.getByTestId('legend-chart-cwnd-cwnd');
  await cwnd.hover();
  const tip = cwnd.getByRole('tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('Congestion window');
  await expect(tip.locator('cite')).toHaveText('RFC 5681 §2');
  // Keyboard: Tab from cwnd's entry reaches ssthresh's, whose explanation shows.
  await cwnd.focus();
  await page.keyboard.press('Tab');
  const ssthresh = page.getByTestId('legend-chart-cwnd-ssthresh');
  await expect(ssthresh).toBeFocused();
  await page.mouse.move(0, 0);
  await expect(ssthresh.getByRole('tooltip')).toBeVisible();
  await expect(ssthresh.getByRole('tooltip').locator('cite')).toContainText('RFC 5681');
  // Every marker entry on the window chart cites a source.
  for (const key of ['fast_retransmit', 'partial_ack', 'timeout']) {
    const entry = page.getByTestId(`legend-chart-cwnd-${key}`);
    await entry.focus();
    await expect(entry.getByRole('tooltip').locator('cite')).toHaveText(/RFC \d+/);
  }
  const sack = page.getByTestId('legend-chart-seq-seq_sack_start');
  await sack.hover();
  await expect(sack.getByRole('tooltip')).toContainText('RFC 2018');
});

test('hovering a marker explains it; clicking it zooms the time–sequence chart to its time', async ({ page }) => {
  const fr = await column(page, 'fast_retransmit');
  expect(fr.t.length).toBeGreaterThan(0);
  const i = Math.min(1, fr.t.length - 1);
  const at = await pointOn(page, 'chart-cwnd', fr.t[i], fr.v[i]);
  await page.mouse.move(at.x, at.y);
  const tip = page.getByTestId('chart-cwnd-tip');
  await expect(tip).toBeVisible();
  await expect(tip).toHaveAttribute('data-marker', /fast_retransmit|partial_ack|timeout/);
  await expect(tip.locator('cite')).toContainText('RFC');
  const before = await page.getByTestId('chart-seq').getAttribute('data-x-domain');
  await page.mouse.click(at.x, at.y);
  await expect(page.getByTestId('chart-seq')).not.toHaveAttribute('data-x-domain', before!);
  const [a, b] = (await page.getByTestId('chart-seq').getAttribute('data-x-domain'))!.split(',').map(Number);
  const hit = await tip.getAttribute('data-marker');
  const markerT =
    hit === 'fast_retransmit' ? fr.t[i] : (await column(page, hit!)).t.find((t) => Math.abs(t - fr.t[i]) < 0.5)!;
  expect(a).toBeLessThanOrEqual(markerT);
  expect(b).toBeGreaterThanOrEqual(markerT);
  expect(b - a).toBeLessThan(5);
});

test('a chart focused by keyboard explains its events one by one; Enter zooms the time–sequence chart', async ({
  page,
}) => {
  // Tab from the window chart's last legend entry, past its export menu, into the chart.
  await page.getByTestId('legend-chart-cwnd-timeout').focus();
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAttribute('aria-haspopup', 'menu');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('chart-cwnd')).toBeFocused();
  const tip = page.getByTestId('chart-cwnd-tip');
  await expect(tip).toBeVisible();
  await expect(tip.locator('cite')).toContainText('RFC');
  const first = Number(await page.getByTestId('chart-cwnd-readout').getAttribute('data-t'));
  // Two events may share a time: step until the time moves on.
  let second = first;
  for (let k = 0; k < 5 && second === first; k++) {
    await page.keyboard.press('ArrowRight');
    second = Number(await page.getByTestId('chart-cwnd-readout').getAttribute('data-t'));
  }
  expect(second).toBeGreaterThan(first);
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => {
      const [a, b] = (await page.getByTestId('chart-seq').getAttribute('data-x-domain'))!.split(',').map(Number);
      return a <= second && second <= b && b - a < 5;
    })
    .toBe(true);
});

test('hovering one chart draws the crosshair on every Live chart; read-outs equal the columns', async ({ page }) => {
  const box = (await page.getByTestId('chart-cwnd').boundingBox())!;
  await page.getByTestId('chart-cwnd').scrollIntoViewIfNeeded();
  const b2 = (await page.getByTestId('chart-cwnd').boundingBox())!;
  await page.mouse.move(b2.x + b2.width * 0.55, b2.y + b2.height * 0.4);
  expect(box.width).toBeGreaterThan(0);
  for (const id of LIVE_CHARTS) {
    await expect(page.getByTestId(id).locator('line.crosshair')).toHaveAttribute('visibility', 'visible');
  }
  const readout = page.getByTestId('chart-cwnd-readout');
  const t = Number(await readout.getAttribute('data-t'));
  expect(t).toBeGreaterThan(0);
  // The same t on every chart's read-out.
  for (const id of ['chart-queue', 'chart-rtt', 'chart-utilization']) {
    await expect(page.getByTestId(`${id}-readout`)).toHaveAttribute('data-t', String(t));
  }
  for (const [chart, key, name] of [
    ['chart-cwnd', 'cwnd', 'cwnd'],
    ['chart-queue', 'queue', 'queue'],
    ['chart-rtt', 'flows[0].rtt_sample', 'rtt_sample'],
    ['chart-utilization', 'utilization', 'utilization'],
  ]) {
    const col = await column(page, name);
    let j = -1;
    for (let k = 0; k < col.t.length; k++) if (col.t[k] <= t) j = k;
    expect(j, `${name} has a sample before t`).toBeGreaterThanOrEqual(0);
    const cell = page.getByTestId(`${chart}-readout`).locator(`[data-key="${key}"]`);
    await expect(cell).toHaveAttribute('data-value', String(col.v[j]));
    await expect(cell).toHaveAttribute('data-sample-t', String(col.t[j]));
  }
  // Leaving the chart hides every crosshair.
  await page.mouse.move(2, 2);
  await expect(page.getByTestId('chart-rtt').locator('line.crosshair')).toHaveAttribute('visibility', 'hidden');
});

test("the path's charts draw the buffer limit and the base RTT, and the samples respect them", async ({ page }) => {
  await expect(page.getByTestId('chart-queue')).toHaveAttribute('data-series-keys', 'queue,queue_limit');
  await expect(page.getByTestId('chart-rtt')).toHaveAttribute('data-series-keys', /^flows\[0\]\.rtt_sample,base_rtt:/);
  await expect(page.getByTestId('chart-utilization')).toHaveAttribute('data-series-keys', 'utilization');
  const limitText = await page.getByTestId('legend-chart-queue-queue_limit').innerText();
  const limit = Number(/\((\d+) packets\)/.exec(limitText)![1]);
  const queue = await column(page, 'queue');
  expect(queue.v.length).toBeGreaterThan(0);
  expect(Math.max(...queue.v)).toBeLessThanOrEqual(limit);
  const keys = (await page.getByTestId('chart-rtt').getAttribute('data-series-keys'))!;
  const base = Number(/base_rtt:([\d.]+)/.exec(keys)![1]);
  const rtt = await column(page, 'rtt_sample');
  expect(rtt.v.length).toBeGreaterThan(10);
  expect(Math.min(...rtt.v)).toBeGreaterThanOrEqual(base);
  const util = await column(page, 'utilization');
  expect(util.v.length).toBeGreaterThan(10);
  expect(Math.max(...util.v)).toBeLessThanOrEqual(100);
});

test('the glossary opens from the header and the view guide unfolds', async ({ page }) => {
  await page.getByTestId('glossary-button').click();
  const glossary = page.getByTestId('glossary');
  await expect(glossary).toBeVisible();
  await expect(glossary.locator('[data-term="ssthresh"]')).toContainText('RFC 5681');
  await expect(glossary.locator('[data-term="Jain\'s index"]')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(glossary).toBeHidden();
  await expect(page.getByTestId('glossary-button')).toBeFocused();

  const guide = page.getByTestId('guide-live');
  await expect(guide.locator('.view-guide-body')).toBeHidden();
  await guide.locator('summary').click();
  await expect(guide.locator('.view-guide-body')).toContainText('bufferbloat');
  // Every view has its own.
  for (const [view, words] of [
    ['sweep', 'confidence interval'],
    ['validation', 'verdict'],
  ]) {
    await page.getByTestId(`view-${view}`).click();
    const g = page.getByTestId(`guide-${view}`);
    await g.locator('summary').click();
    await expect(g.locator('.view-guide-body')).toContainText(words);
  }
});

test("Compare draws each protocol's event markers and toggles them", async ({ page }) => {
  await page.getByTestId('view-compare').click();
  await compareSettled(page);
  const chart = page.getByTestId('cmp-chart-cwnd');
  await expect(chart).toHaveAttribute('data-series-keys', /:fast_retransmit/);
  const toggle = page.getByTestId('cmp-marker:fast_retransmit');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(chart).not.toHaveAttribute('data-series-keys', /:fast_retransmit/);
  await toggle.click();
  await expect(chart).toHaveAttribute('data-series-keys', /:fast_retransmit/);
  const help = page.getByTestId('cmp-marker-help:fast_retransmit');
  await help.focus();
  await expect(help.getByRole('tooltip').locator('cite')).toHaveText('RFC 5681 §3.2');
  await expect(page.getByTestId('guide-compare')).toBeVisible();
});

test("Compare's marker toggles are in the link, with Back and Forward, and a link opens with them set", async ({
  page,
}) => {
  await page.goto('/#v=2&view=compare');
  await compareSettled(page);
  const chart = page.getByTestId('cmp-chart-cwnd');
  const toggle = page.getByTestId('cmp-marker:fast_retransmit');
  // An old link (no nomark=) shows every marker and writes none.
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(page.url()).not.toContain('nomark');
  await toggle.click();
  await expect(page).toHaveURL(/nomark=fast_retransmit(&|$)/);
  await expect(chart).not.toHaveAttribute('data-series-keys', /:fast_retransmit/);
  await page.goBack();
  await expect(page).not.toHaveURL(/nomark/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(chart).toHaveAttribute('data-series-keys', /:fast_retransmit/);
  await page.goForward();
  await expect(page).toHaveURL(/nomark=fast_retransmit/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(chart).not.toHaveAttribute('data-series-keys', /:fast_retransmit/);

  // Someone opens the link: the same markers are off.
  const link = page.url();
  const other = await page.context().newPage();
  await other.goto(link);
  await compareSettled(other);
  await expect(other.getByTestId('cmp-marker:fast_retransmit')).toHaveAttribute('aria-pressed', 'false');
  await expect(other.getByTestId('cmp-chart-cwnd')).not.toHaveAttribute('data-series-keys', /:fast_retransmit/);
  await expect(other.getByTestId('url-messages')).toHaveCount(0);
});

test("with two flows the path's charts draw each flow's RTT samples against their shared base RTT", async ({
  page,
}) => {
  await page.getByTestId('add-flow').click();
  await expect(page).toHaveURL(/flows=2/);
  await liveSettled(page);
  await expect(page.getByTestId('charts')).toHaveAttribute('data-flows', '2');
  const rtt = page.getByTestId('chart-rtt');
  await expect(rtt).toHaveAttribute(
    'data-series-keys',
    /^flows\[0\]\.rtt_sample,flows\[1\]\.rtt_sample,base_rtt:[\d.]+$/,
  );
  await expect(page.getByTestId('chart-queue')).toHaveAttribute('data-series-keys', 'queue,queue_limit');
  const base = Number(/base_rtt:([\d.]+)/.exec((await rtt.getAttribute('data-series-keys'))!)![1]);
  for (const key of ['flows[0].rtt_sample', 'flows[1].rtt_sample']) {
    const col = await column(page, key);
    expect(col.v.length).toBeGreaterThan(10);
    expect(Math.min(...col.v)).toBeGreaterThanOrEqual(base);
  }
  // The crosshair is shared here too.
  const chart = page.getByTestId('chart-throughput');
  await chart.scrollIntoViewIfNeeded();
  const b = (await chart.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await expect(rtt.locator('line.crosshair')).toHaveAttribute('visibility', 'visible');
  await expect(page.getByTestId('chart-rtt-readout').locator('[data-key="flows[1].rtt_sample"]')).toHaveAttribute(
    'data-value',
    /\d/,
  );
});
