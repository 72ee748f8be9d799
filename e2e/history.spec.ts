// Back and Forward always show the experiment in the address bar: after any step
// through the history, the page's controls, view and its own link equal what the hash
// says, and a reload gives the same.
import { expect, test, type Page } from '@playwright/test';
import { openPreset, ready } from './helpers';

const P = 'flows[0].channel.forward.p';

/** The experiment the page shows, as its own link (data-experiment on .app). */
async function shown(page: Page): Promise<string> {
  return (await page.locator('.app').getAttribute('data-experiment')) ?? '';
}

/** The page shows exactly the address bar's experiment: its link and the view tab. */
async function showsAddressBar(page: Page) {
  await expect.poll(async () => shown(page)).toBe(new URL(page.url()).hash);
  const view = /(?:^|[#&])view=([a-z]+)/.exec(new URL(page.url()).hash)?.[1] ?? 'live';
  await expect(page.locator('.app')).toHaveAttribute('data-view', view);
  await expect(page.getByTestId(`view-${view}`)).toHaveAttribute('aria-selected', 'true');
}

async function typeValue(page: Page, path: string, text: string) {
  const box = page.getByTestId(path);
  await box.fill(text);
  await box.press('Enter');
}

test('Back after opening a preset shows the experiment before it, and Forward the preset again', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await typeValue(page, P, '0.02');
  await expect(page).toHaveURL(/f0\.channel\.forward\.p=0\.02/);
  const edited = new URL(page.url()).hash;

  await openPreset(page, 'fall-floyd-drops');
  const preset = new URL(page.url()).hash;
  expect(preset).not.toBe(edited);
  await showsAddressBar(page);

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(edited.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '$'));
  await showsAddressBar(page);
  await expect(page.getByTestId(P)).toHaveValue('0.02');
  await expect(page.getByTestId('preset-note')).toHaveCount(0);

  // A reload of the same address gives the same experiment.
  await page.reload();
  await ready(page);
  expect(await shown(page)).toBe(edited);
  await expect(page.getByTestId(P)).toHaveValue('0.02');

  await page.goForward();
  expect(new URL(page.url()).hash).toBe(preset);
  await showsAddressBar(page);
  await expect(page.getByTestId('preset-note')).toHaveAttribute('data-preset', 'fall-floyd-drops');
});

test('Back and Forward step through views and presets, each step the address bar experiment', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  const steps: string[] = [new URL(page.url()).hash];
  await page.getByTestId('view-compare').click();
  await expect(page.locator('.app')).toHaveAttribute('data-view', 'compare');
  steps.push(new URL(page.url()).hash);
  await openPreset(page, 'fall-floyd-drops');
  steps.push(new URL(page.url()).hash);
  await page.getByTestId('view-sweep').click();
  await expect(page.locator('.app')).toHaveAttribute('data-view', 'sweep');
  steps.push(new URL(page.url()).hash);
  await openPreset(page, 'tcp-real-tokens');
  steps.push(new URL(page.url()).hash);
  expect(new Set(steps).size).toBe(steps.length);

  for (let i = steps.length - 2; i >= 0; i--) {
    await page.goBack();
    expect(new URL(page.url()).hash).toBe(steps[i]);
    await showsAddressBar(page);
  }
  for (let i = 1; i < steps.length; i++) {
    await page.goForward();
    expect(new URL(page.url()).hash).toBe(steps[i]);
    await showsAddressBar(page);
  }
});

test('Reset to defaults offers Undo, and Back undoes it too', async ({ page }) => {
  await page.goto('/#v=2&f0.protocol=cubic&view=compare');
  await ready(page);
  await typeValue(page, P, '0.03');
  const before = new URL(page.url()).hash;
  expect(before).toContain('f0.channel.forward.p=0.03');

  await page.getByTestId('reset').click();
  await expect(page.getByTestId(P)).not.toHaveValue('0.03');
  expect(new URL(page.url()).hash).toBe('#v=3&view=compare');
  await showsAddressBar(page);
  const undo = page.getByTestId('reset-undo');
  await expect(undo).toBeVisible();
  await undo.getByTestId('undo-reset').click();
  await expect(undo).toHaveCount(0);
  expect(new URL(page.url()).hash).toBe(before);
  await showsAddressBar(page);
  await expect(page.getByTestId(P)).toHaveValue('0.03');

  // Reset again, then Back: the same experiment as Undo gave.
  await page.getByTestId('reset').click();
  expect(new URL(page.url()).hash).toBe('#v=3&view=compare');
  await page.goBack();
  expect(new URL(page.url()).hash).toBe(before);
  await showsAddressBar(page);
  await expect(page.getByTestId(P)).toHaveValue('0.03');
  await expect(page.getByTestId('reset-undo')).toHaveCount(0);
});
