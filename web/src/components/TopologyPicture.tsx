// The topology as a picture: hosts, routers and links drawn from the engine's
// declaration of the chosen topology (model/run/topologyView.ts), every link labelled with
// its rate, delay, queue and loss, and every background group (FTP flows, web users)
// joined to the routers under the flows. Clicking (or Enter on) a link opens its
// parameters below the picture; clicking a host selects its flow, a group its settings.
// Test ids: topology-picture, topo-link-<id> (shared) / topo-link-<id>-<flow> (per
// flow), topo-host-<side>-<flow>, topo-bg-<group> (data-kind), link-editor.
import { memo, useMemo, useState, type KeyboardEvent, type ReactElement } from 'react';
import { flowColor } from '../charts/compareSeries';
import type { EngineErrorItem } from '../engine/types';
import type { ParamModel, Values } from '../model/params/params';
import { linkParams, topologyView, type BackgroundView, type LinkLabel } from '../model/run/topologyView';
import type { VisibilityRule } from '../model/params/visibility';
import type { FlowActions } from '../state/actions';
import { ControlFor } from './Controls';
import { useNarrow } from './Fold';
import './topology.css';

// Hosts drawn one by one on a fanned side; more flows are summarized as "+ k more".
const MAX_HOSTS = 6;
const WIDE = 760;
/** On a phone the picture is drawn narrower (and its type larger, topology.css), so it
 * scales down less: its labels stay at 11 px or more on a 390 px screen, not ~7 px. */
const W_PHONE = 480;
const ROW = 46;
const BG_ROW = 40;
const BG_HALF = 74;

interface Props {
  store: Pick<FlowActions, 'setValue' | 'selectFlow' | 'selectGroup'>;
  model: ParamModel;
  values: Values;
  rules: Map<string, VisibilityRule>;
  engineErrors: EngineErrorItem[];
  selectedFlow: number;
  /** Parameters the current view sets itself, with what to say in their place. */
  overrides?: Map<string, string>;
}

interface Editing {
  link: string;
  flow: number;
}

function onKey(action: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      action();
    }
  };
}

function labelText(l: LabelLike): string[] {
  return [l.line, l.queue, l.loss].filter((s): s is string => !!s);
}
type LabelLike = LinkLabel;

