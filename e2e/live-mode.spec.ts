// Live mode: the play button runs the live view's run in simulated time; a loss
// changed while it plays is recorded in the link (tl=...), and the link, opened in a
// new page, replays the same run: the same summary numbers.
import { expect, test, type Page } from '@playwright/test';
import { liveSettled } from './helpers';

const P = 'flows[0].channel.forward.p';

async function summaryNumbers(page: Page): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const key of ['goodput_mbps', 'retransmissions', 'fast_retransmits', 'timeouts']) {
    out[key] = (await page.getByTestId(`summary.${key}`).textContent()) ?? '';
  }
  return out;
}

async function playhead(page: Page): Promise<number> {
  return Number(await page.getByTestId('play-time').getAttribute('data-t'));
}

test('a loss changed while playing goes into the link, and the link replays the same numbers', async ({
  page,
  context,
}) => {
  await page.goto('/#v=2&duration_s=10&f0.channel.forward.p=0.001');
  await liveSettled(page);
  const before = await summaryNumbers(page);

  await page.getByTestId('play-speed').selectOption('4');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('play-bar')).toHaveAttribute('data-status', 'playing');
  // Drawing as it goes: the summary (the end of the run) is not shown while playing.
  await expect(page.getByTestId('summary')).toHaveCount(0);
  await expect.poll(() => playhead(page)).toBeGreaterThan(1.5);

  // Pause and resume keep the playhead where it was.
  await page.getByTestId('pause').click();
  const paused = await playhead(page);
  await page.waitForTimeout(300);
  expect(await playhead(page)).toBe(paused);
  await page.getByTestId('resume').click();

  // A typed value commits on Enter (or blur), not on every keystroke.
  await page.getByTestId(P).fill('0.05');
  await page.getByTestId(P).press('Enter');
  const changedAt = await playhead(page);
  expect(changedAt).toBeLessThan(10);
  await expect(page).toHaveURL(/tl=v1,[0-9.]+~f0\.channel\.forward\.p~0\.05/);
  await expect(page.getByTestId('timeline')).toContainText('Forward loss rate → 0.05');

  // The end of the run: the whole run and its summary again.
  await expect(page.getByTestId('play-bar')).toHaveAttribute('data-status', 'stopped', { timeout: 20_000 });
  await liveSettled(page);
  const played = await summaryNumbers(page);
  // The loss went up mid-run: more retransmissions than the run without the change.
  expect(Number(played.retransmissions)).toBeGreaterThan(Number(before.retransmissions));
  const link = page.url();
  const t = Number(/tl=v1,([0-9.]+)~/.exec(link)![1]);
  expect(Math.abs(t - changedAt)).toBeLessThan(1);

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
