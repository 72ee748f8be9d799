// What several specs wait for.
import type { Page } from '@playwright/test';

/** No run in flight, and the live charts show the newest finished run. */
export async function liveSettled(page: Page) {
  await page.waitForFunction(() => {
    const app = document.querySelector('.app');
    if (!app || app.getAttribute('data-phase') !== 'ready' || app.getAttribute('data-busy') !== '0') return false;
    const last = app.getAttribute('data-last-finished');
    return last !== '0' && document.querySelector('[data-testid="charts"]')?.getAttribute('data-run-id') === last;
  });
}
