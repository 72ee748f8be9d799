// The sweep view: one parameter on x (from the schema's numbers), one summary figure on
// y (from the schema's `summary` declarations), K seeds per point, run in the worker
// pool (plab_run_summary) with progress and cancel. One series, or one per protocol of
// the compare list ("one curve per protocol", sweep.by=protocol) with a legend that
// hides some (hide=). For goodput against a loss rate, the three throughput models
// (from each run's own summary) are drawn too when a single series is shown, with how
// far each is from the measured mean. A run whose figure is null is skipped (n counts).
// The typed boxes (from, to, N, K) commit on Enter or blur like every typed value on the
// page, with messages that name the box by its label (sweepMessages.ts).
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { protocolColor } from '../charts/compareSeries';
import { SweepChart } from '../charts/SweepChart';
import { useSweepCurves } from './useSweepCurves';
import { ModelErrorTable } from './ModelErrorTable';
import { SweepRunRow } from './SweepRunRow';
import { SweepTable } from './SweepTable';
import { AppLimitNote } from './AppLimitNote';
import type { RunSummary } from '../engine/types';
import { figureDigits, figureInfo, figureTitle, numericFigureKeys } from '../model/run/figures';
import { PairingPicker } from '../components/PairingPicker';
import { protocolLabel } from '../model/params/labels';
import type { ParamModel, Values } from '../model/params/params';
import {
  K_RANGE,
  N_RANGE,
  sweepableParams,
  xSpecOf,
  isLaterFlowsX,
  validateSweep,
  type SweepConfig,
  type SweepError,
  type SweepField,
} from '../model/sweep/sweep';
import { entryColorIndex, MAX_COMPARE, protocolOptions, toggleCompared, toggleHidden } from '../model/views';
import { isVisible, type VisibilityRule } from '../model/params/visibility';
import type { SweepRun } from '../state/store';
import type { SweepActions } from '../state/actions';
import { sweepScreenMessage } from '../model/sweep/sweepMessages';
import { useDisplay } from '../present/display';
import { useFillHeight } from '../present/spaceBelow';
import '../components/protocolPicker.css';
import './sweep.css';
import './sweepPresent.css';

/** The smallest plot that stays readable when it fills the screen; below it the page scrolls. */
const MIN_FILL_HEIGHT = 200;

// The boxes on the screen; explicit points (a preset's) are kept unless the range is edited.
type Drafts = Record<Exclude<SweepField, 'points'>, string>;

function draftsOf(c: SweepConfig): Drafts {
  return {
    x: c.x,
    from: String(c.from),
    to: String(c.to),
    scale: c.scale,
    n: String(c.n),
    y: c.y,
    k: String(c.k),
    by: c.by,
  };
}

function paramLabel(model: ParamModel, path: string): string {
  const spec = xSpecOf(model, path);
  const unit = spec?.decl.unit ? ` (${spec.decl.unit})` : '';
  return `${spec?.decl.label ?? path}${unit}`;
}

interface Props {
  store: SweepActions;
  model: ParamModel;
  config: SweepConfig;
  /** The compare view's protocols (cmp=): the series when sweeping by protocol. */
  compare: string[];
  hidden: string[];
  run?: SweepRun;
  values: Values;
  rules: Map<string, VisibilityRule>;
  liveSummary?: RunSummary;
  height: number;
}

