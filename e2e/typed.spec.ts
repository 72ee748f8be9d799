// A typed value commits on Enter or when the box loses focus, never per keystroke;
// Escape puts the current value back; a refused value stays with its message, which
// names the field by its label and unit.
import { expect, test } from '@playwright/test';
import { liveSettled } from './helpers';

const D = 'duration_s';

test('typing "1e9" into Duration runs nothing until Enter, then says why it is refused', async ({ page }) => {
  await page.goto('/');
  await liveSettled(page);
  const runs = await page.locator('.app').getAttribute('data-last-finished');
  const box = page.getByTestId(D);
  const before = await box.inputValue();

  await box.click();
  await box.press('ControlOrMeta+a');
  await box.pressSequentially('1e9', { delay: 60 });
  // Each keystroke ("1", "1e", "1e9") left the experiment alone.
  await page.waitForTimeout(300);
  expect(new URL(page.url()).hash).toBe('#v=3');
  expect(await page.locator('.app').getAttribute('data-busy')).toBe('0');
  expect(await page.locator('.app').getAttribute('data-last-finished')).toBe(runs);

  await box.press('Enter');
  const error = page.getByTestId(`${D}:error`);
  await expect(error).toHaveText('Duration (s) must be between 0.1 and 2000; got 1000000000');
  await expect(box).toHaveValue('1e9');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  expect(new URL(page.url()).hash).toBe('#v=3');
  // Still there after the box loses focus.
  await page.getByRole('heading', { name: 'Protocol Lab' }).click();
  await expect(error).toBeVisible();
  await expect(box).toHaveValue('1e9');

  // Escape puts the current value back.
  await box.click();
  await box.press('Escape');
  await expect(box).toHaveValue(before);
  await expect(error).toHaveCount(0);

  // A good value commits when the box loses focus (Tab).
  await box.click();
  await box.press('ControlOrMeta+a');
  await box.pressSequentially('7.5');
  expect(new URL(page.url()).hash).toBe('#v=3');
  await box.press('Tab');
  await expect(page).toHaveURL(/duration_s=7\.5(&|$)/);
  await liveSettled(page);
  expect(await page.locator('.app').getAttribute('data-last-finished')).not.toBe(runs);
});

test('a value the engine rejects is named by its label next to the field', async ({ page }) => {
  await page.goto('/');
  await liveSettled(page);
  await page.getByTestId('more:Application').click();
  const token = page.getByTestId('flows[0].app.token_bucket.token_bytes');
  await token.fill('100');
  await token.press('Enter');
  const depth = page.getByTestId('flows[0].app.token_bucket.depth_tokens');
  await depth.fill('5');
  await depth.press('Enter');
  const err = page.getByTestId('flows[0].app.token_bucket.depth_tokens:error');
  await expect(err).toContainText('must be at least 10');
  await expect(err).not.toContainText('flows[0]');
  const label = (await page
    .locator('[data-param="flows[0].app.token_bucket.depth_tokens"] label')
    .textContent())!.trim();
  await expect(err).toContainText(label);
});
