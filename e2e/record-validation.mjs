#!/usr/bin/env node
// `npm run validate`: opens the built site's validation page in Chromium, checks every
// group there (the papers' claims on the presets' runs, the ns-3 and equation checks),
// and writes the verdicts it shows into public/validation/recorded.json, which the page
// then shows until a group is checked again in the reader's own browser. The page's
// code is the only judge: this script only clicks and copies. Takes several minutes
// (prints each group as it finishes); rebuild (`npm run build`) first.
//   node e2e/record-validation.mjs --paper tcp-er   checks only the presets whose claims
// are rebuilt from that paper (presets.json "papers"), and keeps every other recorded
// verdict as it was (rows no longer on the page are dropped).
//   node e2e/record-validation.mjs --group ns3-grid-   the same for the groups whose id
// starts so (the ns-3 grid's seven).
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { repoDir, withSite } from './site.mjs';

const OUT = path.join(repoDir, 'public/validation/recorded.json');
const at = process.argv.indexOf('--paper');
const paper = at > 0 ? process.argv[at + 1] : null;
if (at > 0 && !paper) throw new Error('--paper needs a paper id (presets.json "papers"), e.g. --paper tcp-er');
const gat = process.argv.indexOf('--group');
const prefix = gat > 0 ? process.argv[gat + 1] : null;
if (gat > 0 && !prefix) throw new Error('--group needs the start of group ids, e.g. --group ns3-grid-');
// What is re-checked, when not everything: the stamp's name for it.
const only = paper ?? (prefix ? `${prefix}*` : null);

await withSite(async (browser, base) => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  await page.goto(`${base}#v=2&view=validation`);
  await page.waitForFunction(
    () => Number(document.querySelector('[data-testid="validation"]')?.getAttribute('data-groups')) > 0,
    null,
    {
      timeout: 60_000,
    },
  );
  // Every group is on the page before anything is checked (presets and references
  // loaded; the view adds its groups a few per frame).
  await page.waitForTimeout(500);
  await page.waitForFunction(() => {
    const v = document.querySelector('[data-testid="validation"]');
    return v?.querySelectorAll('[data-testid^="validation-group:"]').length === Number(v?.getAttribute('data-groups'));
  });
  const all = await page
    .locator('[data-testid^="validation-group:"]')
    .evaluateAll((els) =>
      els.map((e) => ({ id: e.getAttribute('data-testid').slice(17), paper: e.getAttribute('data-paper') })),
    );
  const groups = all
    .filter((g) => (!paper || g.paper === paper) && (!prefix || g.id.startsWith(prefix)))
    .map((g) => g.id);
  if (groups.length === 0) throw new Error(`no group has claims of paper "${paper}" or starts "${prefix}"`);
  const t0 = Date.now();
  if (only) {
    // One group after another: each button is enabled once the one before is done.
    for (const id of groups) {
      await page.click(`[data-testid="check-group:${id}"]`);
      await page.waitForFunction(
        (g) =>
          ['done', 'failed'].includes(
            document.querySelector(`[data-testid="validation-group:${g}"]`)?.getAttribute('data-status'),
          ),
        id,
        { timeout: 30 * 60_000, polling: 1000 },
      );
      console.log(`  ${id}: done after ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
  } else await page.click('[data-testid="check-all"]');
  const seen = new Set(only ? groups : []);
  while (seen.size < groups.length) {
    const status = await page
      .locator('[data-testid^="validation-group:"]')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('data-testid').slice(17), e.getAttribute('data-status')]));
    for (const [id, st] of status) {
      if (seen.has(id) || (st !== 'done' && st !== 'failed')) continue;
      seen.add(id);
      console.log(`  ${id}: ${st} after ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
    if (Date.now() - t0 > 30 * 60_000) throw new Error('validation took over 30 minutes');
    await page.waitForTimeout(1000);
  }
  // A group draws its rows once it comes near the screen: scroll to each before reading.
  for (const g of await page.locator('[data-testid^="validation-group:"]').all()) {
    await g.scrollIntoViewIfNeeded();
    await page.waitForFunction((el) => el.getAttribute('data-rows') === 'drawn', await g.elementHandle());
  }
  const rows = await page.locator('[data-testid^="validation-row:"]').evaluateAll((els) =>
    els.map((e) => ({
      group: e.closest('[data-testid^="validation-group:"]').getAttribute('data-testid').slice(17),
      key: e.getAttribute('data-testid').slice(15),
      text: e.getAttribute('data-text'),
      verdict: e.getAttribute('data-verdict'),
      detail: e.getAttribute('data-detail') ?? '',
      origin: e.getAttribute('data-origin'),
    })),
  );
  const checked = new Set(groups);
  const notLive = rows.filter((r) => checked.has(r.group) && r.origin !== 'live');
  if (notLive.length)
    throw new Error(`rows without a verdict from this check: ${notLive.map((r) => r.key).join(', ')}`);
  const sha = execSync('git rev-parse --short HEAD', { cwd: repoDir }).toString().trim();
  const old = only && existsSync(OUT) ? JSON.parse(readFileSync(OUT, 'utf8')) : { recorded: '', results: {} };
  const stamp = `${new Date().toISOString().slice(0, 10)}, commit ${sha}, Chromium`;
  const doc = {
    // Each paper (or group prefix) re-checked keeps its own stamp: only its earlier one is replaced.
    recorded: only
      ? `${old.recorded
          .split('; ')
          .filter((s) => !s.startsWith(`${only} re-checked `))
          .join('; ')}; ${only} re-checked ${stamp}`
      : stamp,
    results: Object.fromEntries(
      rows
        .map((r) => [
          r.key,
          checked.has(r.group) ? { text: r.text, verdict: r.verdict, detail: r.detail } : old.results[r.key],
        ])
        .filter(([, v]) => v !== undefined),
    ),
  };
  writeFileSync(OUT, JSON.stringify(doc, null, 2) + '\n');
  const mine = rows.filter((r) => checked.has(r.group));
  const by = (v) => mine.filter((r) => r.verdict === v).length;
  console.log(
    `${mine.length} verdicts: ${by('holds')} hold, ${by('holds-under-reading')} under a reading, ${by('does-not-hold')} do not, ${by('not-expressible')} not expressible`,
  );
  const holds = by('holds');
  console.log(
    `${mine.length} verdicts (${holds} hold) in ${((Date.now() - t0) / 1000).toFixed(0)} s -> ${path.relative(repoDir, OUT)}`,
  );
});
