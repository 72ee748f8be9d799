// Progressive runs (engine/progressive.ts): a mouse drag on the loss slider sends many
// inputs while earlier runs are still filling in; a newer input stops the older run at
// its next slice. When the drag ends, the charts must show the last input's complete
// result: the same drawn data as that link opened afresh (a one-shot run), nothing of a
// superseded input left on top, no run still filling in.
import { expect, test } from '@playwright/test';
import { liveSettled } from './helpers';

const SLIDER = '[data-testid="flows[0].channel.forward.p:slider"]';

async function drawn(page: import('@playwright/test').Page) {
  const hashes: Record<string, string | null> = {};
  for (const id of ['chart-cwnd', 'chart-tokens', 'chart-app'])
    hashes[id] = await page.getByTestId(id).getAttribute('data-hash');
  return hashes;
}

test('after a fast mouse drag the charts show the last input complete, as a fresh run of its link does', async ({
  page,
  context,
}) => {
  await page.goto('/#v=2&duration_s=15');
  await liveSettled(page);
  const slider = page.locator(SLIDER);
  await slider.scrollIntoViewIfNeeded();
  const box = (await slider.boundingBox())!;
  const y = box.y + box.height / 2;
  const pos = Number(await slider.inputValue()) / 1000;
  await page.mouse.move(box.x + box.width * pos, y);
  await page.mouse.down();
  // Moves faster than a run takes: most runs are superseded while they fill in.
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + box.width * pos + 3 * i, y);
  await page.mouse.up();
  const link = await page.evaluate(() => location.hash);
  await liveSettled(page);
  await expect(page.getByTestId('charts')).not.toHaveAttribute('data-filled-to', /.*/);
  const afterDrag = await drawn(page);
  expect(afterDrag['chart-cwnd']).toBeTruthy();

  const fresh = await context.newPage();
  await fresh.goto('/' + link);
  await liveSettled(fresh);
  expect(await drawn(fresh)).toEqual(afterDrag);
  await fresh.close();
});
