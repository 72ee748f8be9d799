// The experiment's flows and background groups: add and remove them, pick each one's
// protocol and start time, show or hide a flow's curves, and choose whose settings the
// controls below show. Test ids: flows-panel, add-flow, flow-row-<i>,
// flow-protocol-<i>, flow-start-<i>, flow-visible-<i>, flow-remove-<i>, add-group,
// group-row-<g>, group-kind-<g>, group-count-<g>, group-protocol-<g>, group-remove-<g>.
import { memo, useState } from 'react';
import { flowColor } from '../charts/compareSeries';
import type { ParamValue } from '../engine/types';
import { optionLabel, protocolLabel } from '../model/params/labels';
import { itemCount, itemPath, listInfo, valueOf, type ParamModel, type Values } from '../model/params/params';
import { checkValue } from '../model/params/valueCheck';
import type { FlowActions } from '../state/actions';
import './flows.css';

interface Props {
  store: FlowActions;
  model: ParamModel;
  values: Values;
  selectedFlow: number;
  selectedGroup: number | null;
  hiddenFlows: number[];
  /** The protocol is set by the view (compare, sweep by protocol) for this flow group. */
  protocolNote?: string;
}

/** A small number box that commits on Enter or blur, with the schema's check. */
function NumberBox({
  model,
  path,
  value,
  onCommit,
  testId,
  label,
}: {
  model: ParamModel;
  path: string;
  value: ParamValue | undefined;
  onCommit: (v: ParamValue) => void;
  testId: string;
  label: string;
}) {
  const spec = model.byPath.get(path);
  const [draft, setDraft] = useState(String(value ?? ''));
  const [error, setError] = useState<string | null>(null);
  // A new value from outside (a link, undo, another control) replaces the draft and its
  // error: adjusted while rendering, as React advises for state that follows a prop.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setDraft(String(value ?? ''));
    setError(null);
  }
  if (!spec) return null;
  const commit = () => {
    const c = checkValue(path, spec.decl, draft);
    if (!c.ok) {
      setError(`${label}: ${c.message.replace(/^[^:]*: /, '')}`);
      return;
    }
    setError(null);
    if (String(c.value) !== String(value)) onCommit(c.value);
  };
  return (
    <span className="numbox">
      <input
        type="text"
        inputMode="decimal"
        aria-label={label}
        data-testid={testId}
        value={draft}
        aria-invalid={error ? true : undefined}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
      {error && (
        <span className="field-error" role="alert" data-testid={`${testId}:error`}>
          {error}
        </span>
      )}
    </span>
  );
}

function ProtocolSelect({
  model,
  path,
  value,
  onChange,
  testId,
  label,
  disabled,
}: {
  model: ParamModel;
  path: string;
  value: ParamValue | undefined;
  onChange: (v: string) => void;
  testId: string;
  label: string;
  disabled?: boolean;
}) {
  const spec = model.byPath.get(path);
  const options = spec?.decl.options ?? model.protocols.map((p) => p.name);
  return (
    <select
      aria-label={label}
      data-testid={testId}
      value={String(value)}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    >
      {options.map((o) => (
        <option key={o} value={o}>
          {protocolLabel(model, o)}
        </option>
      ))}
    </select>
  );
}

