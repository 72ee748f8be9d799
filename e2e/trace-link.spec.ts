// A link driven by a delivery trace (issue 20 §4): the bundled cellular trace chosen by
// clicks in the bottleneck's settings draws its capacity with the throughput; a trace
// file uploaded that is not a trace is refused naming its line; an uploaded trace
// goes into the link and comes back from it with the same run.
import { expect, test } from '@playwright/test';
import { liveSettled } from './helpers';

const SOURCE = 'topology.bottleneck.trace.forward.source';
const MS = 'topology.bottleneck.trace.forward.ms';
const START =
  '/#v=3&duration_s=10&f0.channel.forward.model=none&f0.channel.reverse.model=none&f0.app.token_bucket.enabled=0';

test('the bundled cellular trace, a bad trace file, and an uploaded trace through the link', async ({
  page,
  context,
}) => {
  await page.goto(START);
  await liveSettled(page);
  // Without a trace there is no capacity to draw: no throughput chart on one flow's page.
  await expect(page.getByTestId('chart-throughput')).toHaveCount(0);

  await page.getByTestId('topo-link-bottleneck').click();
  const editor = page.getByTestId('link-editor');
  await expect(editor).toBeVisible();
  await editor.getByTestId(SOURCE).selectOption('cellular-a');
  await expect(page).toHaveURL(/topology\.bottleneck\.trace\.forward\.source=cellular-a/);
  await liveSettled(page);
  const chart = page.getByTestId('chart-throughput');
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute('data-series-keys', /capacity_mbps/);
  await expect(chart).toHaveAttribute('data-series-keys', /throughput/);

  // Your own trace: a file whose 4th line goes back in time is refused, naming the line.
  await editor.getByTestId(SOURCE).selectOption('inline');
  const file = editor.getByTestId(`${MS}:file`);
  await file.setInputFiles({ name: 'bad.trace', mimeType: 'text/plain', buffer: Buffer.from('0\n5\n15\n12\n20\n') });
  await expect(editor.getByTestId(`${MS}:error`)).toContainText('bad.trace:');
  await expect(editor.getByTestId(`${MS}:error`)).toContainText('line 4: 12 is less than the previous timestamp 15');

  // A good one: 3 opportunities every 2 ms, period 1000 ms.
  const lines = Array.from({ length: 500 }, (_, i) => `${2 * (i + 1)}\n${2 * (i + 1)}\n${2 * (i + 1)}\n`).join('');
  await file.setInputFiles({ name: 'good.trace', mimeType: 'text/plain', buffer: Buffer.from(lines) });
  await expect(editor.getByTestId(`${MS}:error`)).toHaveCount(0);
  await expect(editor.getByTestId(`${MS}:summary`)).toHaveText(
    '1500 opportunities, repeats every 1 s, 18.00 Mb/s mean',
  );
  await expect(page).toHaveURL(/topology\.bottleneck\.trace\.forward\.ms=D2/);
  await liveSettled(page);
  await expect(page.getByTestId('chart-throughput')).toHaveAttribute('data-series-keys', /capacity_mbps/);
  const goodput = await page.getByTestId('summary.goodput_mbps').textContent();

  // The link opens the same trace and the same run in a new page.
  const again = await context.newPage();
  await again.goto(page.url());
  await liveSettled(again);
  await expect(again.getByTestId('summary.goodput_mbps')).toHaveText(goodput ?? '');
  await again.getByTestId('topo-link-bottleneck').click();
  await expect(again.getByTestId('link-editor').getByTestId(`${MS}:summary`)).toHaveText(
    '1500 opportunities, repeats every 1 s, 18.00 Mb/s mean',
  );
});
