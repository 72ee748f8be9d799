// The bufferbloat presets on the page (issue 22 §6, scripts/bufferbloat-presets.py): the
// same deep-buffered path with drop-tail, PIE (RFC 8033) and FQ-CoDel (RFC 8290), each
// opened by a click from the papers menu into the compare view of CUBIC and NewReno,
// both runs finished; the link keeps the preset's queue discipline. In the lab, the queue
// chart of an FQ-CoDel run draws each flow's own sub-queue beside the whole (RFC 8290 §4.1).
// Each preset carries its source's claims (drop-tail the CoDel draft's full buffer, PIE
// RFC 8033's average queue at the target, FQ-CoDel RFC 8290's and tc-fq_codel(8)'s fair
// share): each gets the verdict recorded for it, from the page's own runs.
import { expect, test } from '@playwright/test';
import { compareSettled, expectRecordedVerdicts, liveSettled, openPreset, ready } from './helpers';

// Each preset's id and its queue.
const PRESETS: [string, string][] = [
  ['bufferbloat-drop-tail', 'drop_tail'],
  ['bufferbloat-pie', 'pie'],
  ['bufferbloat-fq-codel', 'fq_codel'],
];

test('the bufferbloat presets compare CUBIC and NewReno on drop-tail, PIE and FQ-CoDel', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await ready(page);
  for (const [id, queue] of PRESETS) {
    await openPreset(page, id);
    await expect(page.getByTestId('compare-view')).toBeVisible();
    await compareSettled(page);
    for (const p of ['cubic', 'newreno']) await expect(page.getByTestId(`legend:${p}`)).toBeVisible();
    // The table shows what the presets compare: the mean queue and the RTT it adds,
    // hundreds of milliseconds on drop-tail's 500 packets, tens under PIE and FQ-CoDel.
    for (const p of ['cubic', 'newreno']) {
      const figure = async (key: string) =>
        Number(await page.getByTestId(`cmp.${p}.${key}`).getAttribute('data-value'));
      const [srtt, packets] = [await figure('mean_srtt_ms'), await figure('mean_queue_packets')];
      expect(packets, `${id} ${p}`).toBeGreaterThan(0);
      if (queue === 'drop_tail') expect(srtt, `${id} ${p}`).toBeGreaterThan(100);
      else expect(srtt, `${id} ${p}`).toBeLessThan(100);
    }
    // Drop-tail is the default, so only the AQMs show in the link.
    if (queue === 'drop_tail') expect(page.url()).not.toContain('topology.bottleneck.queue=');
    else expect(page.url()).toContain(`topology.bottleneck.queue=${queue}`);
    expect(await expectRecordedVerdicts(page, id), id).toBeGreaterThan(0);
  }
});

test("FQ-CoDel's queue chart draws each flow's sub-queue beside the whole", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('about:blank');
  await page.goto(
    '/#v=3&duration_s=5&topology.bottleneck.queue=fq_codel&topology.bottleneck.queue_packets=300&flows=2&' +
      'f0.protocol=cubic&f0.channel.forward.model=none&f1.protocol=cubic&f1.start_s=0.5&f1.channel.forward.model=none',
  );
  await ready(page);
  expect(await page.getByTestId('url-messages').count()).toBe(0);
  await liveSettled(page);
  await expect(page.getByTestId('chart-queue')).toHaveAttribute(
    'data-series-keys',
    /^queue,flows\[0\]\.sub_queue,flows\[1\]\.sub_queue,queue_limit$/,
  );
});
