// L4S on the page (issue 22, "M. Today's Internet"): the preset "L4S and classic sharing
// under DualPI2" opens by a click as a sweep of TCP Prague beside CUBIC over the base RTT,
// and every RFC 9332 claim gets a verdict from the page's own runs; a Prague flow in the
// lab draws its alpha panel (its series prague_alpha) and offers DualPI2's tunables.
import { expect, test } from '@playwright/test';
import { expectRecordedVerdicts, liveSettled, openPreset, ready, sweepDone } from './helpers';

test('Papers menu → L4S and classic under DualPI2: Prague beside CUBIC swept over the RTT, a verdict per claim', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await ready(page);
  await openPreset(page, 'l4s-dualpi2-sharing');
  await expect(page).toHaveURL(/topology\.bottleneck\.queue=dualpi2/);
  await expect(page).toHaveURL(/view=sweep&cmp=prague,cubic/);
  await sweepDone(page, 150_000);
  // 4 base RTTs x 2 curves (Prague beside CUBIC; two CUBICs).
  await expect(page.getByTestId('chart-sweep')).toHaveAttribute('data-points', '8');
  expect(await expectRecordedVerdicts(page, 'l4s-dualpi2-sharing')).toBe(5);
});

test("Papers menu → the same sweep with Prague's RTT independence off: its link explains the 3 ms claim", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await ready(page);
  await openPreset(page, 'l4s-dualpi2-rtt-scaling-off');
  await expect(page).toHaveURL(/f0\.prague\.rtt_scaling=0/);
  await sweepDone(page, 150_000);
  await expect(page.getByTestId('chart-sweep')).toHaveAttribute('data-points', '8');
  // The sharing claims on this sweep: the rates' RTT dependence explained, the L4S queue's
  // sub-millisecond delay and zero loss holding.
  expect(await expectRecordedVerdicts(page, 'l4s-dualpi2-rtt-scaling-off')).toBeGreaterThan(0);
});

test('a Prague flow on a DualPI2 bottleneck draws its alpha panel', async ({ page }) => {
  await page.goto(
    '/#v=3&duration_s=3&topology.access.rate_mbps=1000&topology.access.delay_ms=0.5&topology.bottleneck.rate_mbps=40&' +
      'topology.bottleneck.delay_ms=9&topology.bottleneck.queue_packets=1000&topology.bottleneck.queue=dualpi2&' +
      'f0.protocol=prague&f0.channel.forward.model=none',
  );
  await ready(page);
  expect(await page.getByTestId('url-messages').count()).toBe(0);
  await liveSettled(page);
  await expect(
    page.getByRole('table', { name: /Prague alpha: the marked fraction it estimates: summary/ }),
  ).toHaveCount(1);
});

test("DualPI2's queue chart draws the L4S and classic queues each flow's data goes to", async ({ page }) => {
  await page.goto(
    '/#v=3&duration_s=5&topology.bottleneck.rate_mbps=10&topology.bottleneck.delay_ms=10&' +
      'topology.bottleneck.queue_packets=200&topology.bottleneck.queue=dualpi2&flows=2&f0.protocol=prague&' +
      'f0.channel.forward.model=none&f1.protocol=cubic&f1.tcp.ecn=true&f1.channel.forward.model=none',
  );
  await ready(page);
  expect(await page.getByTestId('url-messages').count()).toBe(0);
  await liveSettled(page);
  // Each flow's CE marks beside its sub-queue: Prague's in the L4S queue (RFC 9332 §2.1),
  // the ECN CUBIC flow's in the classic queue (marked with p_C instead of dropped).
  await expect(page.getByTestId('chart-queue')).toHaveAttribute(
    'data-series-keys',
    /^queue,flows\[0\]\.sub_queue,flows\[0\]\.ce_mark,flows\[1\]\.sub_queue,flows\[1\]\.ce_mark,queue_limit$/,
  );
  for (const i of [0, 1])
    expect(
      Number(
        await page.getByTestId('chart-queue').locator(`[data-series="flows[${i}].ce_mark"]`).getAttribute('data-drawn'),
      ),
    ).toBeGreaterThan(0);
});
