// Export, as a lecturer uses it: a chart saved as SVG and PNG (title, axes, the link as
// caption; the PNG is not blank), its series as CSV with the drawn values exactly, and
// the experiment as a scenario JSON that the CLI runs to the page's summary.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { liveSettled, openPreset, sweepDone } from './helpers';
import { csvNumber, parseCsv } from '../web/src/export/csv';
import { hashArrays } from '../web/src/charts/series';

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'plab-export-'));

async function save(d: Download): Promise<string> {
  const file = path.join(tmp, d.suggestedFilename());
  await d.saveAs(file);
  return file;
}

async function exportFrom(page: Page, chart: Locator, item: 'svg' | 'png' | 'csv'): Promise<Download> {
  await chart.getByTestId('export-button').click();
  const [d] = await Promise.all([page.waitForEvent('download'), chart.getByTestId(`export-${item}`).click()]);
  return d;
}

function figureOf(page: Page, testId: string): Locator {
  return page.locator('figure.chart', { has: page.getByTestId(testId) });
}

test.beforeEach(async ({ page }) => {
  await page.goto('./#v=2&seed=7&f0.channel.forward.p=0.02');
  await liveSettled(page);
});

test('a chart exports as an SVG with title, axes and link, and as a PNG that is not blank', async ({ page }) => {
  const chart = figureOf(page, 'chart-cwnd');
  const svgDl = await exportFrom(page, chart, 'svg');
  expect(svgDl.suggestedFilename()).toBe('congestion-window-and-ssthresh-seed7.svg');
  const svg = readFileSync(await save(svgDl), 'utf8');
  expect(svg).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
  expect(svg).toContain('>Congestion window and ssthresh</text>');
  expect(svg).toContain('>time (s)</text>');
  expect(svg).toContain('>window (segments)</text>');
  // The caption holds the experiment's link (wrapped over lines when long).
  const caption = [...svg.matchAll(/<text[^>]*monospace[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join('');
  expect(caption.replace(/&amp;/g, '&')).toBe(`Protocol Lab · ${page.url()}`);
  // Styles are inline: the file is readable without the page's stylesheet.
  expect(svg).toMatch(/<path[^>]*class="domain"[^>]*style="[^"]*stroke-width:/);
  // The curves, drawn on a canvas under the axes, are in the file as an image.
  expect(svg).toMatch(/<image [^>]*href="data:image\/png;base64,/);
  expect(svg).toMatch(/<g[^>]*data-series="cwnd"[^>]*data-drawn="[1-9]/);
  const cwndColour = (await page.getByTestId('chart-cwnd').locator('[data-series="cwnd"]').getAttribute('data-color'))!;

  const pngDl = await exportFrom(page, chart, 'png');
  expect(pngDl.suggestedFilename()).toBe('congestion-window-and-ssthresh-seed7.png');
  const png = readFileSync(await save(pngDl));
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  // Decoded by the browser: 2x the chart's size, many colours, mostly white but not only.
  const stats = await page.evaluate(
    async ([b64, hex]) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      const colours = new Set<number>();
      let nonWhite = 0;
      let cwnd = 0;
      const want = parseInt(hex.slice(1), 16);
      for (let i = 0; i < d.length; i += 4) {
        const rgb = (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
        colours.add(rgb);
        if (rgb === want) cwnd++;
        if (d[i] < 240 || d[i + 1] < 240 || d[i + 2] < 240) nonWhite++;
      }
      return { w: c.width, h: c.height, colours: colours.size, nonWhite: nonWhite / (d.length / 4), cwnd };
    },
    [png.toString('base64'), cwndColour] as const,
  );
  const box = await page.getByTestId('chart-cwnd').boundingBox();
  expect(Math.abs(stats.w - 2 * box!.width)).toBeLessThanOrEqual(4);
  expect(stats.colours).toBeGreaterThan(20);
  expect(stats.nonWhite).toBeGreaterThan(0.02);
  expect(stats.nonWhite).toBeLessThan(0.9);
  // The cwnd curve (the canvas) is in the PNG in its own colour.
  expect(stats.cwnd).toBeGreaterThan(200);
});

test('the time–sequence chart (drawn on a canvas) exports its points in the PNG too', async ({ page }) => {
  const d = await exportFrom(page, figureOf(page, 'chart-seq'), 'svg');
  const svg = readFileSync(await save(d), 'utf8');
  expect(svg).toContain('>Time–sequence</text>');
  expect(svg).toMatch(/<image [^>]*href="data:image\/png;base64,/);
});

test("a chart's CSV holds exactly the values the chart draws", async ({ page }) => {
  const svg = page.getByTestId('chart-cwnd');
  const keys = (await svg.getAttribute('data-series-keys'))!.split(',');
  const d = await exportFrom(page, figureOf(page, 'chart-cwnd'), 'csv');
  expect(d.suggestedFilename()).toBe('congestion-window-and-ssthresh-seed7.csv');
  const rows = parseCsv(readFileSync(await save(d), 'utf8'));
  // The series have their own times (markers), so the file is in long form.
  expect(rows[0]).toEqual(['series', 't (s)', 'value']);
  const bySeries = new Map<string, { t: number[]; v: number[] }>();
  for (const [name, t, v] of rows.slice(1)) {
    if (!bySeries.has(name)) bySeries.set(name, { t: [], v: [] });
    bySeries.get(name)!.t.push(csvNumber(t));
    bySeries.get(name)!.v.push(csvNumber(v));
  }
  expect(bySeries.size).toBe(keys.length);
  expect([...bySeries.keys()][0]).toBe('cwnd: window (segments)');
  const points = [...bySeries.values()].reduce((n, s) => n + s.t.length, 0);
  expect(points).toBe(Number(await svg.getAttribute('data-points')));
  // The chart's checksum is over the bytes of every drawn double: equal only if every
  // value round-tripped exactly.
  const arrays = [...bySeries.values()].flatMap((s) => [Float64Array.from(s.t), Float64Array.from(s.v)]);
  expect(hashArrays(arrays)).toBe(await svg.getAttribute('data-hash'));
});

test('the experiment exports as a scenario JSON that the CLI runs to the same summary', async ({ page }) => {
  test.setTimeout(600_000); // the CLI is built first when missing (scripts/lab.sh)
  await page.getByTestId('export-experiment').click();
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog).toBeVisible();
  const [jsonDl] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-scenario').click()]);
  expect(jsonDl.suggestedFilename()).toBe('protocol-lab-seed7.json');
  await expect(dialog.getByTestId('export-command')).toHaveText('npm run --silent lab -- run protocol-lab-seed7.json');
  const [csvDl] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-summary-csv').click()]);
  const scenarioFile = await save(jsonDl);
  const scenario = JSON.parse(readFileSync(scenarioFile, 'utf8'));
  expect(scenario.seed).toBe(7);
  expect(scenario.flows[0].channel.forward.p).toBe(0.02);

  const page_ = new Map(
    parseCsv(readFileSync(await save(csvDl), 'utf8'))
      .slice(1)
      .map((r) => [r[0], r[3]]),
  );
  // The command the dialog shows, with the file where the test saved it.
  const out = execFileSync('npm', ['run', '--silent', 'lab', '--', 'run', scenarioFile], {
    cwd: repoDir,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const cli = JSON.parse(out).summary as Record<string, unknown>;
  let compared = 0;
  for (const [k, v] of Object.entries(cli)) {
    if (typeof v !== 'number') continue;
    expect(csvNumber(page_.get(k) ?? ''), k).toBe(v);
    compared++;
  }
  expect(compared).toBeGreaterThan(5);
  // And what the page displays is that number, rounded.
  const goodput = cli.goodput_mbps as number;
  await expect(page.getByTestId('summary.goodput_mbps')).toContainText(goodput.toFixed(2));
  await expect(page.getByTestId('summary.retransmissions')).toHaveText(
    (cli.retransmissions as number).toLocaleString('en-US'),
  );
  await dialog.getByTestId('export-close').click();
  await expect(dialog).toBeHidden();
});

test('tables save as CSV with their rows', async ({ page }) => {
  await page.goto('./#v=2&seed=7&view=compare&cmp=newreno,sack');
  await page.waitForFunction(() => {
    const v = document.querySelector('[data-testid="compare-view"]');
    return v?.getAttribute('data-busy') === '0' && Number(v.getAttribute('data-compare-id')) > 0;
  });
  const panel = page.locator('section', { has: page.getByTestId('compare-table') });
  const [d] = await Promise.all([page.waitForEvent('download'), panel.getByTestId('table-export').click()]);
  const rows = parseCsv(readFileSync(await save(d), 'utf8'));
  expect(rows[0][0]).toBe('Protocol');
  expect(rows.length).toBe(3);
  const shown = await page
    .locator('[data-testid="compare-table"] tbody tr')
    .first()
    .locator('td')
    .nth(1)
    .getAttribute('data-value');
  expect(rows[1][1]).toBe(shown);
  expect(Number.isFinite(Number(rows[1][1]))).toBe(true);
});

test('the sweep chart exports its points (mean, min, max over seeds) exactly, and as an SVG', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('./#v=2&view=sweep&sweep.n=4&sweep.k=2');
  await sweepDone(page);
  const svg = page.getByTestId('chart-sweep');
  const chart = figureOf(page, 'chart-sweep');
  const title = (await chart.locator('.chart-title').textContent())!;
  const rows = parseCsv(readFileSync(await save(await exportFrom(page, chart, 'csv')), 'utf8'));
  expect(rows[0].slice(0, 5)).toEqual(['series', expect.any(String), expect.stringMatching(/^mean /), 'min', 'max']);
  const measured = rows.slice(1).filter((r) => !r[0].startsWith('model: '));
  expect(measured.length).toBe(Number(await svg.getAttribute('data-points')));
  const col = (i: number) => Float64Array.from(measured, (r) => csvNumber(r[i]));
  expect(hashArrays([col(1), col(2), col(3), col(4)])).toBe(await svg.getAttribute('data-hash'));
  // The model curves the chart draws are in the file too.
  const models = (await svg.getAttribute('data-models'))!.split(',').filter(Boolean);
  expect(
    new Set(
      rows
        .slice(1)
        .filter((r) => r[0].startsWith('model: '))
        .map((r) => r[0]),
    ).size,
  ).toBe(models.length);

  const file = readFileSync(await save(await exportFrom(page, chart, 'svg')), 'utf8');
  expect(file).toContain(`>${title}</text>`);
});

test('the export menu works from the keyboard: Enter opens it on its first item, Escape closes it', async ({
  page,
}) => {
  const chart = figureOf(page, 'chart-app');
  const button = chart.getByTestId('export-button');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(chart.getByTestId('export-svg')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(chart.getByTestId('export-png')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(chart.getByRole('menu')).toHaveCount(0);
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
});

test('the per-flow table saves as CSV, goodput unrounded', async ({ page }) => {
  await page.goto('./#v=2&flows=2&seed=7');
  await liveSettled(page);
  const table = page.getByTestId('flow-table');
  const [d] = await Promise.all([page.waitForEvent('download'), table.getByTestId('table-export').click()]);
  expect(d.suggestedFilename()).toBe('per-flow-results-seed7.csv');
  const rows = parseCsv(readFileSync(await save(d), 'utf8'));
  expect(rows[0].slice(0, 4)).toEqual(['Flow', 'Protocol', 'Start (s)', 'Goodput (Mb/s)']);
  for (const i of [0, 1]) {
    const shown = (await page.getByTestId(`flow-table-row-${i}`).locator('[data-key="goodput_mbps"]').textContent())!;
    const exact = csvNumber(rows[i + 1][3]);
    expect(rows[i + 1][0]).toBe(String(i + 1));
    expect(exact.toFixed(3)).toBe(shown);
    expect(rows[i + 1][3].length).toBeGreaterThan(shown.length); // full precision, not the rounded text
  }
});

test("a preset's evidence table (the paper's numbers beside ours) saves as CSV", async ({ page }) => {
  await page.goto('./');
  await liveSettled(page);
  // An RRTP Table 4.2 preset: the thesis's four published counts in a table beside ours.
  await openPreset(page, 'rrtp-table42-lan');
  // The paper's table is folded under the preset's caption (the chart comes first).
  await page.getByTestId('preset-evidence-fold').locator('summary').click();
  const evidence = page.getByTestId('evidence');
  await expect(evidence.locator('table').first()).toBeVisible();
  const [d] = await Promise.all([page.waitForEvent('download'), evidence.getByTestId('table-export').click()]);
  expect(d.suggestedFilename()).toMatch(/^rrtp-table42-lan-evidence(-seed\d+)?\.csv$/);
  const text = readFileSync(await save(d), 'utf8');
  const firstHeader = (await evidence.locator('table').first().locator('thead th').first().textContent())!.trim();
  expect(parseCsv(text)[0][0]).toBe(firstHeader);
  const bodyRows = await evidence.locator('table tbody tr').count();
  expect(parseCsv(text).filter((r) => r.some((c) => c !== '')).length).toBe(
    bodyRows + (await evidence.locator('table').count()),
  );
});
