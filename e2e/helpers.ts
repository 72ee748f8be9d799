// What several specs wait for.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

/** No run in flight, and the live charts show the newest finished run. */
export async function liveSettled(page: Page) {
  await page.waitForFunction(() => {
    const app = document.querySelector('.app');
    if (!app || app.getAttribute('data-phase') !== 'ready' || app.getAttribute('data-busy') !== '0') return false;
    const last = app.getAttribute('data-last-finished');
    return last !== '0' && document.querySelector('[data-testid="charts"]')?.getAttribute('data-run-id') === last;
  });
}

/** The engine is loaded and the page ready for input. */
export async function ready(page: Page) {
  await page.waitForFunction(() => document.querySelector('.app')?.getAttribute('data-phase') === 'ready');
}

/** The live view's playhead in simulated seconds (0 when the run is not playing). */
export async function playhead(page: Page): Promise<number> {
  return Number(await page.getByTestId('play-time').getAttribute('data-t'));
}

/** Plays the live view's run at 1× until the playhead passes `t` s, then slows it to
 * 0.25×, so what the test does next lands while the run still plays and near `t`, however
 * loaded the machine: at 4× a 10 s run ended 2.5 s of wall time after Play, and with two
 * Playwright workers on two cores a change typed "while playing" could come after the end.
 * playToEnd() finishes the run. */
export async function playPast(page: Page, t: number) {
  await page.getByTestId('play-speed').selectOption('1');
  await page.getByTestId('play').click();
  await expect.poll(() => playhead(page), { timeout: 30_000 }).toBeGreaterThan(t);
  await page.getByTestId('play-speed').selectOption('0.25');
}

/** Plays the rest of the run at 16× and waits for its end. */
export async function playToEnd(page: Page) {
  await page.getByTestId('play-speed').selectOption('16');
  await expect(page.getByTestId('play-bar')).toHaveAttribute('data-status', 'stopped', { timeout: 30_000 });
}

/** Opens a preset from the Papers menu by real clicks; the link it sets is clean. */
export async function openPreset(page: Page, id: string) {
  await page.getByTestId('papers-button').click();
  const menu = page.getByTestId('papers-menu');
  await expect(menu).toBeVisible();
  await menu.getByTestId(`preset:${id}`).click();
  await expect(menu).toBeHidden();
  await expect(page.getByTestId('preset-note')).toHaveAttribute('data-preset', id);
  expect(await page.getByTestId('url-messages').count()).toBe(0);
}

/** The sweep on screen has finished every point. */
export async function sweepDone(page: Page, timeout = 50_000) {
  await expect(page.getByTestId('sweep-progress')).toHaveAttribute('data-status', 'done', { timeout });
}

/** The compare view has finished its runs. */
export async function compareSettled(page: Page) {
  await page.waitForFunction(() => {
    const v = document.querySelector('[data-testid="compare-view"]');
    return v?.getAttribute('data-busy') === '0' && Number(v.getAttribute('data-compare-id')) > 0;
  });
}

/** A preset with a "predict, then run" question: commit its first option, so the charts show. */
export async function commitPrediction(page: Page) {
  const predict = page.getByTestId('predict');
  await expect(predict).toHaveAttribute('data-state', 'pending');
  await page.getByTestId('predict-option-0').check();
  await page.getByTestId('predict-commit').click();
  await expect(predict).toHaveAttribute('data-state', 'revealed');
}

/** WCAG contrast ratio of two CSS rgb() colours. */
export function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = c
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map(Number)
      .map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The open preset's claims each show the verdict recorded for it
 * (public/validation/recorded.json), judged on the page's own runs (or, not expressible,
 * without runs); returns how many claims it carries. */
export async function expectRecordedVerdicts(page: Page, presetId: string, timeout = 60_000): Promise<number> {
  const read = (file: string) => JSON.parse(readFileSync(path.join(repoDir, 'public', file), 'utf8'));
  const preset = (
    read('presets/presets.json').presets as { id: string; evidence?: { claims: { id: string }[] } }[]
  ).find((p) => p.id === presetId);
  const claims = preset?.evidence?.claims ?? [];
  const recorded = read('validation/recorded.json').results as Record<string, { verdict: string }>;
  for (const [i, c] of claims.entries()) {
    const row = page.getByTestId(`claim-${i}`);
    await expect(row, `${presetId}: ${c.id}`).toHaveAttribute('data-claim', c.id);
    await expect(row, `${presetId}: ${c.id}`).toHaveAttribute('data-verdict', recorded[c.id].verdict, { timeout });
  }
  await expect(page.getByTestId(`claim-${claims.length}`)).toHaveCount(0);
  return claims.length;
}