export const TopologyPicture = memo(function TopologyPicture({
  store,
  model,
  values,
  rules,
  engineErrors,
  selectedFlow,
  overrides,
}: Props) {
  const view = useMemo(() => topologyView(model, values), [model, values]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const W = useNarrow() ? W_PHONE : WIDE;
  if (!view) return null;

  const nLinks = view.links.length;
  const shown = Math.min(view.flows, MAX_HOSTS);
  const more = view.flows - shown;
  const fanRows = shown + (more > 0 ? 1 : 0);
  const flowsHeight = Math.max(150, fanRows * ROW + 90);
  const midY = flowsHeight / 2 + 16;
  const colX = (c: number) => 70 + (c * (W - 140)) / nLinks;
  const hostY = (i: number) => midY - ((shown - 1) * ROW) / 2 + i * ROW;
  // A side is fanned (one host per flow) when its end link is per flow.
  const leftFan = view.links[0]?.decl.per_flow ?? false;
  const rightFan = view.links[nLinks - 1]?.decl.per_flow ?? false;
  // The background groups' rows, under the flows' hosts and the links' labels.
  const bgTop = Math.max(midY + 84, leftFan || rightFan ? hostY(fanRows - 1) + ROW : 0);
  const bgY = (g: number) => bgTop + g * BG_ROW;
  const nBg = view.background.length;
  const height = nBg ? Math.max(flowsHeight, bgY(nBg - 1) + 26) : flowsHeight;

  // Half the width of what sits in column c: a host box, a shared host box, a router.
  const nodeHalf = (c: number) => (c === 0 ? (leftFan ? 22 : 40) : c === nLinks ? (rightFan ? 22 : 40) : 16);

  const edit = (link: string, flow: number) => {
    setEditing((cur) => (cur && cur.link === link && cur.flow === flow ? null : { link, flow }));
    if (flow !== selectedFlow) store.selectFlow(flow);
  };
  const editingLink = editing ? view.links.find((l) => l.decl.id === editing.link) : undefined;
  const editingSpecs = editingLink && editing ? linkParams(model, values, rules, editingLink.decl, editing.flow) : [];
  const onChange = (path: string, v: Values[string]) => store.setValue(path, v);

  const linkEls = view.links.map((lv, c) => {
    const x0 = colX(c);
    const x1 = colX(c + 1);
    const fanLeft = c === 0 && leftFan;
    const fanRight = c === nLinks - 1 && rightFan && !fanLeft;
    const title = lv.decl.label;
    if (lv.decl.per_flow && (fanLeft || fanRight)) {
      // Every flow's link alike (a shared setting): say it once, above the fan.
      const texts = lv.labels.slice(0, shown).map((l) => [l.line, l.loss].filter(Boolean).join(' · '));
      const same = shown > 1 && texts.every((t) => t === texts[0]);
      return (
        <g key={lv.decl.id} className="topo-link-group">
          <text x={(x0 + x1) / 2} y={hostY(0) - 24} textAnchor="middle" className="topo-title">
            {title}
          </text>
          {same && (
            <text
              x={(x0 + x1) / 2}
              y={hostY(0) - 8}
              textAnchor="middle"
              className="topo-label"
              data-testid={`topo-label-${lv.decl.id}`}
            >
              each {texts[0]}
            </text>
          )}
          {Array.from({ length: shown }, (_, i) => {
            const y = hostY(i);
            const [ax, ay, bx, by] = fanLeft ? [x0 + 26, y, x1 - 18, midY] : [x0 + 18, midY, x1 - 26, y];
            const label = lv.labels[i];
            const lx = fanLeft ? ax + 8 : bx - 8;
            const active = editing?.link === lv.decl.id && editing.flow === i;
            return (
              <g
                key={i}
                className={`topo-link${active ? ' active' : ''}`}
                role="button"
                tabIndex={0}
                data-testid={`topo-link-${lv.decl.id}-${i}`}
                onClick={() => edit(lv.decl.id, i)}
                onKeyDown={onKey(() => edit(lv.decl.id, i))}
              >
                <title>{`${title} (flow ${i + 1}): ${labelText(label).join(', ')}. Click to edit`}</title>
                <line x1={ax} y1={ay} x2={bx} y2={by} className="hit" />
                <line x1={ax} y1={ay} x2={bx} y2={by} className="wire" />
                {!same && (
                  <text
                    x={lx}
                    y={(fanLeft ? ay : by) - 6}
                    textAnchor={fanLeft ? 'start' : 'end'}
                    className="topo-label small"
                  >
                    {[label.line, label.loss].filter(Boolean).join(' · ')}
                  </text>
                )}
              </g>
            );
          })}
        </g>
      );
    }
    const label = lv.labels[0];
    const active = editing?.link === lv.decl.id;
    const lines = labelText(label);
    const flow = lv.decl.per_flow ? selectedFlow : 0;
    return (
      <g
        key={lv.decl.id}
        className={`topo-link${active ? ' active' : ''}`}
        role="button"
        tabIndex={0}
        data-testid={`topo-link-${lv.decl.id}`}
        onClick={() => edit(lv.decl.id, flow)}
        onKeyDown={onKey(() => edit(lv.decl.id, flow))}
      >
        {/* The name (SVG's <title>, not aria-label: axe wants a label to contain the
            visible text, which SVG runs together). */}
        <title>{`${title}: ${lines.join(', ')}. Click to edit`}</title>
        <line x1={x0 + nodeHalf(c) + 3} y1={midY} x2={x1 - nodeHalf(c + 1) - 3} y2={midY} className="hit" />
        <line
          x1={x0 + nodeHalf(c) + 3}
          y1={midY}
          x2={x1 - nodeHalf(c + 1) - 3}
          y2={midY}
          className={`wire${lv.decl.id === 'bottleneck' ? ' thick' : ''}`}
        />
        <text x={(x0 + x1) / 2} y={midY - 30} textAnchor="middle" className="topo-title">
          {title}
        </text>
        {lines.map((t, k) => (
          <text
            key={k}
            x={(x0 + x1) / 2}
            y={midY + 20 + k * 15}
            textAnchor="middle"
            className="topo-label"
            data-testid={`topo-label-${lv.decl.id}`}
          >
            {t}
          </text>
        ))}
      </g>
    );
  });

  const host = (side: 'sender' | 'receiver', x: number, y: number, i: number | null) => {
    const flow = i ?? 0;
    const sel = i !== null && i === selectedFlow;
    const name = side === 'sender' ? 'Sender' : 'Receiver';
    const text = i === null ? `${name}s` : `${side === 'sender' ? 'S' : 'R'}${i + 1}`;
    return (
      <g
        key={`${side}-${i ?? 'all'}`}
        className={`topo-host${sel ? ' selected' : ''}`}
        role="button"
        tabIndex={0}
        aria-label={
          i === null
            ? `${text}: the ${side} host of every flow`
            : `${text}: ${name.toLowerCase()} of flow ${i + 1}, select this flow`
        }
        data-testid={`topo-host-${side}-${i ?? 'all'}`}
        onClick={() => store.selectFlow(flow)}
        onKeyDown={onKey(() => store.selectFlow(flow))}
      >
        <rect
          x={x - (i === null ? 40 : 22)}
          y={y - 14}
          width={i === null ? 80 : 44}
          height={28}
          rx={5}
          fill={i === null ? '#eef2f7' : flowColor(flow)}
        />
        <text x={x} y={y + 5} textAnchor="middle" className={i === null ? 'topo-host-text' : 'topo-host-text light'}>
          {text}
        </text>
      </g>
    );
  };

  // A group shares the links between the first and the last router: a dashed wire from
  // its box by the senders to the first router, and from the last router to its box by
  // the receivers.
  const bgGroup = (b: BackgroundView) => {
    const y = bgY(b.index);
    const [xl, xr] = [Math.max(colX(0), BG_HALF + 2), Math.min(colX(nLinks), W - BG_HALF - 2)];
    const [rl, rr] = nLinks >= 2 ? [colX(1), colX(nLinks - 1)] : [(xl + xr) / 2, (xl + xr) / 2];
    const select = () => store.selectGroup(b.index);
    return (
      <g
        key={`bg-${b.index}`}
        className="topo-bg"
        role="button"
        tabIndex={0}
        data-testid={`topo-bg-${b.index}`}
        data-kind={b.kind}
        onClick={select}
        onKeyDown={onKey(select)}
      >
        <title>{`${b.title}. Click for its settings`}</title>
        <path d={`M${xl + BG_HALF},${y}H${rl}V${midY + 16}M${rr},${midY + 16}V${y}H${xr - BG_HALF}`} className="wire" />
        <rect x={xl - BG_HALF} y={y - 13} width={2 * BG_HALF} height={26} rx={5} />
        <text x={xl} y={y + 5} textAnchor="middle" className="topo-label bg">
          {`B${b.index + 1} · ${b.senders}`}
        </text>
        <rect x={xr - BG_HALF} y={y - 13} width={2 * BG_HALF} height={26} rx={5} />
        <text x={xr} y={y + 5} textAnchor="middle" className="topo-label bg">
          {`B${b.index + 1} · ${b.receivers}`}
        </text>
      </g>
    );
  };

  const nodes: ReactElement[] = [];
  for (let c = 0; c <= nLinks; c++) {
    const x = colX(c);
    const end = c === 0 ? 'sender' : c === nLinks ? 'receiver' : null;
    const fanned = (c === 0 && leftFan) || (c === nLinks && rightFan);
    if (end && fanned) {
      for (let i = 0; i < shown; i++) nodes.push(host(end, x, hostY(i), i));
      if (more > 0)
        nodes.push(
          <text key={`${end}-more`} x={x} y={hostY(shown - 1) + ROW} textAnchor="middle" className="topo-label">
            + {more} more
          </text>,
        );
    } else if (end) {
      nodes.push(host(end, x, midY, null));
    } else {
      nodes.push(
        <g key={`router-${c}`} className="topo-router" aria-hidden="true">
          <circle cx={x} cy={midY} r={16} />
          <path
            d={`M${x - 8},${midY - 3}h16m-5,-4l5,4l-5,4M${x + 8},${midY + 4}h-16m5,-4l-5,4l5,4`}
            stroke="#fff"
            strokeWidth={1.6}
            fill="none"
          />
        </g>,
      );
    }
  }

  return (
    <section
      className="panel topology"
      data-testid="topology-picture"
      data-topology={view.decl.name}
      aria-label="Topology"
    >
      <header className="topology-head">
        <strong>{view.decl.label}</strong>
        <span className="muted">
          {' '}
          · {view.flows} flow{view.flows === 1 ? '' : 's'}
          {nBg > 0 && ` and ${nBg} background group${nBg === 1 ? '' : 's'}`} · click a link to edit it, a host to select
          its flow
        </span>
      </header>
      <svg
        viewBox={`0 0 ${W} ${height}`}
        className="topology-svg"
        role="group"
        aria-label={view.decl.help ?? view.decl.label}
      >
        {view.background.map(bgGroup)}
        {linkEls}
        {nodes}
      </svg>
      {editingLink && editing && (
        <div className="link-editor" data-testid="link-editor" data-link={editing.link}>
          <div className="link-editor-head">
            <strong>
              {editingLink.decl.label}
              {editingLink.decl.per_flow ? ` of flow ${editing.flow + 1}` : ''}
            </strong>
            <button type="button" className="close" aria-label="Close the link editor" onClick={() => setEditing(null)}>
              ×
            </button>
          </div>
          {editingLink.decl.carries_channel && (
            <p className="muted small">The flow&apos;s loss channel (forward/reverse) is applied on this link.</p>
          )}
          <div className="link-editor-grid">
            {editingSpecs.map((s) => (
              <ControlFor
                key={s.path}
                spec={s}
                values={values}
                engineErrors={engineErrors}
                onChange={onChange}
                overrides={overrides}
              />
            ))}
          </div>
        </div>
      )}
    </section>
  );
});
