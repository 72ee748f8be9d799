// In front of a class (issue 19 §2): the presentation keys while Play runs step from the
// value in force, and after Play the controls and the picture keep the value the run
// ended with; an exported chart carries its key; the dumbbell picture draws the web
// users' group; the Validation view prints each group's runs without building them.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { liveSettled, playPast, playToEnd, ready } from './helpers';

const P = 'flows[0].channel.forward.p';

test('] three times while playing steps 0.01 → 0.1, and after Play the slider and picture keep the last value', async ({
  page,
}) => {
  await page.goto('/#v=2&duration_s=8&present=1');
  await liveSettled(page);
  await expect(page.getByTestId(`present-value:${P}`)).toHaveText('0.01');
  await playPast(page, 1);
  // Paused, so the three presses land at one simulated time (playing, each is its own change).
  await page.getByTestId('pause').click();
  for (let i = 0; i < 3; i++) await page.keyboard.press(']');
  // The bar shows the value in force; the timeline holds one change, to 0.1 (not 0.02 three times).
  await expect(page.getByTestId(`present-value:${P}`)).toHaveText('0.1');
  await expect(page.getByTestId('timeline').locator('li')).toHaveCount(1);
  await expect(page.getByTestId('timeline')).toContainText('→ 0.1');
  // Playing, a press steps from the value in force too: 0.1 → 0.2.
  await page.getByTestId('resume').click();
  await page.keyboard.press(']');
  await expect(page.getByTestId(`present-value:${P}`)).toHaveText('0.2');
  await expect(page.getByTestId('timeline').locator('li').last()).toContainText('→ 0.2');
  // The end of the run: the value in force at the end stays on the controls and the picture.
  await playToEnd(page);
  await expect(page.getByTestId(P)).toHaveValue('0.2');
  await expect(page.getByTestId(`present-value:${P}`)).toHaveText('0.2');
  await expect(page.getByTestId('topology-picture')).toContainText('flow loss 20 %');
});

test('an exported chart carries the key of its lines and markers', async ({ page }, info) => {
  await page.goto('/#v=2&seed=7&f0.channel.forward.p=0.02');
  await liveSettled(page);
  const chart = page.locator('figure.chart', { has: page.getByTestId('chart-cwnd') });
  await chart.getByTestId('export-button').click();
  const [d] = await Promise.all([page.waitForEvent('download'), chart.getByTestId('export-svg').click()]);
  const file = info.outputPath('cwnd.svg');
  await d.saveAs(file);
  const svg = readFileSync(file, 'utf8');
  const key = /<g class="export-legend">(.*?)<\/g>/s.exec(svg)?.[1] ?? '';
  for (const label of ['Lines:', 'cwnd', 'ssthresh', 'Markers:', 'fast retransmit', 'timeout'])
    expect(key, label).toContain(`>${label}</text>`);
  // ssthresh's key is dashed as its line is.
  expect(key).toMatch(/<path[^>]*stroke-dasharray="7 5"/);
});

test('the dumbbell picture draws the background groups, web users as well as FTP', async ({ page }) => {
  await page.goto('/#v=2&topology.kind=dumbbell&flows=2&bg=2&b1.kind=http&b1.count=5');
  await ready(page);
  const picture = page.getByTestId('topology-picture');
  await expect(picture).toHaveAttribute('data-topology', 'dumbbell');
  await expect(picture.getByTestId('topo-bg-0')).toHaveAttribute('data-kind', 'ftp');
  await expect(picture.getByTestId('topo-bg-1')).toHaveAttribute('data-kind', 'http');
  await expect(picture.getByTestId('topo-bg-1')).toContainText('5 web users');
  // A click on a group's box shows its settings.
  await picture.getByTestId('topo-bg-1').locator('rect').first().click();
  await expect(page.getByTestId('group-row-1')).toHaveClass(/selected/);
});

test('the Validation view prints every group’s run count before any group is checked', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.getByTestId('view-validation').click();
  const group = page.locator('[data-testid^="validation-group:"]').first();
  await expect(group).toContainText(/\d+ runs?, up to [\d,]+ simulated s/);
  await expect(page.getByTestId('validation')).toContainText(/[\d,]+ runs of up to [\d,]+ simulated seconds/);
});