export const SweepView = memo(function SweepView({
  store,
  model,
  config,
  compare,
  hidden,
  run,
  values,
  rules,
  liveSummary,
  height,
}: Props) {
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(config));
  const [errors, setErrors] = useState<SweepError[]>([]);
  // Presentation and embed mode: the chart takes the screen below its top.
  const display = useDisplay();
  const chartRef = useRef<HTMLDivElement>(null);
  const fill = useFillHeight(chartRef, display.present || display.embed);
  const chartHeight = fill === null ? height : Math.max(MIN_FILL_HEIGHT, fill);

  // Follow the store (a new link, a reset) when it differs from what is typed.
  useEffect(() => {
    setDrafts((d) => {
      const r = validateSweep(model, d, config);
      const same =
        r.errors.length === 0 && (Object.keys(config) as SweepField[]).every((f) => r.config[f] === config[f]);
      if (same) return d;
      setErrors([]);
      return draftsOf(config);
    });
  }, [config, model]);

  const params = useMemo(() => sweepableParams(model), [model]);
  const figures = useMemo(
    () =>
      numericFigureKeys(
        model.figures,
        liveSummary,
        run?.series[0]?.summaries.flat().find((s) => s) as RunSummary | undefined,
      ),
    [model, liveSummary, run],
  );
  const options = protocolOptions(model);
  // Kept across renders (they depend on the schema only) so useSweepCurves' memos keep theirs.
  const protoLabel = useCallback((p: string) => protocolLabel(model, p), [model]);
  const protoColor = useCallback((p: string) => protocolColor(p, entryColorIndex(model, p)), [model]);

  // Check what is in the boxes and, when it is all valid, give it to the store (which
  // writes the link). Messages name the boxes as the screen does.
  const commit = (next: Drafts) => {
    const r = validateSweep(model, next, config, figures);
    setErrors(r.errors.map((e) => ({ ...e, message: sweepScreenMessage(model, r.config.x, e) })));
    if (r.errors.length === 0) store.setSweep(r.config);
  };
  // A choice (select, checkbox) commits at once; a typed box only on Enter or blur
  // (commitTyped), so a half-typed "0.0" never starts a sweep.
  const change = (field: Exclude<SweepField, 'points'>, text: string) => {
    let next = { ...drafts, [field]: text };
    if (field === 'x') {
      // A new parameter brings its own range and scale.
      const r = validateSweep(model, { x: text }, config, figures).config;
      next = { ...next, from: String(r.from), to: String(r.to), scale: r.scale };
    }
    setDrafts(next);
    commit(next);
  };
  const commitTyped = () => commit(drafts);

  const plan = useMemo(() => store.sweepPlan(values, config, compare), [store, values, config, compare]);
  const planError = useMemo(
    () => (plan ? null : store.sweepPlanError(values, config, compare)),
    [plan, store, values, config, compare],
  );
  const running = run?.status === 'running';
  const stale = !!run && !!plan && run.key !== plan.key;
  const y = config.y;
  const shownX = run?.config.x ?? config.x;

  const { lines, legend, models, errorsByModel, coincide, withModels, limits } = useSweepCurves({
    model,
    values,
    run,
    y,
    shownX,
    hidden,
    protoLabel,
    protoColor,
  });

  const fieldError = (f: SweepField) => errors.find((e) => e.field === f)?.message;
  const total = plan ? plan.grid.length * plan.seeds.length * (plan.protocols?.length ?? 1) : 0;
  const xVisible = isVisible(config.x, rules, values);
  const yInfo = figureInfo(model.figures, y);
  const yLabel = figureTitle(yInfo);
  const digits = figureDigits(yInfo);

  const field = (f: SweepField, label: string, input: React.ReactNode, cls = '') => (
    <div className={`${cls}${fieldError(f) ? ' has-error' : ''}`}>
      <label htmlFor={`sweep-${f}`}>{label}</label>
      {input}
      {fieldError(f) && (
        <div className="field-error" role="alert" data-testid={`sweep.${f}:error`}>
          {fieldError(f)}
        </div>
      )}
    </div>
  );
  const text = (f: Exclude<SweepField, 'points'>) => (
    <input
      id={`sweep-${f}`}
      type="text"
      inputMode="decimal"
      spellCheck={false}
      data-testid={`sweep.${f}`}
      value={drafts[f]}
      aria-invalid={fieldError(f) ? true : undefined}
      onChange={(e) => setDrafts({ ...drafts, [f]: e.target.value })}
      onBlur={commitTyped}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commitTyped();
        } else if (e.key === 'Escape') {
          // Put the committed value back, as the other typed boxes do.
          setDrafts({ ...drafts, [f]: draftsOf(config)[f] });
          setErrors((errs) => errs.filter((x) => x.field !== f));
        }
      }}
    />
  );
  const xSpec = xSpecOf(model, drafts.x);

  const chart = (
    <div ref={chartRef}>
      <SweepChart
        lines={lines}
        models={models}
        legend={legend}
        onToggle={(p) => store.setHidden(toggleHidden(hidden, p, compare))}
        xDomain={run ? [run.config.from, run.config.to] : [config.from, config.to]}
        xLog={(run?.config.scale ?? config.scale) === 'log'}
        xLabel={paramLabel(model, shownX)}
        yLabel={yLabel}
        height={chartHeight}
        k={run?.seeds.length ?? config.k}
      />
    </div>
  );

  // Embed mode: the sweep's chart alone, for an iframe in slides or a course page; the
  // settings stay in the full lab (the embed's "open in Protocol Lab" link).
  if (display.embed)
    return (
      <div className="view sweep-view" data-testid="sweep-view" data-embed="1">
        {chart}
      </div>
    );

  return (
    <div className="view sweep-view" data-testid="sweep-view">
      <section className="panel" aria-label="Sweep settings">
        <div className="panel-row">
          <h2>Parameter sweep</h2>
          <span className="muted-note">every other setting comes from the scenario on the left</span>
        </div>
        <form className="sweep-form" onSubmit={(e) => e.preventDefault()}>
          {field(
            'x',
            'x: parameter',
            <select id="sweep-x" data-testid="sweep.x" value={drafts.x} onChange={(e) => change('x', e.target.value)}>
              {params
                .filter((s) => !isLaterFlowsX(s.path))
                .map((s) => (
                  <option key={s.path} value={s.path}>
                    {s.decl.label ?? s.path} — {s.path}
                  </option>
                ))}
              <optgroup label="Every flow after the first (flows[0] stays)">
                {params
                  .filter((s) => isLaterFlowsX(s.path))
                  .map((s) => (
                    <option key={s.path} value={s.path}>
                      {s.decl.label ?? s.path} — {s.path}
                    </option>
                  ))}
              </optgroup>
            </select>,
            'wide',
          )}
          {field('from', `from${xSpec ? ` (≥ ${xSpec.decl.min})` : ''}`, text('from'))}
          {field('to', `to${xSpec ? ` (≤ ${xSpec.decl.max})` : ''}`, text('to'))}
          {field(
            'scale',
            'scale',
            <select
              id="sweep-scale"
              data-testid="sweep.scale"
              value={drafts.scale}
              onChange={(e) => change('scale', e.target.value)}
            >
              <option value="linear">linear</option>
              <option value="log">log</option>
            </select>,
          )}
          {field('n', `points N (${N_RANGE[0]}–${N_RANGE[1]})`, text('n'))}
          {field('k', `seeds per point K (${K_RANGE[0]}–${K_RANGE[1]})`, text('k'))}
          {field(
            'y',
            'y: summary figure',
            <select id="sweep-y" data-testid="sweep.y" value={drafts.y} onChange={(e) => change('y', e.target.value)}>
              {!figures.includes(drafts.y) && <option value={drafts.y}>{drafts.y}</option>}
              {figures.map((f) => {
                const info = figureInfo(model.figures, f);
                return (
                  <option key={f} value={f} title={info.help}>
                    {figureTitle(info)}
                  </option>
                );
              })}
            </select>,
            'wide',
          )}
          <div className="by-protocol">
            <label className="check">
              <input
                type="checkbox"
                id="sweep-by"
                data-testid="sweep.by"
                checked={drafts.by === 'protocol'}
                onChange={(e) => change('by', e.target.checked ? 'protocol' : 'none')}
              />
              one curve per protocol
            </label>
          </div>
        </form>
        {yInfo.help && (
          <p className="muted-note figure-help" data-testid="sweep-y-help">
            <strong>{yInfo.label}:</strong> {yInfo.help}. Runs where it has no value are left out of a point's mean (n
            counts the runs used).
          </p>
        )}
        {drafts.by === 'protocol' && (
          <div className="proto-picker" role="group" aria-label="Protocols to sweep" data-testid="sweep-protocols">
            {options.map((p) => {
              const on = compare.includes(p);
              const disabled = (!on && compare.length >= MAX_COMPARE) || (on && compare.length === 1);
              return (
                <label
                  key={p}
                  className={`proto-chip${on ? ' on' : ''}${disabled ? ' disabled' : ''}`}
                  style={{ ['--chip' as string]: protoColor(p) }}
                >
                  <input
                    type="checkbox"
                    checked={on}
                    disabled={disabled}
                    data-testid={`sweep-pick:${p}`}
                    onChange={() => store.setCompare(toggleCompared(compare, p, options))}
                  />
                  {protoLabel(p)}
                </label>
              );
            })}
            <PairingPicker
              model={model}
              compare={compare}
              prefix="sweep"
              color={protoColor}
              onChange={(c) => store.setCompare(c)}
            />
            <span className="muted-note">
              shared with the Compare view · model curves appear when one protocol is shown
            </span>
          </div>
        )}
        {!xVisible && (
          <p className="swept-note" data-testid="sweep-x-inactive">
            {paramLabel(model, config.x)} has no effect under the current scenario settings (see the controls on the
            left); the sweep would show a flat line.
          </p>
        )}
        <SweepRunRow
          store={store}
          run={run}
          plan={plan}
          running={running}
          stale={stale}
          blocked={errors.length > 0}
          total={total}
        />
        {planError && (
          <div className="field-error" role="alert" data-testid="sweep-plan-error">
            {planError}
          </div>
        )}
      </section>

      {withModels && <AppLimitNote store={store} limits={limits} multiFlow={limits.some((l) => l.flow > 1)} />}

      {chart}

      {run && run.grid.length > 0 && (
        <SweepTable
          run={run}
          y={y}
          xLabel={paramLabel(model, shownX)}
          yLabel={yLabel}
          figureLabel={yInfo.label}
          digits={digits}
          protoLabel={protoLabel}
        />
      )}

      {withModels && errorsByModel.length > 0 && <ModelErrorTable errorsByModel={errorsByModel} coincide={coincide} />}
    </div>
  );
});
