// Every place the page shows or copies the experiment's link writes the same link, the
// live-mode timeline (tl=) included: the address bar, .app's data-experiment, the Copy
// link button, the export dialog's link and, in an embed, "open in Protocol Lab". (The
// page once built a second link without tl= for the last three, so an embed's link and
// the shown experiment opened a different run: 2.96 Mb/s and 1 timeout, not 1.17 and 8.)
import { expect, test, type Page } from '@playwright/test';
import { liveSettled, playPast, playToEnd } from './helpers';

const P = 'flows[0].channel.forward.p';

async function hashOf(page: Page): Promise<string> {
  return new URL(page.url()).hash;
}

test('after a live-mode change every link on the page carries the same hash, tl= included', async ({
  page,
  context,
}) => {
  // The Copy link button's text, as it reaches the clipboard.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (t: string) => void ((window as unknown as { copied: string }).copied = t) },
    });
  });
  await page.goto('/#v=2&duration_s=10&f0.channel.forward.p=0.001');
  await liveSettled(page);
  await playPast(page, 1);
  await page.getByTestId(P).fill('0.05');
  await page.getByTestId(P).press('Enter');
  await expect(page).toHaveURL(/tl=v1,[0-9.]+~f0\.channel\.forward\.p~0\.05/);
  await playToEnd(page);
  await liveSettled(page);

  const hash = await hashOf(page);
  expect(hash).toContain('&tl=v1,');
  await expect(page.locator('.app')).toHaveAttribute('data-experiment', hash);

  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('copy-link')).toHaveText('Link copied');
  const copied = await page.evaluate(() => (window as unknown as { copied: string }).copied);
  expect(new URL(copied).hash).toBe(hash);

  await page.getByTestId('export-experiment').click();
  const shown = (await page.getByTestId('export-link').textContent()) ?? '';
  expect(new URL(shown).hash).toBe(hash);
  await page.getByTestId('export-close').click();

  // Presenting adds its flag and keeps the timeline.
  await page.getByTestId('present').click();
  await expect(page).toHaveURL(/&present=1/);
  const presented = await hashOf(page);
  expect(presented).toContain('&tl=v1,');
  await expect(page.locator('.app')).toHaveAttribute('data-experiment', presented);

  // The same experiment embedded: its link opens the full lab on the same run.
  const embed = await context.newPage();
  await embed.goto('/' + hash + '&embed=1');
  await liveSettled(embed);
  const embedded = await hashOf(embed);
  expect(embedded).toContain('embed=1');
  expect(embedded).toContain('&tl=v1,');
  await expect(embed.locator('.app')).toHaveAttribute('data-experiment', embedded);
  const href = (await embed.getByTestId('embed-open').getAttribute('href')) ?? '';
  expect(href.slice(href.indexOf('#'))).toBe(hash);
});
