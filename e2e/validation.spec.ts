// TCP-ER's presets opened by clicks (the paper's numbers beside ours as soon as their
// point has run), LE Figs. 5-6 and TCP-Real Tables 2-12 run to the end with a verdict
// for every claim, and the validation page: every claim and reference check listed with
// its recorded verdict, a group checked again in this browser, a row opening its
// experiment, Back returning to the page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { openPreset, ready } from './helpers';

const here = path.dirname(fileURLToPath(import.meta.url));
const presets = JSON.parse(readFileSync(path.join(here, '../public/presets/presets.json'), 'utf8')).presets as {
  id: string;
  evidence?: {
    published?: unknown[];
    claims?: { id?: string; paper?: string; kind?: string; explain?: { hash?: string } }[];
  };
}[];
const recorded = JSON.parse(readFileSync(path.join(here, '../public/validation/recorded.json'), 'utf8'))
  .results as Record<string, { verdict: string }>;
const references = JSON.parse(readFileSync(path.join(here, '../public/validation/references.json'), 'utf8')).groups as {
  id: string;
  checks: { id: string }[];
}[];

test('every TCP-ER preset opens by a click, says its cost, and sets the paper’s numbers beside ours', async ({
  page,
}, info) => {
  test.setTimeout(300_000);
  await page.goto('/');
  await ready(page);
  const er = presets.filter((p) => p.id.startsWith('tcp-er-'));
  expect(er.length).toBe(14);
  for (const p of er) {
    await openPreset(page, p.id);
    await expect(page.getByTestId('preset-note')).toContainText(/Cost: .* runs of 500 s/);
    await expect(page.getByTestId('sweep-progress')).toHaveAttribute('data-status', 'running');
    // The sweeps that explain (what counts as frozen, the timer's floor) state no claim of their own.
    if (!p.evidence?.claims?.length) continue;
    // The paper's table and claims are folded under the caption (the chart comes first),
    // closed again for each preset: a reader opens them.
    const fold = page.getByTestId('preset-evidence-fold');
    await expect(fold).not.toHaveAttribute('open');
    await fold.locator('summary').click();
    const evidence = page.getByTestId('evidence');
    await expect(evidence).toBeVisible();
    const claims = p.evidence?.claims?.length ?? 0;
    await expect(evidence.locator('[data-testid^="claim-"]')).toHaveCount(claims);
    if ((p.evidence?.published?.length ?? 0) > 0) {
      // The first published row's point is the sweep's first: a number, not "…", once it ran.
      await expect(page.getByTestId('published-0')).toHaveAttribute('data-ours', /^\d/, { timeout: 60_000 });
      expect(Number(await page.getByTestId('published-0').getAttribute('data-ours'))).toBeGreaterThanOrEqual(0);
    }
    if (p.id === 'tcp-er-fig9-late')
      await page.screenshot({ path: info.outputPath('tcp-er-fig9.png'), fullPage: true });
  }
});

test('a preset of each paper opens by a click: the paper’s numbers beside ours, a verdict for every claim', async ({
  page,
}, info) => {
  test.setTimeout(600_000);
  await page.goto('/');
  await ready(page);
  // One preset of each paper (and the legacy TFRC one): every preset's verdicts come from
  // the same code, which npm run validate runs over all of them (recorded.json, checked by
  // validation.test.ts); here a person's click on each kind of view is what is tested.
  const ids = [
    'le-fig5-sack1',
    'le-fig6b-fixed',
    'tcp-real-reverse-15ms',
    'ngchan-lasthop-streams',
    'tfrc-friendliness',
    'rrtp-table42-lan',
  ];
  const papers = new Set(ids.map((id) => presets.find((x) => x.id === id)!.evidence?.claims?.[0]?.paper));
  expect([...papers].sort()).toEqual(['le', 'ng-chan', 'rrtp', 'tcp-real', undefined].sort());
  for (const id of ids) {
    const p = presets.find((x) => x.id === id)!;
    await openPreset(page, id);
    const view = await page.locator('.app').getAttribute('data-view');
    if (view === 'sweep')
      await expect(page.getByTestId('sweep-progress')).toHaveAttribute('data-status', 'done', { timeout: 180_000 });
    else
      await page.waitForFunction(
        () => document.querySelector('[data-testid="compare-view"]')?.getAttribute('data-busy') === '0',
      );
    const claims = p.evidence?.claims?.length ?? 0;
    for (let i = 0; i < claims; i++)
      await expect(page.getByTestId(`claim-${i}`), `${id} claim ${i}`).toHaveAttribute(
        'data-verdict',
        /^(holds|holds-under-reading|does-not-hold|not-expressible)$/,
      );
    const published = p.evidence?.published?.length ?? 0;
    for (let i = 0; i < published; i++)
      await expect(page.getByTestId(`published-${i}`), `${id} row ${i}`).toHaveAttribute('data-ours', /^-?\d/);
    if (id === 'le-fig6b-fixed') await page.screenshot({ path: info.outputPath('le-fig6b.png'), fullPage: true });
  }
});

