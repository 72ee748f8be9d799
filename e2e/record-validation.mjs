#!/usr/bin/env node
// `npm run validate`: opens the built site's validation page in Chromium, checks every
// group there (the papers' claims on the presets' runs, the ns-3 and equation checks),
// and writes the verdicts it shows into public/validation/recorded.json, which the page
// then shows until a group is checked again in the reader's own browser. The page's
// code is the only judge: this script only clicks and copies. Takes several minutes
// (prints each group as it finishes); rebuild (`npm run build`) first.
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { repoDir, withSite } from './site.mjs';

const OUT = path.join(repoDir, 'public/validation/recorded.json');

await withSite(async (browser, base) => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  await page.goto(`${base}#v=2&view=validation`);
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="validation"]')?.getAttribute('data-groups')) > 0, null, {
    timeout: 60_000,
  });
  // Every group's rows are there before anything is checked (presets and references loaded).
  await page.waitForTimeout(500);
  const groups = await page.locator('[data-testid^="validation-group:"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid').slice(17)));
  const t0 = Date.now();
  await page.click('[data-testid="check-all"]');
  const seen = new Set();
  while (seen.size < groups.length) {
    const status = await page.locator('[data-testid^="validation-group:"]').evaluateAll((els) =>
      els.map((e) => [e.getAttribute('data-testid').slice(17), e.getAttribute('data-status')]),
    );
    for (const [id, st] of status) {
      if (seen.has(id) || (st !== 'done' && st !== 'failed')) continue;
      seen.add(id);
      console.log(`  ${id}: ${st} after ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
    if (Date.now() - t0 > 30 * 60_000) throw new Error('validation took over 30 minutes');
    await page.waitForTimeout(1000);
  }
  const rows = await page.locator('[data-testid^="validation-row:"]').evaluateAll((els) =>
    els.map((e) => ({
      key: e.getAttribute('data-testid').slice(15),
      text: e.getAttribute('data-text'),
      verdict: e.getAttribute('data-verdict'),
      detail: e.getAttribute('data-detail') ?? '',
      origin: e.getAttribute('data-origin'),
    })),
  );
  const notLive = rows.filter((r) => r.origin !== 'live');
  if (notLive.length) throw new Error(`rows without a verdict from this check: ${notLive.map((r) => r.key).join(', ')}`);
  const sha = execSync('git rev-parse --short HEAD', { cwd: repoDir }).toString().trim();
  const doc = {
    recorded: `${new Date().toISOString().slice(0, 10)}, commit ${sha}, Chromium`,
    results: Object.fromEntries(rows.map((r) => [r.key, { text: r.text, verdict: r.verdict, detail: r.detail }])),
  };
  writeFileSync(OUT, JSON.stringify(doc, null, 2) + '\n');
  const holds = rows.filter((r) => r.verdict === 'holds').length;
  console.log(`${rows.length} verdicts (${holds} hold) in ${((Date.now() - t0) / 1000).toFixed(0)} s -> ${path.relative(repoDir, OUT)}`);
});
