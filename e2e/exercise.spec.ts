// "Predict, then run": a preset with a question hides its charts until the student has
// committed a prediction, then shows them with the answer and its explanation.
import { expect, test } from '@playwright/test';
import { compareSettled, liveSettled, openPreset } from './helpers';

test('a preset with a question hides its charts until a prediction is committed', async ({ page }) => {
  await page.goto('/#v=2&duration_s=5');
  await liveSettled(page);
  await expect(page.getByTestId('predict')).toHaveCount(0);
  await openPreset(page, 'fall-floyd-drops');
  const predict = page.getByTestId('predict');
  await expect(predict).toHaveAttribute('data-state', 'pending');
  await expect(predict).toContainText('Which protocol delivers the 100 segments first?');
  await expect(predict.locator('.objectives li')).toHaveCount(3);
  await expect(page.getByTestId('compare-charts')).toBeHidden();
  await expect(page.getByTestId('compare-table')).toBeHidden();
  // The caption would give the answer away.
  await expect(page.getByTestId('preset-note').locator('> p:not(.seed-note)')).toBeHidden();
  const commit = page.getByTestId('predict-commit');
  await expect(commit).toBeDisabled();
  await page.getByTestId('predict-option-1').check();
  await commit.click();
  await expect(predict).toHaveAttribute('data-state', 'revealed');
  await expect(page.getByTestId('compare-charts')).toBeVisible();
  await expect(page.getByTestId('preset-note').locator('> p:not(.seed-note)')).toBeVisible();
  const answer = page.getByTestId('predict-answer');
  await expect(answer).toHaveAttribute('data-correct', '0');
  await expect(answer).toContainText('The answer: SACK');
  await expect(answer).toContainText('partial ACK');
  // The answer is what the runs on screen show: SACK's connection ends first.
  await compareSettled(page);
  const times: Record<string, number> = {};
  for (const p of ['tahoe', 'reno', 'newreno', 'sack'])
    times[p] = Number((await page.getByTestId(`cmp.${p}.connection_time_s`).textContent())!.replace(/[^0-9.]/g, ''));
  expect(Math.min(...Object.values(times))).toBe(times.sack);
  // Leaving and coming back keeps the commitment.
  await page.goBack();
  await expect(page.getByTestId('predict')).toHaveCount(0);
  await page.goForward();
  await expect(page.getByTestId('predict')).toHaveAttribute('data-state', 'revealed');
});

test('a right prediction is confirmed', async ({ page }) => {
  await page.goto('/#v=2&duration_s=5');
  await liveSettled(page);
  await openPreset(page, 'fall-floyd-drops');
  await page.getByTestId('predict-option-3').check();
  await page.getByTestId('predict-commit').click();
  await expect(page.getByTestId('predict-answer')).toHaveAttribute('data-correct', '1');
  await expect(page.getByTestId('predict-answer')).toContainText('Your prediction was right.');
});
