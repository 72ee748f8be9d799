// The trace of one round of a `custom` program (issue 20 / J §2): pick a template in the
// editor, ask for a round in the flow's "Trace round" box by typing, and read one row
// per handler call under the editor; the windows the rows write are the windows the
// next calls read, and the round travels in the link.
import { expect, test, type Page } from '@playwright/test';
import { liveSettled } from './helpers';

const PROGRAM = 'flows[0].custom.program';
const ROUND = 'flows[0].custom.trace_round';
const TRACE = 'flows[0].program-trace';

const lastFinished = (page: Page) => page.locator('.app').getAttribute('data-last-finished');
const rows = (page: Page) => page.getByTestId(TRACE).getByTestId('program-trace-row');

/** Reads ("cwnd=14000 mss=1000") as a map. */
function reads(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(-?[\d.e+-]+)/g)) out[m[1]] = Number(m[2]);
  return out;
}

interface Row {
  handler: string;
  reads: Record<string, number>;
  cwndNew: number | null;
  note: boolean;
}

async function tableRows(page: Page): Promise<Row[]> {
  const out: Row[] = [];
  for (const row of await rows(page).all()) {
    const cells = row.locator('td');
    const cwnd = row.locator('.trace-write[data-name="cwnd"]');
    out.push({
      handler: (await cells.nth(1).textContent()) ?? '',
      reads: reads((await cells.nth(2).textContent()) ?? ''),
      cwndNew: (await cwnd.count()) ? Number(await cwnd.getAttribute('data-new')) : null,
      note: (await row.locator('.trace-note').count()) > 0,
    });
  }
  return out;
}

async function setRound(page: Page, round: number) {
  const before = await lastFinished(page);
  const box = page.getByTestId(ROUND);
  await box.click();
  await box.fill(String(round));
  await box.press('Enter');
  await expect.poll(() => lastFinished(page)).not.toBe(before);
  await liveSettled(page);
}

test('a template, a round typed in, one row per call with the windows it read and wrote', async ({ page, context }) => {
  await page.goto('/');
  await liveSettled(page);
  await page.getByTestId('flow-protocol-0').selectOption('custom');
  await liveSettled(page);
  await expect(page.getByTestId(`${TRACE}:status`)).toHaveText(/Set Trace round/);

  // The AIMD template, picked in the editor.
  const before = await lastFinished(page);
  await page.getByTestId(`${PROGRAM}:template`).selectOption('aimd');
  await page.getByTestId(`${PROGRAM}:use-template`).click();
  await expect(page.getByTestId(`${PROGRAM}:status`)).toHaveAttribute('data-state', 'ok');
  await expect.poll(() => lastFinished(page)).not.toBe(before);
  await liveSettled(page);
  const figures = await page.getByTestId('summary.goodput_mbps').textContent();

  await setRound(page, 4);
  await expect(page.getByTestId(`${TRACE}:status`)).toHaveText(/^Round 4 of \d+: \d+ handler calls?\./);
  const table = await tableRows(page);
  expect(table.length).toBeGreaterThan(0);
  const count = Number(/: (\d+) handler/.exec((await page.getByTestId(`${TRACE}:status`).textContent()) ?? '')![1]);
  expect(table.length).toBe(Math.min(count, 200));
  // Tracing does not change the run.
  expect(await page.getByTestId('summary.goodput_mbps').textContent()).toBe(figures);

  // Each on_ack reads the segment size and the window, and writes the window; the window
  // it wrote (when applied) is the one the next on_ack reads.
  let chained = 0;
  for (let i = 0; i < table.length; ++i) {
    const r = table[i];
    expect(['on_ack', 'on_loss', 'on_timeout', 'on_round']).toContain(r.handler);
    if (r.handler !== 'on_ack') continue;
    expect(r.reads.cwnd).toBeGreaterThan(0);
    expect(r.reads.mss).toBe(1000);
    expect(r.cwndNew).not.toBeNull();
    const next = table[i + 1];
    if (next?.handler === 'on_ack' && !r.note) {
      expect(next.reads.cwnd).toBe(r.cwndNew);
      ++chained;
    }
  }
  expect(chained).toBeGreaterThan(0);

  // Another round by typing: the table follows.
  await setRound(page, 6);
  await expect(page.getByTestId(`${TRACE}:status`)).toHaveText(/^Round 6 of \d+/);
  const six = await tableRows(page);

  // The round is in the link: a new page shows the same rows.
  const hash = (await page.locator('.app').getAttribute('data-experiment'))!;
  expect(hash).toMatch(/f0\.custom\.trace_round=6/);
  const other = await context.newPage();
  await other.goto(`/#${hash.replace(/^#/, '')}`);
  await liveSettled(other);
  await expect(other.getByTestId(`${TRACE}:status`)).toHaveText(/^Round 6 of \d+/);
  expect(await tableRows(other)).toEqual(six);

  // Back to 0: no table, the hint.
  await setRound(page, 0);
  await expect(page.getByTestId(`${TRACE}:status`)).toHaveText(/Set Trace round/);
  await expect(rows(page)).toHaveCount(0);
});
