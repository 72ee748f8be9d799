// The bufferbloat presets on the page (issue 22 §6, scripts/bufferbloat-presets.py): the
// same deep-buffered path with drop-tail, PIE (RFC 8033) and FQ-CoDel (RFC 8290), each
// opened by a click from the papers menu into the compare view of CUBIC and NewReno,
// both runs finished; the link keeps the preset's queue discipline.
import { expect, test } from '@playwright/test';
import { compareSettled, openPreset, ready } from './helpers';

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
    // Drop-tail is the default, so only the AQMs show in the link.
    if (queue === 'drop_tail') expect(page.url()).not.toContain('topology.bottleneck.queue=');
    else expect(page.url()).toContain(`topology.bottleneck.queue=${queue}`);
  }
});