test('the validation page lists every claim and reference check with its verdict; a group is checked here; rows open their experiments', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await ready(page);
  await page.getByTestId('view-validation').click();
  await expect(page).toHaveURL(/view=validation/);
  // The page replaces the experiment's controls and charts.
  await expect(page.locator('.sidebar')).toBeHidden();
  await expect(page.getByTestId('topology-picture')).toBeHidden();
  const v = page.getByTestId('validation');
  const claims = presets.reduce((n, p) => n + (p.evidence?.claims?.length ?? 0), 0);
  const checks = references.reduce((n, g) => n + g.checks.length, 0);
  const groups = v.locator('[data-testid^="validation-group:"]');
  await expect(groups).toHaveCount(presets.filter((p) => p.evidence?.claims?.length).length + references.length);
  // The counts are the recorded verdicts' (whatever rows are drawn): rebuilt claims and
  // reference checks that hold, as stated or under a reading; those that do not; legacy
  // claims counted apart.
  const all = presets.flatMap((p) => p.evidence?.claims ?? []);
  // A legacy claim has no kind and no id of its own (its row's is "<preset id>#<index>").
  const kindOf = new Map(all.filter((c) => c.id).map((c) => [c.id!, c.kind] as const));
  const ids = [...kindOf.keys(), ...references.flatMap((g) => g.checks.map((c) => c.id))];
  const rebuilt = ids.filter((id) => kindOf.get(id) !== 'legacy');
  const by = (...verdicts: string[]) => rebuilt.filter((id) => verdicts.includes(recorded[id]?.verdict)).length;
  await expect(v).toHaveAttribute('data-holds', String(by('holds', 'holds-under-reading')));
  await expect(v).toHaveAttribute('data-fails', String(by('does-not-hold')));
  await expect(v).toHaveAttribute('data-legacy', String(all.filter((c) => !c.kind).length));
  await expect(v).toHaveAttribute('data-pending', '0');
  // Only the groups near the screen draw their rows: the first does, the last (the
  // references, several screens down) does not until it is scrolled to; its head, its
  // run count and its button are there before.
  await expect(groups.first()).toHaveAttribute('data-rows', 'drawn');
  await expect(groups.first().locator('[data-testid^="validation-row:"]').first()).toBeVisible();
  const last = groups.last();
  await expect(last).toContainText(/\d+ runs?, up to [\d,]+ simulated s/);
  await expect(last).toHaveAttribute('data-rows', 'deferred');
  await expect(last.locator('[data-testid^="validation-row:"]')).toHaveCount(0);
  const lastRef = references[references.length - 1];
  await last.scrollIntoViewIfNeeded();
  await expect(last).toHaveAttribute('data-rows', 'drawn');
  await expect(last.locator('[data-testid^="validation-row:"]')).toHaveCount(lastRef.checks.length);
  // Scrolled through, every group has drawn every row, each with its recorded verdict.
  for (const g of await groups.all()) {
    await g.scrollIntoViewIfNeeded();
    await expect(g).toHaveAttribute('data-rows', 'drawn');
  }
  await expect(v.locator('[data-testid^="validation-row:"]')).toHaveCount(claims + checks);
  await expect(v.locator('[data-testid^="validation-row:"][data-origin="recorded"]')).toHaveCount(claims + checks);
  for (const id of ids.slice(0, 40))
    await expect(page.getByTestId(`validation-row:${id}`)).toHaveAttribute('data-verdict', recorded[id].verdict);
  await expect(page.getByTestId('validation-row:ns3-bulk-set-a-newreno')).toHaveCount(0);
  await expect(page.getByTestId('validation-row:ns3-a-newreno-0.01')).toHaveAttribute('data-verdict', 'holds');
  // A grid point that does not hold names its class of known disagreement: its cause and the
  // tests that show all or part of it (engine/tests/data/ns3-grid-disagreements.json).
  const known = page.getByTestId('disagreement:ns3-grid-newreno-10-50-0.25-0-total');
  await expect(known).toHaveAttribute('data-class', 'no-sack-after-timeout');
  await expect(known).toContainText('known disagreement (class no-sack-after-timeout): ns-3 without SACK');
  await expect(known).toContainText('(tested by Ns3Grid.Ns3WithoutSackRecoversOverAndOverAfterATimeout)');
  const noSack = page.getByTestId('disagreement:ns3-grid-newreno-100-10-2-0.03-total');
  await expect(noSack).toContainText('known disagreement (class no-sack)');
  await expect(noSack).toContainText('Ns3Grid.Ns3RenoSacksAreWhyTheseLossFreeNoSackPointsDisagree');
  const partly = page.getByTestId('disagreement:ns3-grid-cubic+bbr-1-10-0.25-0-total');
  await expect(partly).toContainText('known disagreement, partly explained (class cubic)');
  await expect(partly).toContainText('Ns3GridCubic.CubicBbrAtTheOnePacketQueueFollowsNs3UntilARace');
  await expect(
    page.locator('[data-testid="validation-row:ns3-a-newreno-0.01"] [data-testid^="disagreement:"]'),
  ).toHaveCount(0);

  // Check the ns-3 dumbbell group again, here: 30 runs in the page's workers.
  const group = page.getByTestId('validation-group:ns3-dumbbell-set-c');
  await group.getByTestId('check-group:ns3-dumbbell-set-c').click();
  await expect(group).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  const rows = group.locator('[data-testid^="validation-row:"]');
  await expect(rows).toHaveCount(6);
  for (const row of await rows.all()) {
    await expect(row).toHaveAttribute('data-origin', 'live');
    await expect(row).toHaveAttribute('data-verdict', 'holds');
    await expect(row).toHaveAttribute('data-detail', /over 10 seeds vs reference/);
  }
  await page.screenshot({ path: info.outputPath('validation.png') });

  // A claim's group opens its preset; Back returns to the validation page.
  await page.getByTestId('open:le-fig5-sack3').click();
  await expect(page.getByTestId('preset-note')).toHaveAttribute('data-preset', 'le-fig5-sack3');
  await expect(page.locator('.app')).toHaveAttribute('data-view', 'compare');
  await page.goBack();
  await expect(page.locator('.app')).toHaveAttribute('data-view', 'validation');
  await expect(page.getByTestId('validation')).toBeVisible();

  // A reference row opens its run in the live view (its group drawn once scrolled to).
  await page.getByTestId('validation-group:ns3-bulk-set-a-cubic').scrollIntoViewIfNeeded();
  await page.getByTestId('open:ns3-a-cubic-0.02').click();
  await expect(page.locator('.app')).toHaveAttribute('data-view', 'live');
  await expect(page).toHaveURL(/f0\.channel\.forward\.p=0\.02/);
});

