// A rate-based flow in the page: TFRC beside NewReno on a dumbbell draws its allowed and
// equation rates in a chart of its own, and both flows' throughput; a TFRC flow alone
// gets the rate chart in place of the congestion window.
import { expect, test } from '@playwright/test';
import { liveSettled } from './helpers';

test('TFRC beside NewReno: the rate chart and both throughput curves', async ({ page }) => {
  await page.goto(
    '/#v=2&topology.kind=dumbbell&topology.bottleneck.errors.forward.model=bernoulli&topology.bottleneck.errors.forward.p=0.001' +
      '&flows=2&f0.protocol=tfrc&f0.app.token_bucket.enabled=0&f1.app.token_bucket.enabled=0' +
      '&f0.channel.forward.model=none&f1.channel.forward.model=none&duration_s=30',
  );
  await liveSettled(page);
  expect(await page.getByTestId('url-messages').count()).toBe(0);
  const rate = page.getByTestId('chart-rate');
  await expect(rate).toBeVisible();
  await expect(rate.locator('[data-series="flows[0].allowed_rate"]')).toHaveCount(1);
  await expect(rate.locator('[data-series="flows[1].allowed_rate"]')).toHaveCount(0); // NewReno has none
  const throughput = page.getByTestId('chart-throughput');
  for (const f of [0, 1]) await expect(throughput.locator(`[data-series="flows[${f}].throughput"]`)).toHaveCount(1);
  // Both get a share of the link: Jain's index near 1.
  const jain = Number(await page.getByTestId('summary.jain_index').textContent());
  expect(jain).toBeGreaterThan(0.8);
});

test('a TFRC flow alone shows its rate, not an empty congestion window', async ({ page }) => {
  await page.goto('/#v=2&f0.protocol=tfrc&f0.app.token_bucket.enabled=0');
  await liveSettled(page);
  await expect(page.getByTestId('chart-rate')).toBeVisible();
  await expect(page.getByTestId('chart-cwnd')).toHaveCount(0);
});