export const FlowsPanel = memo(function FlowsPanel({
  store,
  model,
  values,
  selectedFlow,
  selectedGroup,
  hiddenFlows,
  protocolNote,
}: Props) {
  const flows = itemCount(model, values, 'flows');
  const groups = itemCount(model, values, 'background');
  const flowList = listInfo(model, 'flows');
  const groupList = listInfo(model, 'background');
  const kindDecl = model.byPath.get('background[0].kind')?.decl;
  const set = (path: string, v: ParamValue) => store.setValue(path, v);
  const protocolOf = (i: number) => String(valueOf(model, values, itemPath('flows', i, '.protocol')));
  const group0 = protocolOf(0);

  return (
    <section className="panel flows-panel" data-testid="flows-panel" aria-label="Flows">
      <h2 className="panel-title">
        Flows <span className="muted">({flows})</span>
      </h2>
      <ol className="flow-list">
        {Array.from({ length: flows }, (_, i) => {
          const hidden = hiddenFlows.includes(i);
          const proto = protocolOf(i);
          const viewSet = !!protocolNote && (i === 0 || proto === group0);
          return (
            <li
              key={i}
              className={`flow-row${i === selectedFlow && selectedGroup === null ? ' selected' : ''}`}
              data-testid={`flow-row-${i}`}
            >
              <button
                type="button"
                className={`flow-swatch${hidden ? ' off' : ''}`}
                style={{ background: hidden ? 'transparent' : flowColor(i), borderColor: flowColor(i) }}
                aria-pressed={!hidden}
                aria-label={`${hidden ? 'Show' : 'Hide'} flow ${i + 1}'s curves`}
                title={`${hidden ? 'Show' : 'Hide'} this flow's curves`}
                data-testid={`flow-visible-${i}`}
                onClick={() => store.toggleFlow(i)}
              />
              <button
                type="button"
                className="flow-name link"
                data-testid={`flow-select-${i}`}
                aria-label={`Show flow ${i + 1}'s settings`}
                onClick={() => store.selectFlow(i)}
              >
                Flow {i + 1}
              </button>
              {viewSet ? (
                <span className="by-view small" title={protocolNote} data-testid={`flow-protocol-by-view-${i}`}>
                  {protocolLabel(model, proto)}*
                </span>
              ) : (
                <ProtocolSelect
                  model={model}
                  path={itemPath('flows', i, '.protocol')}
                  value={proto}
                  label={`Flow ${i + 1} protocol`}
                  testId={`flow-protocol-${i}`}
                  onChange={(v) => set(itemPath('flows', i, '.protocol'), v)}
                />
              )}
              <label className="start">
                <span className="muted small">start</span>
                <NumberBox
                  model={model}
                  path={itemPath('flows', i, '.start_s')}
                  value={valueOf(model, values, itemPath('flows', i, '.start_s'))}
                  label={`Flow ${i + 1} start time (s)`}
                  testId={`flow-start-${i}`}
                  onCommit={(v) => set(itemPath('flows', i, '.start_s'), v)}
                />
                <span className="muted small">s</span>
              </label>
              <button
                type="button"
                className="icon"
                aria-label={`Remove flow ${i + 1}`}
                data-testid={`flow-remove-${i}`}
                disabled={flows <= (flowList?.min ?? 1)}
                onClick={() => store.removeFlow(i)}
              >
                ×
              </button>
            </li>
          );
        })}
      </ol>
      {protocolNote && <p className="muted small">* {protocolNote}</p>}
      <div className="row-actions">
        <button
          type="button"
          data-testid="add-flow"
          disabled={flows >= (flowList?.max ?? 1)}
          onClick={() => store.addFlow()}
        >
          + Add flow
        </button>
        {flows > 1 && (
          <>
            <button type="button" className="link" onClick={() => store.setHiddenFlows([])}>
              show all
            </button>
            <button
              type="button"
              className="link"
              onClick={() => store.setHiddenFlows(Array.from({ length: flows }, (_, i) => i))}
            >
              hide all
            </button>
          </>
        )}
      </div>

      {groupList && (
        <>
          <h3 className="panel-subtitle">
            Background traffic{' '}
            <span className="muted">
              ({groups} group{groups === 1 ? '' : 's'})
            </span>
          </h3>
          {groups > 0 && (
            <ol className="flow-list">
              {Array.from({ length: groups }, (_, g) => {
                const kindPath = itemPath('background', g, '.kind');
                const kind = String(valueOf(model, values, kindPath));
                return (
                  <li
                    key={g}
                    className={`flow-row group-row${selectedGroup === g ? ' selected' : ''}`}
                    data-testid={`group-row-${g}`}
                  >
                    <button
                      type="button"
                      className="flow-name link"
                      data-testid={`group-select-${g}`}
                      aria-label={`Show background group ${g + 1}'s settings`}
                      onClick={() => store.selectGroup(g)}
                    >
                      Group {g + 1}
                    </button>
                    <select
                      aria-label={`Group ${g + 1} kind`}
                      data-testid={`group-kind-${g}`}
                      value={kind}
                      onChange={(e) => set(kindPath, e.target.value)}
                    >
                      {(kindDecl?.options ?? []).map((o, k) => (
                        <option key={o} value={o}>
                          {optionLabel(kindDecl, o, k)}
                        </option>
                      ))}
                    </select>
                    <label className="start">
                      <NumberBox
                        model={model}
                        path={itemPath('background', g, '.count')}
                        value={valueOf(model, values, itemPath('background', g, '.count'))}
                        label={`Group ${g + 1} number of ${kind === 'http' ? 'users' : 'flows'}`}
                        testId={`group-count-${g}`}
                        onCommit={(v) => set(itemPath('background', g, '.count'), v)}
                      />
                      <span className="muted small">{kind === 'http' ? 'users' : 'flows'}</span>
                    </label>
                    <ProtocolSelect
                      model={model}
                      path={itemPath('background', g, '.protocol')}
                      value={valueOf(model, values, itemPath('background', g, '.protocol'))}
                      label={`Group ${g + 1} protocol`}
                      testId={`group-protocol-${g}`}
                      onChange={(v) => set(itemPath('background', g, '.protocol'), v)}
                    />
                    <button
                      type="button"
                      className="icon"
                      aria-label={`Remove background group ${g + 1}`}
                      data-testid={`group-remove-${g}`}
                      onClick={() => store.removeGroup(g)}
                    >
                      ×
                    </button>
                  </li>
                );
              })}
            </ol>
          )}
          <div className="row-actions">
            <button
              type="button"
              data-testid="add-group"
              disabled={groups >= groupList.max}
              onClick={() => store.addGroup()}
            >
              + Add background group
            </button>
          </div>
        </>
      )}
    </section>
  );
});
