// An axe-core audit of every view: no serious or critical violation. axe is injected
// from node_modules (no network), run on the whole page once the view has drawn.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { compareSettled, liveSettled, openPreset, ready } from './helpers';

const AXE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../node_modules/axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

async function audit(page: Page, what: string) {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const text = bad
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `   ${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\n/g, ' ')}`).join('\n')}`,
    )
    .join('\n');
  expect(bad.length, `${what}: axe found\n${text}`).toBe(0);
}

test('axe: the live view', async ({ page }) => {
  await page.goto('/#v=2&duration_s=5');
  await liveSettled(page);
  await audit(page, 'live');
});

test('axe: the custom program editor, with an error underlined and the completion list open', async ({ page }) => {
  await page.goto('/#v=2&duration_s=5&f0.protocol=custom');
  await liveSettled(page);
  const content = page.getByTestId('flows[0].custom.program:content');
  await expect(content).toBeVisible();
  await content.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\nvar x = (');
  await expect(page.getByTestId('flows[0].custom.program:status')).toHaveAttribute('data-state', 'errors');
  await page.keyboard.press('Control+Space');
  await expect(page.locator('.cm-tooltip-autocomplete')).toBeVisible();
  await audit(page, 'program editor');
});

test('axe: the compare view', async ({ page }) => {
  await page.goto('/#v=2&duration_s=5&view=compare');
  await ready(page);
  await compareSettled(page);
  await audit(page, 'compare');
});

test('axe: the sweep view', async ({ page }) => {
  await page.goto('/#v=2&duration_s=2');
  await liveSettled(page);
  await page.getByTestId('view-sweep').click();
  await audit(page, 'sweep');
});

test('axe: the validation view', async ({ page }) => {
  await page.goto('/#v=2&view=validation');
  await ready(page);
  await expect(page.locator('.validation-layout')).toBeVisible();
  await audit(page, 'validation');
});

test('axe: a Papers preset, with the menu open and after opening it', async ({ page }) => {
  await page.goto('/#v=2&duration_s=5');
  await liveSettled(page);
  await page.getByTestId('papers-button').click();
  await expect(page.getByTestId('papers-menu')).toBeVisible();
  await audit(page, 'papers menu');
  await page.keyboard.press('Escape');
  // A compare preset, with its caption.
  await openPreset(page, 'fall-floyd-drops');
  await compareSettled(page);
  await expect(page.getByTestId('preset-note')).toBeVisible();
  await audit(page, 'fall-floyd-drops preset');
});

test('axe: presentation mode, with the shortcut list open', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#v=2&duration_s=5&present=1');
  await liveSettled(page);
  await audit(page, 'presentation');
  await page.keyboard.press('?');
  await audit(page, 'shortcut list');
});

test('the Papers menu by keyboard: Enter opens with the focus inside, arrows move, Escape closes and gives the focus back', async ({
  page,
}) => {
  await page.goto('/#v=2&duration_s=5');
  await liveSettled(page);
  const button = page.getByTestId('papers-button');
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByTestId('papers-menu');
  await expect(menu).toBeVisible();
  const links = menu.locator('a[data-testid^="preset:"]');
  await expect(links.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(links.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(links.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(links.nth(0)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  // Space opens it too, and Enter on a preset opens that experiment.
  await page.keyboard.press(' ');
  await expect(links.nth(0)).toBeFocused();
  const id = (await links.nth(1).getAttribute('data-testid'))!.slice('preset:'.length);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('preset-note')).toHaveAttribute('data-preset', id);
});

test('each live chart has a name and a screen-reader summary table that matches the run', async ({ page }) => {
  await page.goto('/#v=2&duration_s=5');
  await liveSettled(page);
  const cwnd = page.getByRole('img', { name: /Congestion window and ssthresh/ });
  await expect(cwnd).toHaveCount(1);
  const tableId = await cwnd.getAttribute('aria-describedby');
  const table = page.locator(`table[id="${tableId}"]`);
  // Out of sight, yet in the accessibility tree with its caption as its name.
  await expect(page.getByRole('table', { name: /Congestion window and ssthresh: summary/ })).toHaveCount(1);
  const fr = await page.getByTestId('summary.fast_retransmits').textContent();
  await expect(table.locator('tr[data-series="fast retransmit"]')).toHaveAttribute('data-count', fr!.trim());
  expect(Number(await table.locator('tr[data-series="cwnd"]').getAttribute('data-count'))).toBeGreaterThan(10);
  const seq = page.getByRole('img', { name: /Time–sequence/ });
  const seqTable = page.locator(`table[id="${await seq.getAttribute('aria-describedby')}"]`);
  const retx = await page.getByTestId('summary.retransmissions').textContent();
  await expect(seqTable.locator('tr[data-series="retransmitted"]')).toHaveAttribute('data-count', retx!.trim());
  for (const id of ['chart-tokens', 'chart-app']) {
    const described = await page.getByTestId(id).getAttribute('aria-describedby');
    await expect(page.locator(`table[id="${described}"] tbody tr`).first()).toBeAttached();
  }
});

test('axe: embed mode', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 450 });
  await page.goto('/#v=2&duration_s=5&embed=1');
  await liveSettled(page);
  await audit(page, 'embed');
});
