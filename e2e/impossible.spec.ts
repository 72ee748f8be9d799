// The impossible settings of issue 22 ("M. Today's Internet", Done when): ECN on a flow
// whose queue cannot mark (RFC 3168 §5), a DualPI2 coupling outside RFC 9332's range and
// an FQ-CoDel quantum of 0 (RFC 8290 §5.2.2) each get a message beside the field, naming
// it by its label, and nothing runs with them; in a link, the message names its path.
import { expect, test, type Page } from '@playwright/test';
import { liveSettled, ready } from './helpers';

async function open(page: Page, link: string) {
  await page.goto('about:blank');
  await page.goto(link);
  await liveSettled(page);
}

/** Types `value` into the box for `path` (an advanced field of `group`) and presses Enter. */
async function type(page: Page, group: string, path: string, value: string) {
  await page.getByTestId(`more:${group}`).click();
  const box = page.getByTestId(path);
  await box.fill(value);
  await box.press('Enter');
}

async function label(page: Page, path: string) {
  return (await page.locator(`[data-param="${path}"] label`).first().textContent())!.trim();
}

test('ECN on drop-tail, a DualPI2 coupling out of range and an FQ-CoDel quantum of 0 are named by their fields', async ({
  page,
}) => {
  // ECN asked for on the default drop-tail bottleneck: the engine refuses the run and the
  // ECN box says why, naming the queues that mark; the charts keep the last run.
  const ecn = 'flows[0].tcp.ecn';
  await open(page, '/#v=3');
  const shown = await page.getByTestId('charts').getAttribute('data-run-id');
  await page.getByTestId('more:TCP').click();
  await page.getByTestId(ecn).check();
  const ecnError = page.getByTestId(`${ecn}:error`);
  await expect(ecnError).toContainText(`${await label(page, ecn)} needs a queue that marks`);
  await expect(ecnError).toContainText('red, codel, step, pie, fq_codel or dualpi2, got drop_tail');
  await expect(page.getByTestId('engine-validation')).toContainText(
    'The engine rejected these parameters; the charts show the last accepted run',
  );
  expect(await page.getByTestId('charts').getAttribute('data-run-id')).toBe(shown);

  // A coupling factor outside [0.5, 10] (RFC 9332 §2.4: k = 2) and a quantum of 0 are
  // refused beside their boxes, with the range, and leave the link as it was.
  for (const [queue, path, value, range] of [
    ['dualpi2', 'topology.bottleneck.dualpi2.coupling_k', '20', 'between 0.5 and 10; got 20'],
    ['fq_codel', 'topology.bottleneck.fq_codel.quantum_bytes', '0', 'between 1 and 1000000; got 0'],
  ]) {
    await open(page, `/#v=3&topology.bottleneck.queue=${queue}`);
    await type(page, 'Path', path, value);
    const error = page.getByTestId(`${path}:error`);
    await expect(error).toContainText(await label(page, path));
    await expect(error).toContainText(range);
    expect(page.url()).not.toContain(path);

    // The same value in a link: the message names the field's path and its range, and
    // the page runs with the default instead.
    await page.goto('about:blank');
    await page.goto(`/#v=3&topology.bottleneck.queue=${queue}&${path}=${value}`);
    await ready(page);
    await expect(page.getByTestId('url-messages')).toContainText(`${path} must be within`);
    await expect(page.getByTestId('url-messages')).toContainText(`got ${value} — using default`);
  }
});
