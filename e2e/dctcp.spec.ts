// ECN and DCTCP on the page (issue 22, "M. Today's Internet"): the preset "DCTCP's
// queue holding at K" opens the compare view with DCTCP and NewReno with ECN on a
// step-marking queue, both run; in the lab a DCTCP flow draws its alpha panel (its
// series dctcp_alpha, RFC 8257 §3.3) and a NewReno flow's run has none.
import { expect, test, type Page } from '@playwright/test';
import { compareSettled, liveSettled, openPreset, ready } from './helpers';

const ALPHA = /DCTCP alpha: the marked fraction it estimates: summary/;

async function openLab(page: Page, protocol: string) {
  const link =
    '/#v=3&duration_s=2&topology.access.rate_mbps=1000&topology.access.delay_ms=0.5&' +
    'topology.bottleneck.rate_mbps=100&topology.bottleneck.delay_ms=1&topology.bottleneck.queue_packets=200&' +
    `topology.bottleneck.queue=step&f0.protocol=${protocol}&f0.tcp.ecn=1&f0.channel.forward.model=none`;
  await page.goto('about:blank');
  await page.goto(link);
  await ready(page);
  expect(await page.getByTestId('url-messages').count()).toBe(0);
  await liveSettled(page);
}

test("DCTCP's preset compares it with NewReno + ECN on a step queue; a DCTCP flow draws its alpha", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await ready(page);
  await openPreset(page, 'dctcp-step-queue');
  await expect(page.getByTestId('compare-view')).toBeVisible();
  await compareSettled(page);
  for (const p of ['dctcp', 'newreno']) await expect(page.getByTestId(`legend:${p}`)).toBeVisible();

  await openLab(page, 'dctcp');
  await expect(page.getByRole('table', { name: ALPHA })).toHaveCount(1);
  await openLab(page, 'newreno');
  await expect(page.getByRole('table', { name: ALPHA })).toHaveCount(0);
});
