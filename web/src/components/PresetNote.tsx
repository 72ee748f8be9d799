// The caption of the preset on screen (while the experiment is unchanged), and the
// paper's numbers beside ours with a verdict for each of its claims, folded: a preset opens
// on its chart, not on a table of thirty rows (the fold's summary line says how many
// claims hold). Opening or closing the fold is the page's own state: it changes neither the
// link nor the experiment. Test ids: preset-note, preset-evidence-fold, evidence,
// published-<i> (data-ours), claim-<i> (data-verdict).
import { useDeferredValue, useMemo } from 'react';
import type { Evidence } from '../model/claims/evidence';
import { checkPreset, withoutHidden } from '../model/claims/presets';
import { presetSeedNote } from '../model/claims/presetSeeds';
import {
  evaluateClaim,
  meanInterval,
  statsAt,
  VERDICT_TEXT,
  VERDICTS,
  type ClaimResult,
  type RunData,
} from '../model/claims/verdict';
import { figureInfo } from '../model/run/figures';
import { protocolLabel } from '../model/params/labels';
import type { ParamModel } from '../model/params/params';
import { TableExport } from '../export/TableExport';
import { ClaimNotes } from './ClaimNotes';
import { PaperIcon, usePresets } from './Papers';
import './papers.css';
import './evidence.css';

function num(v: number): string {
  return Number(v.toPrecision(3)).toLocaleString('en-US');
}

/** The paper's numbers beside ours, and a verdict for each of its claims, from the
 * runs on screen. Test ids: evidence, published-<i> (data-ours), claim-<i> (data-verdict). */
