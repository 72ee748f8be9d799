// Writing a congestion control in the page (issue 20 / J): pick `custom` by clicks, see
// a syntax error underlined with its line before anything runs, take the Reno template
// and get the built-in Reno's figures, share the link, step Back and Forward, race the
// program in Compare.
import { expect, test, type Page } from '@playwright/test';
import { compareSettled, liveSettled } from './helpers';

const PROGRAM = 'flows[0].custom.program';
const FIGURES = ['goodput_mbps', 'retransmissions', 'timeouts', 'fast_retransmits'];

const editor = (page: Page) => page.getByTestId(`${PROGRAM}:content`);
const status = (page: Page) => page.getByTestId(`${PROGRAM}:status`);
const lastFinished = (page: Page) => page.locator('.app').getAttribute('data-last-finished');

async function figures(page: Page): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const k of FIGURES) out[k] = (await page.getByTestId(`summary.${k}`).textContent()) ?? '';
  return out;
}

/** The editor's text, line by line as CodeMirror holds it. */
async function programText(page: Page): Promise<string> {
  return (await editor(page).locator('.cm-line').allTextContents()).join('\n');
}

/** Picks a template by clicks and waits for its run (none when the program in force
 * is that template already: a refused edit was never run). */
async function useTemplate(page: Page, name: string, runs = true) {
  const before = await lastFinished(page);
  await page.getByTestId(`${PROGRAM}:template`).selectOption(name);
  await page.getByTestId(`${PROGRAM}:use-template`).click();
  await expect(status(page)).toHaveAttribute('data-state', 'ok');
  if (runs) await expect.poll(() => lastFinished(page)).not.toBe(before);
  await liveSettled(page);
}

test('a program: errors before running, Reno as the built-in, the link, Back and Forward', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await liveSettled(page);
  await page.getByTestId('flow-protocol-0').selectOption('custom');
  await liveSettled(page);
  await expect(editor(page)).toBeVisible();
  await expect(editor(page)).toHaveAttribute('aria-label', /program/);

  // A syntax error: underlined, the status names its line and column, nothing runs.
  const ranBefore = await lastFinished(page);
  await editor(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\nvar broken = * 2');
  await expect(status(page)).toHaveAttribute('data-state', 'errors');
  await expect(status(page)).toHaveText(/^Not run: line \d+, column \d+: /);
  await expect(editor(page).locator('.cm-lintRange-error').first()).toBeVisible();
  await page.waitForTimeout(500);
  expect(await lastFinished(page)).toBe(ranBefore);

  // Escape leaves the editor (to the template picker).
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(`${PROGRAM}:template`)).toBeFocused();

  // The Reno template (the default, so the run shown is its own) gives the built-in
  // Reno's figures.
  await useTemplate(page, 'reno', false);
  await expect(editor(page).locator('.cm-lintRange-error')).toHaveCount(0);
  const custom = await figures(page);
  const reno = await context.newPage();
  await reno.goto('/#v=3&f0.protocol=reno');
  await liveSettled(reno);
  expect(await figures(reno)).toEqual(custom);
  expect(custom.goodput_mbps).toMatch(/^\d/);

  // Another template: a new run, and the program in the link (the default is left out).
  await useTemplate(page, 'aimd');
  const aimd = await programText(page);
  const aimdFigures = await figures(page);
  expect(aimdFigures).not.toEqual(custom);
  const hash = (await page.locator('.app').getAttribute('data-experiment'))!;
  expect(hash).toMatch(/f0\.custom\.program=z\.[A-Za-z0-9_-]+/);

  // The link in a new page: the same program, the same result.
  const shared = await context.newPage();
  await shared.goto('/' + hash);
  await liveSettled(shared);
  await expect(shared.getByTestId(`${PROGRAM}:content`)).toBeVisible();
  expect(await programText(shared)).toBe(aimd);
  expect(await figures(shared)).toEqual(aimdFigures);
  expect(await shared.getByTestId('url-messages').count()).toBe(0);

  // Back and Forward step between the programs.
  await useTemplate(shared, 'vegas');
  const vegas = await programText(shared);
  expect(vegas).not.toBe(aimd);
  await shared.goBack();
  await expect.poll(() => programText(shared)).toBe(aimd);
  await liveSettled(shared);
  expect(await figures(shared)).toEqual(aimdFigures);
  await shared.goForward();
  await expect.poll(() => programText(shared)).toBe(vegas);
});

test('Compare races the program against the protocols picked', async ({ page }) => {
  await page.goto('/#v=3&view=compare&cmp=reno,custom');
  await compareSettled(page);
  // The program is edited beside the race (the view sets the protocols).
  await expect(editor(page)).toBeVisible();
  await expect(page.getByTestId('compare-errors')).toHaveCount(0);
  const reno = await page.getByTestId('cmp.reno.goodput_mbps').textContent();
  expect(reno).toMatch(/^\d/);
  // The default program is the Reno template: the two rows agree.
  await expect(page.getByTestId('cmp.custom.goodput_mbps')).toHaveText(reno!);
  // Another program: the custom row changes, Reno's stays.
  const id = await page.getByTestId('compare-view').getAttribute('data-compare-id');
  await page.getByTestId(`${PROGRAM}:template`).selectOption('aimd');
  await page.getByTestId(`${PROGRAM}:use-template`).click();
  await expect(page.getByTestId('compare-view')).not.toHaveAttribute('data-compare-id', id!);
  await compareSettled(page);
  await expect(page.getByTestId('cmp.reno.goodput_mbps')).toHaveText(reno!);
});
