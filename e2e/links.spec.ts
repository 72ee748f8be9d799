// Long, repeated, garbage and query-string links: the banner says what was wrong in a
// few short lines, the page stays within the viewport's width, and Dismiss works.
import { expect, test, type Page } from '@playwright/test';
import { liveSettled, ready } from './helpers';

const LONG = '#v=2&f0.protocol=' + 'q'.repeat(20_000) + '&seed=' + '9'.repeat(20_000) + '&' + 'z'.repeat(20_000) + '=1';
const REPEATED = '#v=2&' + Array.from({ length: 20_000 }, () => 'seed=2').join('&');
const GARBAGE = '#%E0%A4%A&&==;;&garbage&f0.protocol=quic&seed=NaN&' + '%'.repeat(3000) + '&view=' + 'w'.repeat(5000);

const pageWidth = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));

/** The page's width with a clean link: the layout's own (the responsive layout is
 * another part of issue 9; once the page fits 390 px this makes the check strict). */
async function cleanWidth(page: Page): Promise<number> {
  await page.goto('/#v=2');
  await ready(page);
  return (await pageWidth(page)).scrollWidth;
}

async function fitsAndDismisses(page: Page, width: number, clean: number) {
  const banner = page.getByTestId('url-messages');
  await expect(banner).toBeVisible();
  const { scrollWidth, innerWidth } = await pageWidth(page);
  expect(scrollWidth, `page width at ${width} px`).toBeLessThanOrEqual(Math.max(innerWidth, clean));
  // The banner itself fits the viewport and has nothing wider inside it.
  const fit = await banner.evaluate((el) => ({
    right: el.getBoundingClientRect().right,
    sw: el.scrollWidth,
    cw: el.clientWidth,
  }));
  expect(fit.right).toBeLessThanOrEqual(innerWidth);
  expect(fit.sw).toBeLessThanOrEqual(fit.cw);
  const box = (await banner.boundingBox())!;
  expect(box.height).toBeLessThan(400);
  const dismiss = banner.getByRole('button', { name: 'Dismiss' });
  await expect(dismiss).toBeInViewport();
  await dismiss.click();
  await expect(banner).toHaveCount(0);
}

for (const width of [390, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a link with 20,000-character values shows them cut short', async ({ page }) => {
      const clean = await cleanWidth(page);
      await page.goto('/' + LONG);
      await ready(page);
      const banner = page.getByTestId('url-messages');
      await expect(banner).toContainText('flows[0].protocol must be one of');
      await expect(banner).toContainText('— using default');
      expect((await banner.textContent())!.length).toBeLessThan(1500);
      await fitsAndDismisses(page, width, clean);
    });

    test('20,000 repeated keys are one line with their count', async ({ page }) => {
      const clean = await cleanWidth(page);
      await page.goto('/' + REPEATED);
      await ready(page);
      const items = page.getByTestId('url-messages').locator('li');
      await expect(items).toHaveCount(1);
      await expect(items.first()).toContainText('seed appears 20,000 times in the link — the last one is used');
      await expect(items.first()).not.toContainText('×');
      await expect(page.getByTestId('seed')).toHaveValue('2');
      await fitsAndDismisses(page, width, clean);
    });

    test('a garbage link stays within the page', async ({ page }) => {
      const clean = await cleanWidth(page);
      await page.goto('/' + GARBAGE);
      await ready(page);
      await expect(page.getByTestId('url-messages')).toContainText('unknown parameter "garbage"');
      await fitsAndDismisses(page, width, clean);
    });
  });
}

test('a query string is moved into the hash, with a word in the banner', async ({ page }) => {
  await page.goto('/?f0.protocol=sack&f0.channel.forward.p=0.02');
  await ready(page);
  await expect(page.getByTestId('flows[0].protocol')).toHaveValue('sack');
  await expect(page.getByTestId('flows[0].channel.forward.p')).toHaveValue('0.02');
  const url = new URL(page.url());
  expect(url.search).toBe('');
  expect(url.hash).toBe('#v=3&f0.protocol=sack&f0.channel.forward.p=0.02');
  await expect(page.getByTestId('url-messages')).toContainText('after "?" (a query string)');
  // The hash wins a key both name.
  await page.goto('/?f0.protocol=sack#v=2&f0.protocol=cubic');
  await ready(page);
  await expect(page.getByTestId('flows[0].protocol')).toHaveValue('cubic');
  expect(new URL(page.url()).search).toBe('');
});

test('a link with a doubled slash in its path (host//#v=2…) opens its experiment, and edits keep the address', async ({
  page,
}) => {
  // location.pathname + hash made '//#v=2…', a protocol-relative URL that history refused:
  // the page said the engine could not be loaded.
  await page.goto('/');
  await page.goto(`${new URL(page.url()).origin}//#v=2&f0.protocol=sack&view=sweep`);
  await ready(page);
  await expect(page.getByTestId('flows[0].protocol')).toHaveValue('sack');
  await page.getByTestId('flows[0].protocol').selectOption('cubic');
  await expect.poll(() => new URL(page.url()).hash).toContain('f0.protocol=cubic');
  expect(new URL(page.url()).pathname).toBe('//');
});

// RRTP's timer bounds became its own at v=3 (web/src/url/migrate.ts): an older link that set
// tcp.*_rto_ms on an RRTP flow meant RRTP's timer too (the loss both ways makes it matter).
const RRTP_LOSSY =
  'duration_s=5&f0.protocol=rrtp&f0.channel.forward.p=0.2&f0.channel.reverse.model=bernoulli' +
  '&f0.channel.reverse.p=0.2&f0.app.token_bucket.enabled=0';
const TCP_TIMERS = 'f0.tcp.min_rto_ms=200&f0.tcp.initial_rto_ms=3000';
const escaped = (s: string) => new RegExp(s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '$');

test("a v=2 link whose RRTP flow sets tcp.min_rto_ms runs as it did: its v=3 link's figure, rewritten as v=3, through Back and Forward", async ({
  page,
  context,
}) => {
  const goodput = (p: Page) => p.getByTestId('summary.goodput_mbps');
  // The v=3 link that says it with RRTP's own keys.
  const other = await context.newPage();
  await other.goto(`/#v=3&${RRTP_LOSSY}&${TCP_TIMERS}&f0.rrtp.min_rto_ms=200&f0.rrtp.initial_rto_ms=3000`);
  await liveSettled(other);
  const v3 = new URL(other.url()).hash;
  const v3Goodput = (await goodput(other).textContent()) ?? '';
  await other.close();

  // Read as v=3, the same keys leave RRTP on its defaults: another figure.
  await page.goto(`/#v=3&${RRTP_LOSSY}&${TCP_TIMERS}`);
  await liveSettled(page);
  const plain = new URL(page.url()).hash;
  const plainGoodput = (await goodput(page).textContent()) ?? '';
  expect(plainGoodput).not.toBe(v3Goodput);

  await page.goto(`/#v=2&${RRTP_LOSSY}&${TCP_TIMERS}`);
  await expect(page).toHaveURL(escaped(v3));
  await expect(goodput(page)).toHaveText(v3Goodput);
  await expect(page.getByTestId('url-messages')).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(escaped(plain));
  await expect(goodput(page)).toHaveText(plainGoodput);
  await page.goForward();
  await expect(page).toHaveURL(escaped(v3));
  await expect(goodput(page)).toHaveText(v3Goodput);
});
