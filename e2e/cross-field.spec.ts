// A rule between two fields, broken by typing (issue G, finding 12): the page names both
// fields by their labels and runs nothing; the engine is not asked.
import { expect, test } from '@playwright/test';
import { ready } from './helpers';

test("a flow's start beyond the run's duration is named by both labels, and nothing runs", async ({ page }) => {
  await page.goto('/#v=2&duration_s=20');
  await ready(page);
  await page.waitForFunction(() => document.querySelector('.app')?.getAttribute('data-last-finished') !== '0');
  const app = page.locator('.app');
  await expect(app).toHaveAttribute('data-busy', '0');
  const before = await app.getAttribute('data-last-finished');

  const start = page.getByTestId('flow-start-0');
  await start.fill('30');
  await start.press('Enter');
  const banner = page.getByTestId('engine-validation');
  await expect(banner).toContainText('These values do not fit together, nothing ran');
  await expect(banner).toContainText('Start (s) of flow 1 must be less than Duration (s) (20); got 30');
  await expect(page.getByTestId('status')).toContainText('these values do not fit together');
  // Nothing ran: the last finished run is still the one before.
  await page.waitForTimeout(500);
  await expect(app).toHaveAttribute('data-busy', '0');
  expect(await app.getAttribute('data-last-finished')).toBe(before);

  // A start within the run clears it and runs.
  await start.fill('5');
  await start.press('Enter');
  await expect(banner).toHaveCount(0);
  await expect.poll(() => app.getAttribute('data-last-finished')).not.toBe(before);
});