function PresetEvidence({
  evidence,
  results,
  data,
  model,
  id,
}: {
  evidence: Evidence;
  /** Each claim's verdict, in evidence.claims's order. */
  results: ClaimResult[];
  data?: RunData;
  model?: ParamModel;
  id: string;
}) {
  const series = (s: string) => (s === 'measured' ? 'measured' : protocolLabel(model, s));
  const figure = (f: string) => figureInfo(model?.figures, f).label;
  // The 95 % interval over seeds (Student t), clamped to the figure's range and saying so.
  const ciText = (i: { lo: number; hi: number; clamped: boolean }) =>
    `${num(i.lo)} to ${num(i.hi)}${i.clamped ? ' (95 % CI, Student t clamped at the figure’s range)' : ''}`;
  return (
    <div className="evidence" data-testid="evidence" data-preset={id}>
      <TableExport name={`${id} evidence`} />
      {evidence.published.length > 0 && (
        <table className="figures evidence-table">
          <caption>What the paper reports, and what this lab gets</caption>
          <thead>
            <tr>
              <th scope="col">Figure</th>
              <th scope="col">Protocol</th>
              <th scope="col">Paper</th>
              <th scope="col">Ours (mean ± sd; 95 % CI; n seeds)</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {evidence.published.map((p, i) => {
              const st = data ? statsAt(data, p.series, p.figure, p.x) : null;
              const unit = p.unit ? ` ${p.unit}` : '';
              return (
                <tr key={i} data-testid={`published-${i}`} data-ours={st ? st.mean : ''}>
                  <th scope="row">
                    {p.label || figure(p.figure)}
                    {p.x !== undefined ? ` (x = ${num(p.x)})` : ''}
                  </th>
                  <td>{series(p.series)}</td>
                  <td>
                    {p.value.toLocaleString('en-US', { maximumFractionDigits: 6 })}
                    {unit}
                  </td>
                  <td>
                    {st
                      ? `${num(st.mean)}${unit} ± ${num(st.sd)}; ${st.n > 1 ? ciText(meanInterval(st, p.figure, model)) : '—'} (n = ${st.n})`
                      : '…'}
                  </td>
                  <td className="muted-note">{p.source}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {evidence.claims.length > 0 && (
        <ul className="claims" aria-label="The paper's claims, checked on these runs">
          {evidence.claims.map((c, i) => {
            const r = results[i];
            return (
              <li
                key={c.id}
                className={`claim ${r.verdict}${c.kind === 'legacy' ? ' legacy' : ''}`}
                data-testid={`claim-${i}`}
                data-claim={c.id}
                data-kind={c.kind}
                data-verdict={r.verdict}
              >
                <span className="verdict">{VERDICT_TEXT[r.verdict]}</span>{' '}
                {c.kind === 'legacy' ? c.text : <q>{c.text}</q>} <span className="muted-note">({c.source})</span>
                {c.kind === 'number' && (
                  <span className="muted-note">
                    {' '}
                    · paper: {c.paper_value}
                    {c.unit ? ` ${c.unit}` : ''}
                  </span>
                )}
                {c.kind !== 'not_expressible' && <div className="claim-detail muted-note">{r.detail}</div>}
                <ClaimNotes claim={c} verdict={r.verdict} />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** "3 hold, 1 does not hold, 2 not run": the fold's summary of the verdicts. */
function verdictCounts(results: ClaimResult[]): string {
  return VERDICTS.map((v) => ({ v, n: results.filter((r) => r.verdict === v).length }))
    .filter((x) => x.n > 0)
    .map((x) => `${x.n} ${VERDICT_TEXT[x.v]}`)
    .join(', ');
}

/** The paper's numbers and claims, folded under a line that counts them and their verdicts. */
function EvidenceFold({
  evidence,
  data,
  model,
  id,
}: {
  evidence: Evidence;
  data?: RunData;
  model?: ParamModel;
  id: string;
}) {
  // Judged at a lower priority than the chart's redraw (a transition React can put off
  // while the sweep's results arrive): the verdicts follow the finished points.
  const judged = useDeferredValue(data);
  const results = useMemo(
    () =>
      evidence.claims.map((c) =>
        judged ? evaluateClaim(c, judged, model) : { verdict: 'pending' as const, detail: 'not run yet' },
      ),
    [evidence, judged, model],
  );
  const { published, claims } = evidence;
  if (published.length === 0 && claims.length === 0) return null;
  const parts = [
    published.length > 0 ? `${published.length} published figure${published.length === 1 ? '' : 's'} beside ours` : '',
    claims.length > 0 ? `${claims.length} claim${claims.length === 1 ? '' : 's'}: ${verdictCounts(results)}` : '',
  ].filter(Boolean);
  return (
    <details className="preset-evidence" data-testid="preset-evidence-fold">
      <summary>The paper’s numbers and claims ({parts.join('; ')})</summary>
      <PresetEvidence evidence={evidence} results={results} data={judged} model={model} id={id} />
    </details>
  );
}

/** The caption of the preset on screen (while the experiment is unchanged), with the
 * paper's numbers and claims set beside the runs of the view (`data`), folded. */
export function PresetNote({ model, current, data }: { model?: ParamModel; current: string; data?: RunData }) {
  const { presets } = usePresets();
  const here = withoutHidden(current);
  // Each preset's canonical link once per model, not on every input: decoding every
  // preset's link took ~30 ms of each slider step (the redraw budget).
  const links = useMemo(
    () => (model ? presets.map((p) => ({ p, link: withoutHidden(checkPreset(model, p.hash).canonical) })) : []),
    [presets, model],
  );
  const preset = links.find((x) => x.link === here)?.p;
  if (!preset) return null;
  return (
    <section
      className="panel preset-note"
      aria-label="About this experiment"
      data-testid="preset-note"
      data-preset={preset.id}
    >
      <div className="preset-note-head">
        <PaperIcon size={20} />
        <strong>{preset.title}</strong>
        <span className="muted-note">
          {preset.paper} · {preset.section}
        </span>
      </div>
      <p>{preset.caption}</p>
      {model && (
        <p className="seed-note" data-testid="preset-seeds">
          {presetSeedNote(model, preset.hash)}
        </p>
      )}
      {/* Keyed by the preset: the next preset opens folded again. */}
      {preset.evidence && (
        <EvidenceFold key={preset.id} evidence={preset.evidence} data={data} model={model} id={preset.id} />
      )}
    </section>
  );
}
