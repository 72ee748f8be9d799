// "You are the congestion control": the student picks the manual control (which brings
// its own scenario: a bottleneck whose queue builds), plays the run, backs off and
// grows the window mid-run; each press is a timeline entry in the link; at the end the
// page scores the run's power (goodput ÷ mean RTT) beside Reno on the same seed, and
// the link opened in a new page gives the same score. Doubling again and again keeps
// the window drawn exactly the student's through the losses it causes, and scores a
// worse power than Reno; holding near the pipe scores a better one.
import { expect, test, type Page } from '@playwright/test';
import { liveSettled, playPast, playToEnd } from './helpers';

const ROWS = ['power', 'goodput', 'mean-rtt', 'p95-rtt', 'queueing'];

const VERDICT =
  /^Your power \(goodput ÷ mean RTT\) is (\d+) % of Reno's: \d+ % of its goodput at (\d+(\.\d)? ms (less|more) delay|the same delay)\.$/;

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
  // Its own scenario, in the link: a 4 Mb/s bottleneck with a 32-packet buffer, the
  // window alone limiting the flow.
  await expect(page).toHaveURL(/topology\.bottleneck\.rate_mbps=4(&|$)/);
  await expect(page).toHaveURL(/topology\.bottleneck\.queue_packets=32(&|$)/);
  await expect(page).toHaveURL(/f0\.app\.token_bucket\.enabled=0/);
  await liveSettled(page);
  // No score before the student has played: the run drawn so far is not theirs.
  await expect(page.getByTestId('manual-score-hint')).toBeVisible();
  await expect(page.getByTestId('manual-score')).toHaveCount(0);

  await playPast(page, 1);
  await expect(page.getByTestId('manual-panel')).toBeVisible();
  await expect(page.getByTestId('manual-cwnd')).toHaveText(/^10\s*segments$/);

  await page.getByTestId('manual-back-off').click();
  await expect(page.getByTestId('manual-cwnd')).toHaveText(/^5\s*segments$/);
  await expect(page).toHaveURL(/tl=v1,[0-9.]+~f0\.manual\.cwnd_segments~5/);
  await expect(page.getByTestId('timeline')).toContainText('→ 5 segments');
  // g grows it by one segment (a key, not typed into a field).
  await page.keyboard.press('g');
  await expect(page.getByTestId('manual-cwnd')).toHaveText(/^6\s*segments$/);
  await expect(page).toHaveURL(/~f0\.manual\.cwnd_segments~5,[0-9.]+~f0\.manual\.cwnd_segments~6/);

  // The end of the run: the score, numbers on both sides, and the verdict.
  await playToEnd(page);
  await liveSettled(page);
  const score = await scoreTexts(page);
  for (const text of score.slice(0, 10)) expect(text).toMatch(/^\d+(\.\d+)? (Mb\/s|ms|kb\/s per ms)$/);
  expect(score.join(' ')).not.toContain('NaN');
  expect(score[10]).toMatch(VERDICT);
  // Reno ran its own window, not the student's: the two goodputs differ.
  expect(score[1]).not.toBe(score[6]);
  await expect(page.getByTestId('manual-power-note')).toContainText('throughput divided by delay');

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
  // Played to the end without touching the window: still the student's run. (The panel
  // shows while it plays: at 16x from the start the 4 s run was over before the check.)
  await playPast(page, 0);
  await expect(page.getByTestId('manual-panel')).toBeVisible();
  await playToEnd(page);
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

/** Enters the manual mode on an 8 s run and plays it at 0.25×: the keys pressed next land
 * early in the run however slowly the machine answers them (at 1× a loaded machine's
 * second of delay was a second of the run at the old window). */
async function playManual(page: Page) {
  await page.goto('/#v=2&duration_s=8');
  await liveSettled(page);
  await page.getByTestId('flows[0].protocol').selectOption('manual');
  await liveSettled(page);
  await page.getByTestId('play-speed').selectOption('0.25');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('manual-panel')).toBeVisible();
  // The panel says how big the pipe is: 4 Mb/s x ~42 ms, about 20 segments.
  await expect(page.getByTestId('manual-pipe')).toHaveText(/^(1[5-9]|2[0-5])$/);
}

/** Waits for the end of the run and the score; the power's share of Reno's, in %. */
async function powerShare(page: Page): Promise<number> {
  await playToEnd(page);
  await liveSettled(page);
  await expect(page.getByTestId('manual-score')).toHaveAttribute('data-status', 'ok', { timeout: 20_000 });
  const verdict = (await page.getByTestId('manual-verdict').textContent()) ?? '';
  const m = VERDICT.exec(verdict);
  expect(m, verdict).not.toBeNull();
  return Number(m![1]);
}

test("doubling past the pipe: the window drawn is exactly the student's through the losses, and its power is below Reno's", async ({
  page,
}) => {
  await playManual(page);
  const cwnd = page.getByTestId('manual-cwnd');
  for (const n of [20, 40, 80, 160, 320, 640, 1000]) {
    await page.keyboard.press('d');
    await expect(cwnd).toHaveText(new RegExp(`^${n}\\s*segments$`));
  }
  const share = await powerShare(page);
  expect(share).toBeLessThan(100);
  // Losses were repaired (retransmissions), yet the window drawn never left what the
  // student set (the cwnd chart's own summary): 10 at least, 1000 at most; a recovery's
  // inflation drew ~390 over a window of 80 before, its deflation near 0.
  expect(Number((await page.getByTestId('summary.retransmissions').textContent())?.replace(/,/g, ''))).toBeGreaterThan(
    0,
  );
  const chart = page.getByRole('img', { name: /Congestion window/ });
  const table = page.locator(`table[id="${await chart.getAttribute('aria-describedby')}"]`);
  const cell = async (series: string, col: number) =>
    Number(((await table.locator(`tr[data-series="${series}"] td`).nth(col).textContent()) ?? '').replace(/,/g, ''));
  expect(await cell('cwnd', 1)).toBe(10);
  expect(await cell('cwnd', 3)).toBe(1000);
});

test('holding the window near the pipe scores a better power than Reno', async ({ page }) => {
  await playManual(page);
  await page.keyboard.press('d');
  await expect(page.getByTestId('manual-cwnd')).toHaveText(/^20\s*segments$/);
  expect(await powerShare(page)).toBeGreaterThan(100);
});
