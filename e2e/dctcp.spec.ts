// ECN and DCTCP on the page (issue 22, "M. Today's Internet"): the preset "DCTCP's
// queue holding at K" opens the compare view with DCTCP and NewReno with ECN on a
// step-marking queue, both run, its table showing DCTCP's mean queue near K; in the lab
// a DCTCP flow draws its alpha panel (its series dctcp_alpha, RFC 8257 §3.3) and its ECN
// window reductions as markers, and a NewReno flow's run has no alpha. The preset's claims
// (the DCTCP paper's and RFC 8257's) get the verdicts recorded for them; in its Live view
// the queue chart draws each CE mark the step queue made (issue M §1), with its legend.
import { expect, test, type Page } from '@playwright/test';
import { compareSettled, expectRecordedVerdicts, liveSettled, openPreset, ready } from './helpers';

const ALPHA = /DCTCP alpha: the marked fraction it estimates: summary/;

async function openLab(page: Page, protocol: string) {
  const link =
    '/#v=3&duration_s=2&topology.access.rate_mbps=1000&topology.access.delay_ms=0.5&' +
    'topology.bottleneck.rate_mbps=100&topology.bottleneck.delay_ms=1&topology.bottleneck.queue_packets=200&' +
    `topology.bottleneck.queue=step&f0.protocol=${protocol}&f0.tcp.ecn=1&f0.channel.forward.model=none&` +
    'f0.app.token_bucket.enabled=0';
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
  // What the preset is for, in its table from its own runs: DCTCP holds the step queue
  // near K = 20 (RFC 8257 §3; a mean of 18.5 packets here) with nothing lost, and uses
  // more of the link than NewReno with ECN, whose halving on each marked window drains it.
  const figure = async (p: string, key: string) =>
    Number(await page.getByTestId(`cmp.${p}.${key}`).getAttribute('data-value'));
  expect(await figure('dctcp', 'mean_queue_packets')).toBeGreaterThan(16);
  expect(await figure('dctcp', 'mean_queue_packets')).toBeLessThan(24);
  expect(await figure('dctcp', 'retransmissions')).toBe(0);
  expect(await figure('newreno', 'mean_queue_packets')).toBeLessThan(await figure('dctcp', 'mean_queue_packets'));
  expect(await figure('dctcp', 'goodput_mbps')).toBeGreaterThan(await figure('newreno', 'goodput_mbps'));
  // Both flows use ECN and reduce on marks: the compare view offers the ECN markers (a
  // run without a reduction would not).
  await expect(page.getByTestId('cmp-marker:ecn_response')).toBeVisible();
  // The queue's CE marks belong to the queue chart, not to the window chart's markers.
  await expect(page.getByTestId('cmp-marker:ce_mark')).toHaveCount(0);
  expect(await expectRecordedVerdicts(page, 'dctcp-step-queue')).toBeGreaterThan(0);

  // The same link in the Live view, by a click: the queue chart draws the marks of flow 1
  // (RFC 3168 §5: the step queue set CE instead of dropping) at the queue they found (K =
  // 20 or more: engine/tests/ecn_report_test.cc), each of them, with a legend entry.
  await page.getByTestId('view-live').click();
  await liveSettled(page);
  const queue = page.getByTestId('chart-queue');
  const marks = queue.locator('[data-series="flows[0].ce_mark"]');
  await expect(marks).toHaveAttribute('data-shape', 'triangle');
  const drawn = Number(await marks.getAttribute('data-drawn'));
  expect(drawn).toBeGreaterThan(0);
  const legend = page.getByTestId('legend-chart-queue-flows[0].ce_mark');
  await expect(legend).toBeVisible();
  await expect(legend).toContainText('CE mark');
  const summary = page.getByRole('table', { name: /Bottleneck queue against its buffer limit: summary/ });
  await expect(summary.locator('tr[data-series="CE mark"]')).toHaveAttribute('data-count', String(drawn));

  await openLab(page, 'dctcp');
  await expect(page.getByRole('table', { name: ALPHA })).toHaveCount(1);
  // Each window reduction answering ECE (RFC 3168 §6.1.2) is a marker on the window
  // chart: as many as the summary counts.
  const responses = (await page.getByTestId('summary.ecn_responses').textContent())!.trim();
  expect(Number(responses)).toBeGreaterThan(0);
  const window = page.getByRole('table', { name: /Congestion window and ssthresh: summary/ });
  await expect(window.locator('tr[data-series="ECN window reduction"]')).toHaveAttribute('data-count', responses);
  await openLab(page, 'newreno');
  await expect(page.getByRole('table', { name: ALPHA })).toHaveCount(0);
});
