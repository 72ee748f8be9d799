// A person's path through the built lab: open it, drag a slider, share the link,
// open a broken link, make the engine reject a combination of values.
import { expect, test, type Page } from '@playwright/test';

const P = 'flows[0].channel.forward.p';
const SUMMARY_KEYS = [
  'goodput_mbps',
  'connection_time_s',
  'retransmissions',
  'timeouts',
  'fast_retransmits',
  'app_success_pct',
  'mean_tokens_per_rtt',
];
const CHARTS = ['chart-cwnd', 'chart-tokens', 'chart-app'];

/** Waits until no run is in flight and the charts show the newest finished run
 * (or the engine has said why there is none). */
async function settled(page: Page) {
  await page.waitForFunction(() => {
    const app = document.querySelector('.app');
    if (!app || app.getAttribute('data-phase') !== 'ready' || app.getAttribute('data-busy') !== '0') return false;
    const last = app.getAttribute('data-last-finished');
    if (last === '0') return false;
    const charts = document.querySelector('[data-testid="charts"]');
    const rejected = document.querySelector(
      '.param-error, [data-testid="engine-validation"], [data-testid="engine-error"]',
    );
    return charts?.getAttribute('data-run-id') === last || rejected !== null;
  });
}

async function snapshot(page: Page) {
  const summary: Record<string, string> = {};
  for (const k of SUMMARY_KEYS) summary[k] = (await page.getByTestId(`summary.${k}`).textContent()) ?? '';
  const charts: Record<string, { hash: string | null; points: number }> = {};
  for (const c of CHARTS) {
    const svg = page.getByTestId(c);
    charts[c] = { hash: await svg.getAttribute('data-hash'), points: Number(await svg.getAttribute('data-points')) };
  }
  return { summary, charts };
}

function expectFinite(snap: Awaited<ReturnType<typeof snapshot>>) {
  for (const [k, v] of Object.entries(snap.summary)) {
    expect(v, k).not.toMatch(/NaN|undefined|Infinity/);
    expect(v, k).toMatch(/^(—|-?[\d,]+(\.\d+)?( \S+)?)$/);
  }
  for (const c of CHARTS) expect(snap.charts[c].hash, c).toMatch(/^[0-9a-f]{8}$/);
  expect(snap.charts['chart-cwnd'].points).toBeGreaterThan(0);
}

async function openLab(page: Page, hash = '') {
  await page.goto('/' + hash);
  await settled(page);
}

test('the default experiment loads and draws', async ({ page }, info) => {
  await openLab(page);
  await expect(page.getByRole('heading', { name: 'Protocol Lab' })).toBeVisible();
  await expect(page.getByTestId('status')).toContainText(/last run \d+ ms/);
  await expect(page.getByTestId(P)).toHaveValue(/^0(\.\d+)?$/);
  expect(new URL(page.url()).hash).toBe('#v=3');
  const snap = await snapshot(page);
  expectFinite(snap);
  expect(await page.locator('body').textContent()).not.toContain('NaN');
  await page.screenshot({ path: info.outputPath('lab-default.png'), fullPage: true });
});

