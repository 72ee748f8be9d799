// Compare on a link a delivery trace drives (issue J §4): the goodput chart draws the
// bottleneck's capacity under Reno's, CUBIC's and BBR's goodput, named in the shared
// legend, with exactly the points of the engine's capacity_mbps series (the CLI's, run
// from the scenario the page exports); on a link of fixed rate there is none.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Download, type Page } from '@playwright/test';
import { compareSettled, openPreset, ready } from './helpers';
import { csvNumber, parseCsv } from '../web/src/export/csv';

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'plab-compare-capacity-'));
const CAPACITY = 'capacity_mbps';
const SOURCE = 'topology.bottleneck.trace.forward.source';

async function save(d: Download): Promise<string> {
  const file = path.join(tmp, d.suggestedFilename());
  await d.saveAs(file);
  return file;
}

/** The chart's CSV export, by series label: its times and values. */
async function chartCsv(page: Page, testId: string): Promise<Map<string, { t: number[]; v: number[] }>> {
  const figure = page.locator('figure.chart', { has: page.getByTestId(testId) });
  await figure.getByTestId('export-button').click();
  const [d] = await Promise.all([page.waitForEvent('download'), figure.getByTestId('export-csv').click()]);
  const out = new Map<string, { t: number[]; v: number[] }>();
  for (const [name, t, v] of parseCsv(readFileSync(await save(d), 'utf8')).slice(1)) {
    if (!out.has(name)) out.set(name, { t: [], v: [] });
    out.get(name)!.t.push(csvNumber(t));
    out.get(name)!.v.push(csvNumber(v));
  }
  return out;
}

test("Compare on the cellular trace draws the link's capacity with the goodput, the engine's points exactly; a fixed-rate link none", async ({
  page,
}) => {
  test.setTimeout(600_000); // the CLI is built first when missing (scripts/lab.sh)
  await page.goto('/');
  await ready(page);
  await openPreset(page, 'cellular-reno-cubic-bbr');
  await page.getByTestId('view-compare').click();
  await expect(page.getByTestId('compare-view')).toBeVisible();
  await compareSettled(page);
  for (const p of ['reno', 'cubic', 'bbr']) await expect(page.getByTestId(`legend:${p}`)).toBeVisible();

  // The capacity line under the three protocols' goodput, named in the shared legend.
  const chart = page.getByTestId('cmp-chart-goodput');
  await expect(chart).toHaveAttribute('data-series-keys', `${CAPACITY},reno,cubic,bbr`);
  const line = chart.locator(`[data-series="${CAPACITY}"]`);
  expect(Number(await line.getAttribute('data-drawn'))).toBeGreaterThan(10);
  const legend = page.getByTestId(`legend-compare-${CAPACITY}`);
  await expect(legend).toBeVisible();
  await expect(legend).toContainText('bottleneck capacity (trace)');

  // Its points are the engine's: the scenario the page exports, run by the CLI.
  await page.getByTestId('export-experiment').click();
  const dialog = page.getByTestId('export-dialog');
  const [jsonDl] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-scenario').click()]);
  const scenarioFile = await save(jsonDl);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const csvDir = path.join(tmp, 'cli');
  execFileSync('npm', ['run', '--silent', 'lab', '--', 'run', scenarioFile, '--csv', csvDir], {
    cwd: repoDir,
    maxBuffer: 1 << 28,
  });
  const engine = parseCsv(readFileSync(path.join(csvDir, `links.bottleneck.${CAPACITY}.csv`), 'utf8'))
    .slice(1)
    .map((r) => [csvNumber(r[0]), csvNumber(r[1])]);
  const drawn = [...(await chartCsv(page, 'cmp-chart-goodput')).entries()].find(([name]) =>
    name.startsWith('bottleneck capacity (trace)'),
  )?.[1];
  expect(drawn).toBeTruthy();
  expect(drawn!.t).toEqual(engine.map((r) => r[0]));
  expect(drawn!.v).toEqual(engine.map((r) => r[1]));
  // The trace's peak (the cellular trace reaches 12 Mb/s and more per bin) is on the chart.
  const peak = Math.max(...engine.map((r) => r[1]));
  expect(peak).toBeGreaterThanOrEqual(12);
  expect(Math.max(...drawn!.v)).toBe(peak);
  const [, yTop] = (await chart.getAttribute('data-y-domain'))!.split(',').map(Number);
  expect(yTop).toBeGreaterThanOrEqual(peak);

  // The same link at a fixed rate (no trace, chosen in the bottleneck's settings): no
  // capacity line, nothing of it in the legend.
  const before = await page.getByTestId('compare-view').getAttribute('data-compare-id');
  await page.getByTestId('topo-link-bottleneck').click();
  await page.getByTestId('link-editor').getByTestId(SOURCE).selectOption('none');
  await expect(page).not.toHaveURL(/trace\.forward\.source=cellular-a/);
  await expect(page.getByTestId('compare-view')).not.toHaveAttribute('data-compare-id', before!);
  await compareSettled(page);
  await expect(chart).toHaveAttribute('data-series-keys', 'reno,cubic,bbr');
  await expect(page.getByTestId(`legend-compare-${CAPACITY}`)).toHaveCount(0);
});
