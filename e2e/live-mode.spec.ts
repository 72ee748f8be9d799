// Live mode: the play button runs the live view's run in simulated time; a loss
// changed while it plays is recorded in the link (tl=...), and the link, opened in a
// new page, replays the same run: the same summary numbers.
import { expect, test, type Page } from '@playwright/test';
import { liveSettled, playhead, playPast, playToEnd } from './helpers';

const P = 'flows[0].channel.forward.p';

async function summaryNumbers(page: Page): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const key of ['goodput_mbps', 'retransmissions', 'fast_retransmits', 'timeouts']) {
    out[key] = (await page.getByTestId(`summary.${key}`).textContent()) ?? '';
  }
  return out;
}

test('a loss changed while playing goes into the link, and the link replays the same numbers', async ({
  page,
  context,
}) => {
  await page.goto('/#v=2&duration_s=10&f0.channel.forward.p=0.001');
  await liveSettled(page);
  const before = await summaryNumbers(page);

  await playPast(page, 1.5);
  await expect(page.getByTestId('play-bar')).toHaveAttribute('data-status', 'playing');
  // Drawing as it goes: the summary (the end of the run) is not shown while playing.
  await expect(page.getByTestId('summary')).toHaveCount(0);

  // Pause and resume keep the playhead where it was.
  await page.getByTestId('pause').click();
  const paused = await playhead(page);
  await page.waitForTimeout(300);
  expect(await playhead(page)).toBe(paused);
  await page.getByTestId('resume').click();

  // A typed value commits on Enter (or blur), not on every keystroke.
  await page.getByTestId(P).fill('0.05');
  await page.getByTestId(P).press('Enter');
  await expect(page).toHaveURL(/tl=v1,[0-9.]+~f0\.channel\.forward\.p~0\.05/);
  await expect(page.getByTestId('timeline')).toContainText('Forward loss rate → 0.05');
  // Recorded at the playhead: after the pause, before the playhead read now, inside the run.
  const changedBy = await playhead(page);
  expect(changedBy).toBeLessThan(10);

  // The end of the run: the whole run and its summary again.
  await playToEnd(page);
  await liveSettled(page);
  const played = await summaryNumbers(page);
  // The loss went up mid-run: more retransmissions than the run without the change.
  expect(Number(played.retransmissions)).toBeGreaterThan(Number(before.retransmissions));
  const link = page.url();
  const t = Number(/tl=v1,([0-9.]+)~/.exec(link)![1]);
  expect(t).toBeGreaterThanOrEqual(paused - 1e-6); // rounded to the µs
  expect(t).toBeLessThanOrEqual(changedBy);

  const other = await context.newPage();
  await other.goto(link);
  await liveSettled(other);
  expect(await other.getByTestId('url-messages').count()).toBe(0);
  expect(await summaryNumbers(other)).toEqual(played);
  await expect(other.getByTestId('timeline')).toContainText('Forward loss rate → 0.05');
});

test('a bad timeline entry is named in the link banner and left out', async ({ page }) => {
  await page.goto('/#v=2&duration_s=5&tl=v1,1~f0.channel.forward.p~0.05,2~duration_s~3');
  await liveSettled(page);
  const banner = page.getByTestId('url-messages');
  await expect(banner).toContainText('Duration');
  await expect(banner).toContainText('cannot change during a run');
  await expect(page.getByTestId('timeline').locator('li')).toHaveCount(1);
});

test('a change made during Play is marked on every Live chart, during the run and after it', async ({ page }) => {
  await page.goto('/#v=2&duration_s=6&f0.channel.forward.p=0.001');
  await liveSettled(page);
  const figures = page.locator('[data-testid="charts"] figure.chart');
  const n = await figures.count();
  expect(n).toBeGreaterThanOrEqual(5);
  await expect(page.locator('[data-testid="charts"] g.timeline-mark')).toHaveCount(0);

  await playPast(page, 1);
  await page.getByTestId(P).fill('0.05');
  await page.getByTestId(P).press('Enter');
  await expect(page).toHaveURL(/tl=v1,/);
  const at = Number(/tl=v1,([0-9.]+)~/.exec(page.url())![1]);

  const expectMarks = async () => {
    for (let i = 0; i < n; i++) {
      const mark = figures.nth(i).locator('g.timeline-mark');
      await expect(mark).toHaveCount(1);
      expect(Number(await mark.getAttribute('data-t'))).toBeCloseTo(at, 6);
      await expect(mark.locator('text')).toHaveText('Forward loss rate → 0.05');
      // A thin vertical line over the plot's height, at the change's time on the x axis.
      const svg = figures.nth(i).locator('.chart-body > svg');
      const [x0, x1] = (await svg.getAttribute('data-x-domain'))!.split(',').map(Number);
      const plot = (await svg.locator('rect.hover-surface, rect.zoom-surface').boundingBox())!;
      const line = (await mark.locator('line').boundingBox())!;
      expect(line.height).toBeGreaterThan(0.9 * plot.height);
      expect(line.width).toBeLessThan(4);
      expect(Math.abs(line.x + line.width / 2 - (plot.x + ((at - x0) / (x1 - x0)) * plot.width))).toBeLessThan(2);
    }
  };
  await expect(page.getByTestId('play-bar')).toHaveAttribute('data-status', 'playing');
  await expectMarks();
  await playToEnd(page);
  await liveSettled(page);
  await expectMarks();
});
