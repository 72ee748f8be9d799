// Guard rails on the defaults: the sweep says why its throughput models sit above the
// measurement when the token bucket (on by default) limits the sender, and lifting
// the limit with its button brings them together.
import { expect, test, type Page } from '@playwright/test';
import { liveSettled, sweepDone } from './helpers';

const TB = 'flows[0].app.token_bucket.enabled';

async function simpleModelError(page: Page): Promise<number> {
  const text = (await page.getByTestId('model-error.model_simple_mbps').textContent()) ?? '';
  return Number(text.replace(/[^\d.]/g, ''));
}

test('the sweep explains model curves far from an app-limited sender, and one click lifts the limit', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(
    '/#v=2&view=sweep&sweep.x=f0.channel.forward.p&sweep.from=0.001&sweep.to=0.05&sweep.scale=log&sweep.n=5&sweep.y=goodput_mbps&sweep.k=2',
  );
  await sweepDone(page);
  const note = page.getByTestId('sweep-app-limit');
  await expect(note).toBeVisible();
  await expect(note).toContainText('Token bucket on');
  const limited = await simpleModelError(page);
  expect(limited).toBeGreaterThan(30);

  await note.getByTestId(`lift:${TB}`).click();
  await expect(page).toHaveURL(/f0\.app\.token_bucket\.enabled=0/);
  await expect(note).toHaveCount(0);
  await page.getByTestId('sweep-run').click();
  await sweepDone(page);
  // Without the bucket (20 tokens of 1000 B per 30 ms = 5.33 Mb/s) the sender goes
  // past its rate at the lowest loss, and the models come closer.
  const lowest = Number(await page.getByTestId('sweep-cell:measured:0.001').getAttribute('data-mean'));
  expect(lowest).toBeGreaterThan(5.34);
  const free = await simpleModelError(page);
  expect(free).toBeLessThan(limited - 10);
});

test('the cwnd chart draws ssthresh for NewReno but not for BBR, which never reads it', async ({ page }) => {
  // Scripted drops: both protocols lose packets, so the engine records an ssthresh.
  const drops = '&f0.channel.forward.model=scripted&f0.channel.forward.drop_packets=50,52,54';
  await page.goto('/#v=2&duration_s=5' + drops);
  await liveSettled(page);
  const chart = page.getByTestId('chart-cwnd');
  await expect(chart).toHaveAttribute('data-series-keys', /(^|,)ssthresh(,|$)/);
  const legend = page.locator('figure.chart', { has: chart }).locator('.legend');
  await expect(legend).toContainText('ssthresh');

  await page.getByTestId('flows[0].protocol').selectOption('bbr');
  await liveSettled(page);
  await expect(chart).toHaveAttribute('data-series-keys', /(^|,)cwnd(,|$)/);
  await expect(chart).not.toHaveAttribute('data-series-keys', /(^|,)ssthresh(,|$)/);
  await expect(chart.locator('[data-series="ssthresh"]')).toHaveCount(0);
  await expect(legend).not.toContainText('ssthresh');
});
