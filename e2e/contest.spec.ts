// The contest view (issue J §3): a link names the set and runs it; the board equals
// `plab contest`'s to the bit; this page's first flow joins the board as "yours" by
// real clicks; Back/Forward and a fresh page reproduce it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { commitPrediction, openPreset, ready } from './helpers';

const repoDir = fileURLToPath(new URL('..', import.meta.url));

async function boardDone(page: Page) {
  await expect(page.getByTestId('contest-status')).toHaveAttribute('data-status', 'done', { timeout: 180_000 });
}

async function scores(page: Page): Promise<Record<string, number>> {
  const cells = page.locator('[data-testid^="contest-score:"]');
  const out: Record<string, number> = {};
  for (const cell of await cells.all()) {
    const who = (await cell.getAttribute('data-testid'))!.slice('contest-score:'.length);
    out[who] = Number(await cell.getAttribute('data-score'));
  }
  return out;
}

function cliScores(args: string[]): Record<string, number> {
  const out = execFileSync('npm', ['run', '--silent', 'lab', '--', 'contest', ...args, '--format', 'json'], {
    cwd: repoDir,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const board = JSON.parse(out) as { rows: { entrant: string; score: number }[] };
  return Object.fromEntries(board.rows.map((r) => [r.entrant, r.score]));
}

test('a contest link runs its set; the board is the CLI\'s; a delay-based program joins as "yours" and beats CUBIC on the trace', async ({
  page,
}) => {
  test.setTimeout(400_000);
  await page.goto('/#v=3&view=contest&contest=classic');
  await ready(page);
  await boardDone(page);
  const builtIn = await scores(page);
  expect(Object.keys(builtIn)).toEqual(expect.arrayContaining(['reno', 'cubic', 'bbr', 'vegas']));
  // The same plan and score from the command line, to the last bit.
  expect(builtIn).toEqual(cliScores(['classic']));
  // Rank order: best first.
  const order = Object.values(builtIn);
  expect(order).toEqual([...order].sort((a, b) => b - a));

  // The first flow runs the delay template (a delay-based program after LEDBAT), picked
  // in the program editor: it joins the board as "yours" and races CUBIC on the trace.
  const PROGRAM = 'flows[0].custom.program';
  await page.getByTestId('flows[0].protocol').selectOption('custom');
  await page.getByTestId(`${PROGRAM}:template`).selectOption('delay');
  await page.getByTestId(`${PROGRAM}:use-template`).click();
  await expect(page.getByTestId('contest-status')).toHaveAttribute('data-status', 'stale');
  await expect(page.getByTestId('contest-entrants')).toContainText('yours (');
  await page.getByTestId('contest-run').click();
  await boardDone(page);
  const withMine = await scores(page);
  const mine = Object.keys(withMine).find((k) => k.startsWith('yours'))!;
  expect(mine).toBeTruthy();
  await expect(page.getByTestId(`contest-row:${mine}`)).toHaveClass(/mine/);
  // Adding an entrant does not change the others' scores (each runs alone as flows[0]).
  for (const [who, score] of Object.entries(builtIn)) expect(withMine[who]).toBe(score);
  // `plab contest --program FILE` with the same template gives the same score.
  const schema = JSON.parse(
    execFileSync('npm', ['run', '--silent', 'lab', '--', 'schema'], {
      cwd: repoDir,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    }),
  ) as { languages: { custom: { templates: { name: string; program: string }[] } } };
  const delay = schema.languages.custom.templates.find((t) => t.name === 'delay')!.program;
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'plab-contest-')), 'delay.cc');
  writeFileSync(file, delay);
  expect(withMine[mine]).toBe(cliScores(['classic', '--entrants', 'reno', '--program', file])['delay.cc']);
  // On the cellular trace (the set's first path) the delay program's power beats CUBIC's.
  const cellular = async (who: string) =>
    Number(await page.getByTestId(`contest-row:${who}`).locator('td.cell').first().getAttribute('data-log-power'));
  expect(await cellular(mine)).toBeGreaterThan(await cellular('cubic'));
  await expect(page.getByTestId('contest-chart:0')).toBeVisible();

  // The link holds it: a new page opens the same contest and board.
  const url = page.url();
  expect(url).toContain('contest=classic');
  const fresh = await page.context().newPage();
  await fresh.goto(url);
  await ready(fresh);
  await boardDone(fresh);
  expect(await scores(fresh)).toEqual(withMine);

  // Back to the Live view and Forward to the contest again: the board is still there.
  await page.getByTestId('view-live').click();
  await expect(page.getByTestId('contest-view')).toHaveCount(0);
  await page.goBack();
  await expect(page.getByTestId('contest-view')).toBeVisible();
  await boardDone(page);
  expect(await scores(page)).toEqual(withMine);
});

test('a contest link naming an unknown set says so and opens the first set', async ({ page }) => {
  await page.goto('/#v=3&view=contest&contest=warp');
  await ready(page);
  await expect(page.getByTestId('url-messages')).toContainText('contest must be one of classic');
  await expect(page.getByTestId('contest.set')).toHaveValue('classic');
  await page.getByTestId('contest-cancel').click();
  await expect(page.getByTestId('contest-status')).toHaveAttribute('data-status', 'cancelled');
});

test("the contest exercise: predict, then run; the student's program is on the board", async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/');
  await ready(page);
  await openPreset(page, 'contest-your-program');
  // The board stays behind the question until an answer is committed.
  await expect(page.getByTestId('predict-charts')).toHaveClass(/predict-hidden/);
  await commitPrediction(page);
  await expect(page.getByTestId('predict-charts')).not.toHaveClass(/predict-hidden/);
  await expect(page.getByTestId('predict')).toContainText('log10 power');
  await boardDone(page);
  // The first flow runs the custom program (the Reno template until the student edits it).
  await expect(page.locator('[data-testid^="contest-row:yours"]')).toHaveCount(1);
});

test('at 1280x720 the board fits its column, every path at once, and on a projector (presentation mode) too', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  for (const present of ['', '&present=1']) {
    await page.goto(`/#v=3&view=contest&contest=classic${present}`);
    await ready(page);
    await boardDone(page);
    const board = page.getByTestId('contest-board');
    // The header names every path of the set; each row has a cell for each.
    const paths = (await board.locator('thead th').count()) - 3; // after rank, entrant, score
    expect(paths).toBeGreaterThanOrEqual(5);
    await expect(board.locator('tbody tr').first().locator('td.cell')).toHaveCount(paths);
    // Nothing scrolls sideways (or hides below): the last path's column is in view.
    const box = await page
      .locator('.contest-board .table-scroll')
      .evaluate((e) => ({ sw: e.scrollWidth, cw: e.clientWidth, sh: e.scrollHeight, ch: e.clientHeight }));
    expect(box.sw, present || 'no presentation').toBeLessThanOrEqual(box.cw);
    expect(box.sh, present || 'no presentation').toBeLessThanOrEqual(box.ch);
    // On each path's chart no two entrants' names overlap (five of six score alike on some).
    for (const chart of await page.locator('[data-testid^="contest-chart:"]').all()) {
      const boxes = await chart
        .locator('.dot-label')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-box')!.split(',').map(Number)));
      expect(boxes.length).toBeGreaterThanOrEqual(5);
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i], boxes[j]];
          expect(a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3], `${a} and ${b}`).toBe(false);
        }
    }
  }
});
