// The packet animation (Live view, "Packets"): the drops it draws are the drops the
// engine's packet trace reports for the same window (the native CLI, same scenario),
// and it shares its time with the charts' crosshair both ways.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { liveSettled } from './helpers';

const repoDir = path.resolve(import.meta.dirname, '..');

async function openPackets(page: Page) {
  await page.goto('/');
  await liveSettled(page);
  await page.getByTestId('packets-toggle').click();
  const canvas = page.getByTestId('packets-canvas');
  await expect(canvas).toHaveAttribute('data-window', /,/, { timeout: 30_000 });
  return canvas;
}

test('the drops drawn are the drops the engine traces in the first recovery window', async ({ page }) => {
  const canvas = await openPackets(page);
  const [from, to] = (await canvas.getAttribute('data-window'))!.split(',').map(Number);
  expect(to).toBeGreaterThan(from);
  const drawn = (await canvas.getAttribute('data-drops'))!.split(',').filter(Boolean).map(Number);
  // The default experiment loses packets: its first recovery starts with a drop.
  expect(drawn.length).toBeGreaterThan(0);

  // The same scenario (the engine's defaults) and window through the native CLI.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plab-packets-'));
  const file = path.join(dir, 'scenario.json');
  writeFileSync(file, JSON.stringify({ metrics: { packet_trace: { from_s: from, to_s: to } } }));
  execFileSync('npm', ['run', '--silent', 'lab', '--', 'run', file, '--csv', dir], {
    cwd: repoDir,
    maxBuffer: 1 << 28,
  });
  const rows = readFileSync(path.join(dir, 'packet_trace.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((r) => r.split(','));
  expect(rows.length).toBeGreaterThan(100);
  const engineDrops = rows.filter((r) => r[3].endsWith('_drop')).map((r) => Number(r[0]).toFixed(6));
  for (const r of rows) {
    expect(Number(r[0])).toBeGreaterThanOrEqual(from);
    expect(Number(r[0])).toBeLessThanOrEqual(to);
  }
  expect(drawn.map((t) => t.toFixed(6))).toEqual(engineDrops.sort((a, b) => Number(a) - Number(b)));
});

test('hovering the cwnd chart moves the animation; playing moves the crosshair', async ({ page }) => {
  const canvas = await openPackets(page);
  const [from, to] = (await canvas.getAttribute('data-window'))!.split(',').map(Number);
  const chart = page.getByTestId('chart-cwnd');
  await chart.scrollIntoViewIfNeeded();
  const box = (await chart.boundingBox())!;
  const readout = page.getByTestId('chart-cwnd-readout');
  const y = box.y + box.height * 0.4;
  // Find by bisection the x where the chart's cursor lies inside the window.
  let lo = box.x + 1;
  let hi = box.x + box.width - 1;
  let t = NaN;
  for (let i = 0; i < 16; i++) {
    const x = (lo + hi) / 2;
    await page.mouse.move(x, y);
    t = Number(await readout.getAttribute('data-t'));
    if (t < from) lo = x;
    else if (t > to) hi = x;
    else break;
  }
  expect(t).toBeGreaterThanOrEqual(from);
  expect(t).toBeLessThanOrEqual(to);
  await expect.poll(async () => Number(await canvas.getAttribute('data-time'))).toBeCloseTo(t, 5);
  const slider = page.getByTestId('packets-time');
  await expect.poll(async () => Number(await slider.inputValue())).toBeCloseTo(t, 3);

  // Play from the window's start: the animation's time advances and every chart's
  // crosshair follows it.
  await page.mouse.move(2, 2);
  await page.getByTestId('packets-speed').selectOption('0.1');
  // The keyboard on the time slider: Home is the window's start.
  await slider.focus();
  await page.keyboard.press('Home');
  await expect.poll(async () => Number(await canvas.getAttribute('data-time'))).toBeCloseTo(from, 5);
  await page.getByTestId('packets-play').click();
  await expect.poll(async () => Number(await canvas.getAttribute('data-time'))).toBeGreaterThan(from + 0.01);
  await expect(chart.locator('line.crosshair')).toHaveAttribute('visibility', 'visible');
  await page.getByTestId('packets-play').click();
  const paused = Number(await canvas.getAttribute('data-time'));
  await expect.poll(async () => Number(await readout.getAttribute('data-t'))).toBeCloseTo(paused, 5);
});

test('a typed window is traced on Enter; a bad one is refused by its label and range', async ({ page }) => {
  const canvas = await openPackets(page);
  await page.getByTestId('packets-from').fill('2');
  await page.getByTestId('packets-to').fill('2.25');
  await page.getByTestId('packets-to').press('Enter');
  await expect(canvas).toHaveAttribute('data-window', '2,2.25', { timeout: 30_000 });
  expect(Number(await canvas.getAttribute('data-time'))).toBe(2);
  await page.getByTestId('packets-to').fill('9');
  await page.getByTestId('packets-to').blur();
  await expect(page.getByTestId('packets-window-error')).toHaveText(
    'Window to (s) must be at most 5 s after Window from (2 s): a longer window holds too many packets to animate',
  );
  await expect(canvas).toHaveAttribute('data-window', '2,2.25');
  // Back to the first recovery.
  await page.getByTestId('packets-recovery').click();
  await expect(page.getByTestId('packets-window-error')).toHaveCount(0);
  await expect(canvas).not.toHaveAttribute('data-window', '2,2.25', { timeout: 30_000 });
});

test('choosing an event on the cwnd chart animates the window around it', async ({ page }) => {
  const canvas = await openPackets(page);
  const first = await canvas.getAttribute('data-window');
  // By keyboard: focus the chart, step to a later event, Enter.
  await page.getByTestId('chart-cwnd').focus();
  await expect(page.getByTestId('chart-cwnd')).toBeFocused();
  const readout = page.getByTestId('chart-cwnd-readout');
  const start = Number(await readout.getAttribute('data-t'));
  let t = start;
  for (let k = 0; k < 8 && t < start + 0.5; k++) {
    await page.keyboard.press('ArrowRight');
    t = Number(await readout.getAttribute('data-t'));
  }
  expect(t).toBeGreaterThan(0.5);
  await page.keyboard.press('Enter');
  await expect(canvas).not.toHaveAttribute('data-window', first!, { timeout: 30_000 });
  const [from, to] = (await canvas.getAttribute('data-window'))!.split(',').map(Number);
  expect(from).toBeCloseTo(t - 0.2, 9);
  expect(to).toBeGreaterThan(t);
  expect(to - t).toBeLessThan(2);
});
