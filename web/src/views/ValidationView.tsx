// The validation page: every claim the papers make (the presets' evidence) and every
// external reference check (ns-3 runs, throughput equations), each with its verdict.
// A verdict is the one recorded by the last full check (`npm run validate`) until the
// group is checked again here, in this browser, with the same engine the page runs.
// Each row opens its experiment. Per paper (presets.json "papers"): its tolerance and the
// counts of its claims by verdict (holds, holds under a named reading, does not hold,
// not expressible); claims not yet rebuilt from a paper (legacy) are listed apart.
// Each group draws its rows only once it comes near the screen (ValidationGroupPanel.tsx);
// the counts here are the rows' data, whatever is drawn.
// Test ids: validation, paper-summary:<paper id> (data-holds, data-under-reading,
// data-fails, data-not-expressible, data-pending), check-all, check-cancel, and the
// groups' (ValidationGroupPanel.tsx).
import { useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import type { RunSummary } from '../engine/types';
import type { ParamModel } from '../model/params/params';
import {
  paperGroups,
  parseRecorded,
  RECORDED_URL,
  REFERENCES_URL,
  referenceGroups,
  countVerdicts,
  verdictOf,
  type Recorded,
  type ValidationGroup,
} from '../model/claims/validation';
import { parseReferences, type ReferenceGroup } from '../model/claims/references';
import { usePresets } from '../components/Papers';
import { useGroupSizes, useRevealed } from './useGroupSizes';
import { ValidationGroupPanel, type GroupRun } from './ValidationGroupPanel';
import type { PaperInfo } from '../model/claims/evidence';
import type { PoolActions } from '../state/actions';
import '../components/evidence.css';
import './validation.css';

function useJson<T>(url: string, parse: (doc: unknown) => T): { value?: T; error?: string } {
  const [state, setState] = useState<{ value?: T; error?: string }>({});
  useEffect(() => {
    let live = true;
    fetch(url, { cache: 'no-cache' })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${url}: HTTP ${r.status}`))))
      .then(
        (doc) => live && setState({ value: parse(doc) }),
        (e) => live && setState({ error: e instanceof Error ? e.message : String(e) }),
      );
    return () => {
      live = false;
    };
  }, [url, parse]);
  return state;
}

const readReferences = (doc: unknown) => {
  const r = parseReferences(doc);
  if (r.problems.length) console.warn('[plab] references:', r.problems);
  return r.groups;
};

export function ValidationView({ store, model }: { store: Pick<PoolActions, 'runSummaries'>; model: ParamModel }) {
  const { presets, papers, error: presetError } = usePresets();
  const refs = useJson<ReferenceGroup[]>(REFERENCES_URL, readReferences);
  const recorded = useJson<Recorded | null>(RECORDED_URL, parseRecorded);
  const groups = useMemo<ValidationGroup[]>(
    () => [...paperGroups(presets), ...referenceGroups(refs.value ?? [])],
    [presets, refs.value],
  );
  // Counted from the settings, after the first paint, in slices; a group's scenarios
  // are built only when it is checked.
  const sizes = useGroupSizes(groups, model);
  const revealed = useRevealed(groups.length);
  const [runs, setRuns] = useState<Record<string, GroupRun>>({});
  const [queue, setQueue] = useState<string[]>([]);
  const handle = useRef<{ cancel(): void } | null>(null);
  const running = Object.entries(runs).find(([, r]) => r.status === 'running')?.[0];

  // Stop whatever runs when the page leaves the view.
  useEffect(() => () => handle.current?.cancel(), []);

  // Stable while the groups are (the panels are memoised).
  const check = useCallback(
    (id: string) => {
      const plan = groups.find((g) => g.id === id)?.plan(model);
      if (!plan || typeof plan === 'string') {
        setRuns((r) => ({
          ...r,
          [id]: {
            status: 'failed',
            done: 0,
            total: 0,
            error: typeof plan === 'string' ? plan : 'unknown group',
            ms: 0,
          },
        }));
        return;
      }
      const summaries: (RunSummary | null)[] = plan.scenarios.map(() => null);
      const t0 = performance.now();
      let done = 0;
      setRuns((r) => ({ ...r, [id]: { status: 'running', done: 0, total: plan.scenarios.length, ms: 0 } }));
      handle.current = store.runSummaries(
        plan.scenarios,
        (i, summary) => {
          summaries[i] = summary;
          done += 1;
          const d = done;
          setRuns((r) => ({ ...r, [id]: { ...r[id], done: d, ms: performance.now() - t0 } }));
        },
        () => {
          handle.current = null;
          const results = plan.judge(summaries);
          setRuns((r) => ({ ...r, [id]: { ...r[id], status: 'done', results, ms: performance.now() - t0 } }));
        },
      );
    },
    [groups, model, store],
  );

  // One group at a time from the queue, so each shows its progress and its verdicts as
  // soon as it is done.
  useEffect(() => {
    if (running || queue.length === 0) return;
    const [next, ...rest] = queue;
    setQueue(rest);
    check(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [running, queue]);

  const cancel = () => {
    handle.current?.cancel();
    handle.current = null;
    setQueue([]);
    if (running) setRuns((r) => ({ ...r, [running]: { ...r[running], status: 'cancelled' } }));
  };

  const totals = useMemo(() => {
    let runsN = 0;
    let sim = 0;
    for (const p of sizes.values())
      if (typeof p !== 'string') {
        runsN += p.runs;
        sim += p.simulatedS;
      }
    return { runs: runsN, sim };
  }, [sizes]);
  const verdictRows = (gs: readonly ValidationGroup[]) =>
    gs.flatMap((g) =>
      g.rows.map((row, i) => ({
        claim: row.claim,
        verdict: verdictOf(g, i, runs[g.id]?.results, recorded.value).result?.verdict ?? ('pending' as const),
      })),
    );
  const counts = useMemo(() => {
    const papersC = countVerdicts(verdictRows(groups.filter((g) => g.kind === 'paper')));
    const legacyRows = verdictRows(groups.filter((g) => g.kind === 'paper')).filter((r) => r.claim?.kind === 'legacy');
    const refs = countVerdicts(verdictRows(groups.filter((g) => g.kind === 'reference')));
    return { papers: papersC, legacyHolds: legacyRows.filter((r) => r.verdict === 'holds').length, refs };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [groups, runs, recorded.value]);

  const paperSummary = (id: string, info: PaperInfo, gs: readonly ValidationGroup[]) => {
    const c = countVerdicts(verdictRows(gs));
    return (
      <div
        className="panel paper-summary"
        data-testid={`paper-summary:${id}`}
        data-holds={c.holds}
        data-under-reading={c['holds-under-reading']}
        data-fails={c['does-not-hold']}
        data-not-expressible={c['not-expressible']}
        data-pending={c.pending}
        data-legacy={c.legacy}
      >
        <strong>{info.title}</strong>
        <div className="muted-note">{info.citation}</div>
        {info.platform ? (
          <p className="muted-note" data-testid={`paper-platform:${id}`}>
            {info.platform}
          </p>
        ) : null}
        <p>
          <strong>{c.holds}</strong> hold, <strong>{c['holds-under-reading']}</strong> hold under a named reading,{' '}
          <strong>{c['does-not-hold']}</strong> do not hold (each with the experiment that explains it),{' '}
          <strong>{c['not-expressible']}</strong> are not expressible in the lab
          {c.pending ? `, ${c.pending} not run` : ''}
          {c.legacy ? `; ${c.legacy} not yet rebuilt from the paper` : ''}.
        </p>
        <p className="muted-note">
          A number holds within {Math.round(info.tolerance * 100)} % of the paper’s: {info.tolerance_why}
          {info.abs_floor
            ? ` Near 0: ${Object.entries(info.abs_floor)
                .map(([f, v]) => `${f} within ±${v}`)
                .join(', ')}.`
            : ''}{' '}
          A relation holds only when the 95 % confidence intervals over seeds say so.
        </p>
      </div>
    );
  };

  // The first groups, in page order, then more at each frame (useRevealed).
  let placed = 0;
  const section = (shown: readonly ValidationGroup[], title: string, intro: string, head?: ReactElement) => {
    const mine = shown.slice(0, Math.max(0, revealed - placed));
    placed += shown.length;
    if (mine.length === 0) return null;
    return (
      <section className="validation-section" aria-label={title} key={title}>
        <h2>{title}</h2>
        <p className="muted-note">{intro}</p>
        {head}
        {mine.map((g) => (
          <ValidationGroupPanel
            key={g.id}
            group={g}
            size={sizes.get(g.id)}
            run={runs[g.id]}
            recorded={recorded.value}
            busy={!!running}
            onCheck={check}
          />
        ))}
      </section>
    );
  };

  const allIds = groups.map((g) => g.id);
  return (
    <div
      className="validation"
      data-testid="validation"
      data-groups={groups.length}
      data-holds={counts.papers.holds + counts.papers['holds-under-reading'] + counts.refs.holds}
      data-fails={counts.papers['does-not-hold'] + counts.refs['does-not-hold']}
      data-pending={counts.papers.pending + counts.refs.pending}
      data-legacy={counts.papers.legacy}
    >
      <section className="panel validation-intro">
        <h2>Validation</h2>
        <p>
          Every claim the papers make, in the paper’s words and numbers, with its verdict on the lab’s runs:{' '}
          <strong>{counts.papers.holds}</strong> hold, <strong>{counts.papers['holds-under-reading']}</strong> hold
          under a named reading, <strong>{counts.papers['does-not-hold']}</strong> do not hold,{' '}
          <strong>{counts.papers['not-expressible']}</strong> are not expressible; {counts.papers.legacy} claims are not
          yet rebuilt from their paper ({counts.legacyHolds} of them hold as this project restated them) and are listed
          apart. Against independent references (ns-3 and the throughput equations): {counts.refs.holds} hold,{' '}
          {counts.refs['does-not-hold']} do not. The verdicts shown were recorded by the last full check
          {recorded.value ? ` (${recorded.value.recorded})` : ''}; check a group again here to see this browser’s own
          runs.
        </p>
        <div className="validation-actions">
          {running || queue.length ? (
            <button type="button" data-testid="check-cancel" onClick={cancel}>
              Stop checking
            </button>
          ) : (
            <button
              type="button"
              data-testid="check-all"
              disabled={groups.length === 0}
              onClick={() => setQueue(allIds)}
            >
              Check everything
            </button>
          )}
          <span className="muted-note">
            {sizes.size === 0
              ? 'counting the runs…'
              : `${totals.runs.toLocaleString('en-US')} runs of up to ${Math.round(totals.sim).toLocaleString('en-US')} simulated seconds in all: several minutes on a laptop`}
            {queue.length ? ` · ${queue.length} group${queue.length === 1 ? '' : 's'} waiting` : ''}
          </span>
        </div>
        {(presetError || refs.error) && <p className="field-error">{presetError ?? refs.error}</p>}
      </section>
      {Object.entries(papers).map(([id, info]) => {
        const gs = groups.filter((g) => g.kind === 'paper' && g.paper === id);
        return section(
          gs,
          info.title,
          'Each group is a Papers preset: its claims are checked on the runs the preset makes.',
          paperSummary(id, info, gs),
        );
      })}
      {section(
        groups.filter((g) => g.kind === 'paper' && !(g.paper && papers[g.paper])),
        'Not yet rebuilt from the paper',
        'These presets’ claims are this project’s own restatements, with their own thresholds, judged by comparing means: they are shown for what they check, not counted as claims of the paper.',
      )}
      {section(
        groups.filter((g) => g.kind === 'reference'),
        'External references',
        'The same comparisons the engine’s tests make, against ns-3.44 runs and the throughput equations; each row opens its run.',
      )}
    </div>
  );
}