test('dragging the forward-loss slider re-simulates, updates the URL, and the URL reproduces it', async ({
  page,
  browser,
}) => {
  await openLab(page);
  const before = await snapshot(page);
  const startValue = Number(await page.getByTestId(P).inputValue());

  const slider = page.getByTestId(`${P}:slider`);
  await slider.scrollIntoViewIfNeeded();
  const box = (await slider.boundingBox())!;
  const y = box.y + box.height / 2;
  const thumb = 8; // half the thumb: where the track's ends are
  const xAt = (frac: number) => box.x + thumb + (box.width - 2 * thumb) * frac;
  // The loss slider is piecewise (0 to 5 % on 80 % of the track; 1 % sits at 40 %):
  // grab the thumb at the default 1 % and drag it a short way, a tenth of the track.
  // On a linear slider that would be 11 %; here it lands near 2 %.
  expect(startValue).toBe(0.01);
  await page.mouse.move(xAt(0.4), y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(xAt(0.4 + 0.1 * (i / 12)), y);
  await page.mouse.up();

  await expect(page).toHaveURL(/#v=3&.*f0\.channel\.forward\.p=0\.\d+/);
  await settled(page);
  const after = await snapshot(page);
  expectFinite(after);
  expect(after.charts['chart-cwnd'].hash).not.toBe(before.charts['chart-cwnd'].hash);

  const url = page.url();
  const p = Number(/f0\.channel\.forward\.p=([^&]+)/.exec(new URL(url).hash)![1]);
  expect(p).toBeGreaterThan(0.015);
  expect(p).toBeLessThanOrEqual(0.025);
  await expect(page.getByTestId(P)).toHaveValue(String(p));

  // Someone else opens the link: same numbers, same drawn data.
  const other = await browser.newContext();
  const page2 = await other.newPage();
  await openLab(page2, new URL(url).hash);
  await expect(page2.getByTestId(P)).toHaveValue(String(p));
  expect(await page2.getByTestId('url-messages').count()).toBe(0);
  expect(await snapshot(page2)).toEqual(after);
  await other.close();
});

test('an out-of-range link names the field and range and falls back to the default', async ({ page, browser }) => {
  const ctx = await browser.newContext();
  const ref = await ctx.newPage();
  await openLab(ref);
  const defaults = await snapshot(ref);
  const defaultP = await ref.getByTestId(P).inputValue();
  await ctx.close();

  await openLab(page, '#v=1&f0.channel.forward.p=1.5');
  const banner = page.getByTestId('url-messages');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('flows[0].channel.forward.p must be within [0, 1], got 1.5 — using default');
  await expect(page.getByTestId(P)).toHaveValue(defaultP);
  const snap = await snapshot(page);
  expectFinite(snap);
  expect(snap).toEqual(defaults);
  // The address bar now holds the experiment actually shown.
  expect(new URL(page.url()).hash).toBe('#v=3');
});

test('a garbage link shows what was wrong and still draws the defaults', async ({ page }) => {
  await openLab(page, '#%E0%A4%A&&==;;&garbage&f0.protocol=quic&seed=NaN');
  const banner = page.getByTestId('url-messages');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('could not read "%E0%A4%A" in the link — ignored');
  await expect(banner).toContainText('could not read "==;;" in the link — ignored');
  await expect(banner).toContainText('unknown parameter "garbage"');
  await expect(banner).toContainText('flows[0].protocol must be one of tahoe, reno, newreno');
  await expect(banner).toContainText('got "quic" — using default');
  await expect(banner).toContainText('seed must be an integer');
  await expect(page.getByTestId('flows[0].protocol')).toHaveValue('newreno');
  expectFinite(await snapshot(page));
  expect(await page.locator('body').textContent()).not.toContain('NaN —');
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
});

test('choosing the ON/OFF error model shows its parameters only', async ({ page }) => {
  await openLab(page);
  const before = await snapshot(page);
  await page.getByTestId('flows[0].channel.forward.model').selectOption('on_off');
  await expect(page.getByTestId(P)).toHaveCount(0);
  await expect(page.getByTestId('flows[0].channel.forward.on_mean_s')).toBeVisible();
  await expect(page.getByTestId('flows[0].channel.forward.on_p')).toBeVisible();
  await expect(page).toHaveURL(/f0\.channel\.forward\.model=on_off/);
  await settled(page);
  const after = await snapshot(page);
  expectFinite(after);
  expect(after.charts['chart-cwnd'].hash).not.toBe(before.charts['chart-cwnd'].hash);
});

test('a value the engine rejects is shown next to its control, and clears when fixed', async ({ page }) => {
  await openLab(page);
  await page.getByTestId('more:Application').click();
  // Each token must cover part of a segment: with 100-byte tokens a 1000-byte segment
  // needs 10, so a depth of 5 cannot send anything (engine cross-field rule).
  await page.getByTestId('flows[0].app.token_bucket.token_bytes').fill('100');
  await page.getByTestId('flows[0].app.token_bucket.token_bytes').press('Enter');
  await settled(page);
  await page.getByTestId('flows[0].app.token_bucket.depth_tokens').fill('5');
  await page.getByTestId('flows[0].app.token_bucket.depth_tokens').press('Enter');
  const err = page.getByTestId('flows[0].app.token_bucket.depth_tokens:error');
  await expect(err).toContainText('Token depth (tokens) must be at least 10');
  await expect(page.getByTestId('status')).toContainText('rejected');
  await expect(page.getByTestId('engine-validation')).toContainText('depth_tokens must be at least 10');
  expectFinite(await snapshot(page)); // the last accepted run stays on screen
  await page.getByTestId('flows[0].app.token_bucket.depth_tokens').fill('20');
  await page.getByTestId('flows[0].app.token_bucket.depth_tokens').press('Enter');
  await expect(err).toHaveCount(0);
  await settled(page);
  expectFinite(await snapshot(page));
});

test('typing an out-of-range value is refused in place, with the range', async ({ page }) => {
  await openLab(page);
  await page.getByTestId(P).fill('1.5');
  await page.getByTestId(P).press('Enter');
  await expect(page.getByTestId(`${P}:error`)).toHaveText('Forward loss rate must be between 0 and 1; got 1.5');
  expect(new URL(page.url()).hash).toBe('#v=3');
  await page.getByTestId(P).fill('0.05');
  await page.getByTestId(P).press('Enter');
  await expect(page.getByTestId(`${P}:error`)).toHaveCount(0);
  await expect(page).toHaveURL(/f0\.channel\.forward\.p=0\.05/);
});

test('a run that spends its event budget stops with a message, shows what it did, and the page recovers', async ({
  page,
}) => {
  // 600 s of an unlimited flow at 10 Gb/s with a budget of 100,000 events: the engine
  // stops after about 4 simulated seconds and says why (max_events), no watchdog needed.
  // The page sees the budget will cut it and asks first (e2e/budget.spec.ts).
  await page.goto(
    '/#v=2&duration_s=600&max_events=100000&topology.access.rate_mbps=10000&topology.bottleneck.rate_mbps=10000' +
      '&f0.channel.forward.p=0&f0.app.token_bucket.enabled=0',
  );
  await page.getByTestId('cost-ask-run').click();
  await settled(page);
  const warning = page.getByTestId('run-warning');
  await expect(warning).toContainText('event budget (max_events)');
  await expect(warning).toContainText('of 600 s');
  expectFinite(await snapshot(page));
  await page.getByTestId('reset').click();
  await settled(page);
  await expect(warning).toHaveCount(0);
  expect(new URL(page.url()).hash).toBe('#v=3');
});

test('empty series and a finished transfer draw without NaN', async ({ page }) => {
  // No token bucket: the tokens chart has nothing to draw. A 200 kB transfer ends
  // early: a connection time, and series that stop before the duration.
  await openLab(page, '#v=1&f0.app.token_bucket.enabled=0&f0.app.size_bytes=200000&duration_s=5');
  await expect(page.getByTestId('url-messages')).toHaveCount(0);
  expect(await page.getByTestId('chart-tokens').getAttribute('data-points')).toBe('0');
  await expect(page.getByText('no token-bucket samples in this run')).toBeVisible();
  await expect(page.getByTestId('summary.connection_time_s')).toHaveText(/^\d+(\.\d+)? s$/);
  const svgText = await page.locator('svg').evaluateAll((els) => els.map((e) => e.outerHTML).join(''));
  expect(svgText).not.toMatch(/NaN|Infinity|undefined/);
  await page.getByTestId('flows[0].app.token_bucket.enabled').check();
  await settled(page);
  expect(Number(await page.getByTestId('chart-tokens').getAttribute('data-points'))).toBeGreaterThan(0);
});

test('a hash typed into the address bar is read like a fresh link', async ({ page }) => {
  await openLab(page);
  await page.evaluate(() => (location.hash = '#v=1&f0.protocol=tahoe&f0.channel.forward.p=2'));
  await expect(page.getByTestId('flows[0].protocol')).toHaveValue('tahoe');
  await expect(page.getByTestId('url-messages')).toContainText(
    'flows[0].channel.forward.p must be within [0, 1], got 2 — using default',
  );
  await expect(page).toHaveURL(/#v=3&f0\.protocol=tahoe$/);
  await settled(page);
  expectFinite(await snapshot(page));
});
