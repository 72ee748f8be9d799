// "You are the congestion control": the student picks the manual control, plays the
// run, backs off and grows the window mid-run; each press is a timeline entry in the
// link; at the end the page scores the run beside Reno on the same seed, and the link
// opened in a new page gives the same score.
import { expect, test, type Page } from '@playwright/test';
import { liveSettled } from './helpers';

const ROWS = ['goodput', 'mean-rtt', 'p95-rtt', 'queueing'];

async function playhead(page: Page): Promise<number> {
  return Number(await page.getByTestId('play-time').getAttribute('data-t'));
}

async function scoreTexts(page: Page): Promise<string[]> {
  const card = page.getByTestId('manual-score');
  await expect(card).toHaveAttribute('data-status', 'ok', { timeout: 20_000 });
  const out: string[] = [];
  for (const who of ['you', 'reno']) {
    for (const row of ROWS) out.push((await page.getByTestId(`score-${who}-${row}`).textContent()) ?? '');
  }
  out.push((await page.getByTestId('manual-verdict').textContent()) ?? '');
  return out;
}

test('backing off mid-run goes into the link, the score sits beside Reno, and the link replays it', async ({
  page,
  context,
}) => {
  await page.goto('/#v=2&duration_s=8');
  await liveSettled(page);
  await expect(page.getByTestId('manual-panel')).toHaveCount(0);
  await page.getByTestId('flows[0].protocol').selectOption('manual');
  await expect(page).toHaveURL(/f0\.protocol=manual/);
  await liveSettled(page);
  // No score before the student has played: the run drawn so far is not theirs.
  await expect(page.getByTestId('manual-score-hint')).toBeVisible();
  await expect(page.getByTestId('manual-score')).toHaveCount(0);

  await page.getByTestId('play-speed').selectOption('1');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('manual-panel')).toBeVisible();
  await expect(page.getByTestId('manual-cwnd')).toHaveText(/^10\s*segments$/);
  await expect.poll(() => playhead(page)).toBeGreaterThan(1);

  await page.getByTestId('manual-back-off').click();
  await expect(page.getByTestId('manual-cwnd')).toHaveText(/^5\s*segments$/);
  await expect(page).toHaveURL(/tl=v1,[0-9.]+~f0\.manual\.cwnd_segments~5/);
  await expect(page.getByTestId('timeline')).toContainText('→ 5 segments');
  // g grows it by one segment (a key, not typed into a field).
  await page.keyboard.press('g');
  await expect(page.getByTestId('manual-cwnd')).toHaveText(/^6\s*segments$/);
  await expect(page).toHaveURL(/~f0\.manual\.cwnd_segments~5,[0-9.]+~f0\.manual\.cwnd_segments~6/);

  // The end of the run: the score, numbers on both sides, and the verdict.
  await expect(page.getByTestId('play-bar')).toHaveAttribute('data-status', 'stopped', { timeout: 20_000 });
  await liveSettled(page);
  const score = await scoreTexts(page);
  for (const text of score.slice(0, 8)) expect(text).toMatch(/^\d+(\.\d+)? (Mb\/s|ms)$/);
  expect(score.join(' ')).not.toContain('NaN');
  expect(score[8]).toMatch(/^You got \d+ % of Reno's goodput at (\d+(\.\d)? ms (less|more) delay|the same delay)\.$/);
  // Reno ran its own window, not the student's: the two goodputs differ.
  expect(score[0]).not.toBe(score[4]);

  const other = await context.newPage();
  await other.goto(page.url());
  await liveSettled(other);
  expect(await other.getByTestId('url-messages').count()).toBe(0);
  expect(await scoreTexts(other)).toEqual(score);
});

test('the score appears only after a played run, and goes when the experiment changes', async ({ page }) => {
  await page.goto('/#v=2&duration_s=4&f0.protocol=manual');
  await liveSettled(page);
  await expect(page.getByTestId('manual-score-hint')).toBeVisible();
  await expect(page.getByTestId('manual-score')).toHaveCount(0);
  // Played to the end without touching the window: still the student's run.
  await page.getByTestId('play-speed').selectOption('16');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('manual-panel')).toBeVisible();
  await expect(page.getByTestId('play-bar')).toHaveAttribute('data-status', 'stopped', { timeout: 20_000 });
  await liveSettled(page);
  await expect(page.getByTestId('manual-score')).toHaveAttribute('data-status', 'ok', { timeout: 20_000 });
  await expect(page.getByTestId('manual-score-hint')).toHaveCount(0);
  // A different experiment has not been played yet.
  await page.getByTestId('duration_s').fill('5');
  await page.getByTestId('duration_s').press('Enter');
  await liveSettled(page);
  await expect(page.getByTestId('manual-score')).toHaveCount(0);
  await expect(page.getByTestId('manual-score-hint')).toBeVisible();
});