test('the validation page counts TCP-ER’s claims by verdict, and a claim that does not hold opens the experiment that explains it', async ({
  page,
}) => {
  const rebuilt = presets.flatMap((p) => (p.evidence?.claims ?? []).filter((c) => c.paper === 'tcp-er'));
  const count = (v: string) => rebuilt.filter((c) => recorded[c.id!]?.verdict === v).length;
  await page.goto('/#v=2&view=validation');
  const summary = page.getByTestId('paper-summary:tcp-er');
  await expect(summary).toBeVisible();
  // The four counts are the recorded verdicts of the paper's claims, and sum to all of them.
  await expect(summary).toHaveAttribute('data-holds', String(count('holds')));
  await expect(summary).toHaveAttribute('data-under-reading', String(count('holds-under-reading')));
  await expect(summary).toHaveAttribute('data-fails', String(count('does-not-hold')));
  await expect(summary).toHaveAttribute('data-not-expressible', String(count('not-expressible')));
  expect(count('holds') + count('holds-under-reading') + count('does-not-hold') + count('not-expressible')).toBe(
    rebuilt.length,
  );
  await expect(summary).toContainText('within 20 %');
  // The paper's platform, stated once under the citation (presets.json papers.tcp-er.platform).
  await expect(page.getByTestId('paper-platform:tcp-er')).toContainText('singledup_ 1');
  // LE's and RRTP's too, each naming the ns-2 agent that departs from Agent/TCP's defaults.
  await expect(page.getByTestId('paper-platform:le')).toContainText('tcp-fack.cc');
  await expect(page.getByTestId('paper-platform:rrtp')).toContainText('tcp-vegas.cc');
  // Legacy claims (other papers) are listed apart, not under a paper (drawn once scrolled to).
  const apart = page.getByRole('region', { name: 'Not yet rebuilt from the paper' });
  await apart.locator('[data-testid^="validation-group:"]').first().scrollIntoViewIfNeeded();
  await expect(apart.locator('[data-kind="legacy"]').first()).toBeVisible();
  await expect(page.locator('[data-paper="tcp-er"] [data-kind="legacy"]')).toHaveCount(0);

  // A does-not-hold row shows why and opens its experiment.
  const failing = rebuilt.find((c) => recorded[c.id!]?.verdict === 'does-not-hold' && c.explain?.hash);
  expect(failing, 'a TCP-ER claim that does not hold, with its experiment').toBeDefined();
  // Its group draws its rows once scrolled to.
  const owner = presets.find((p) => p.evidence?.claims?.some((c) => c.id === failing!.id))!;
  await page.getByTestId(`validation-group:${owner.id}`).scrollIntoViewIfNeeded();
  const row = page.getByTestId(`validation-row:${failing!.id}`);
  await expect(row).toHaveAttribute('data-verdict', 'does-not-hold');
  await expect(row).toContainText('Why:');
  await row.getByTestId(`explain:${failing!.id}`).click();
  await expect(page.locator('.app')).toHaveAttribute('data-view', 'sweep');
  const expected = failing!.explain!.hash!;
  const shown = await page.locator('.app').getAttribute('data-experiment');
  for (const part of expected
    .slice(1)
    .split('&')
    .filter((x) => x.startsWith('sweep.x=')))
    expect(shown).toContain(part);
});
