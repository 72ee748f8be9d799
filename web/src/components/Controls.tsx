// The control panel: the engine's schema, grouped, with model sub-parameters shown
// only for the selected model, and the finer settings of each group folded under
// "More …" (opened by itself when one of them is changed or rejected). On a phone each
// group folds (Fold.tsx).
import { memo, useCallback, useState } from 'react';
import type { EngineErrorItem } from '../engine/types';
import { type ParamSpec, type Values } from '../model/params/params';
import { sameValue } from '../model/params/valueCheck';
import { isVisible, type VisibilityRule } from '../model/params/visibility';
import type { ValueActions } from '../state/actions';
import { Fold } from './Fold';
import { ParamControl } from './ParamControl';
import './controls.css';

export interface ControlsProps {
  store: ValueActions;
  groups: { group: string; specs: ParamSpec[] }[];
  rules: Map<string, VisibilityRule>;
  values: Values;
  engineErrors: EngineErrorItem[];
  /** Parameters the current view sets itself (compare: the protocol; sweep: x), with
   * what to say in place of their control. */
  overrides?: Map<string, string>;
  /** Groups whose specs belong to one flow or background group, and whose they are. */
  owners?: Map<string, string>;
}

// Settings a lesson rarely touches (a presentation choice of this page; the schema
// can also mark a parameter with "advanced": true).
const ADVANCED = [
  /^(flows|background)\[\d+\]\.(tcp|vegas)\./,
  /^topology\.access\./,
  /\.token_bytes$/,
  /\.startup_ms$/,
];

export function isAdvanced(spec: ParamSpec): boolean {
  // The schema's own flag wins; the patterns are for a schema that does not say.
  if (typeof spec.decl.advanced === 'boolean') return spec.decl.advanced;
  if (spec.decl.level === 'advanced') return true;
  return ADVANCED.some((re) => re.test(spec.path));
}

export function errorFor(path: string, errors: EngineErrorItem[]): string | undefined {
  const mine = errors.filter((e) => e.path === path || e.path.startsWith(path + '.') || e.path.startsWith(path + '['));
  return mine.length ? mine.map((e) => e.message).join('; ') : undefined;
}

/** One parameter's control, or what the current view says in its place when the view
 * sets it (compare: the protocol; sweep: x and the seed). */
export function ControlFor({
  spec,
  values,
  engineErrors,
  onChange,
  overrides,
}: {
  spec: ParamSpec;
  values: Values;
  engineErrors: EngineErrorItem[];
  onChange: (path: string, v: Values[string]) => void;
  overrides?: Map<string, string>;
}) {
  const note = overrides?.get(spec.path);
  if (note !== undefined)
    return (
      <div className="param" data-param={spec.path} data-overridden="1">
        <span className="param-label">{spec.decl.label ?? spec.path}</span>
        <p className="swept-note">{note}</p>
      </div>
    );
  return (
    <ParamControl
      spec={spec}
      value={values[spec.path] ?? spec.defaultValue}
      engineError={errorFor(spec.path, engineErrors)}
      onChange={onChange}
    />
  );
}

interface GroupProps {
  group: string;
  specs: ParamSpec[];
  values: Values;
  engineErrors: EngineErrorItem[];
  onChange: (path: string, v: Values[string]) => void;
  overrides?: Map<string, string>;
  /** Whose settings these are, when there is more than one flow ("flow 2"). */
  owner?: string;
}

function Group({ group, specs, values, engineErrors, onChange, overrides, owner }: GroupProps) {
  const [userOpen, setUserOpen] = useState(false);
  const main = specs.filter((s) => !isAdvanced(s));
  const more = specs.filter(isAdvanced);
  const needsOpen = more.some((s) => !sameValue(values[s.path], s.defaultValue) || errorFor(s.path, engineErrors));
  const control = (s: ParamSpec) => (
    <ControlFor
      key={s.path}
      spec={s}
      values={values}
      engineErrors={engineErrors}
      onChange={onChange}
      overrides={overrides}
    />
  );
  return (
    <Fold
      name={group}
      summary={
        <>
          {group}
          {owner && <span className="owner"> · {owner}</span>}
        </>
      }
    >
      <fieldset className="group" data-group={group}>
        <legend>
          {group}
          {owner && <span className="owner"> · {owner}</span>}
        </legend>
        {main.map(control)}
        {more.length > 0 && (
          <details
            className="more"
            open={userOpen || needsOpen}
            onToggle={(e) => setUserOpen((e.currentTarget as HTMLDetailsElement).open)}
          >
            <summary data-testid={`more:${group}`}>
              More {group} settings ({more.length})
            </summary>
            {more.map(control)}
          </details>
        )}
      </fieldset>
    </Fold>
  );
}

export const Controls = memo(function Controls({
  store,
  groups,
  rules,
  values,
  engineErrors,
  overrides,
  owners,
}: ControlsProps) {
  const onChange = useCallback((path: string, v: Values[string]) => store.setValue(path, v), [store]);
  return (
    <form className="controls" onSubmit={(e) => e.preventDefault()} aria-label="Experiment parameters">
      {groups.map(({ group, specs }) => {
        const visible = specs.filter((s) => isVisible(s.path, rules, values));
        if (visible.length === 0) return null;
        return (
          <Group
            key={group}
            group={group}
            specs={visible}
            values={values}
            engineErrors={engineErrors}
            onChange={onChange}
            overrides={overrides}
            owner={owners?.get(group)}
          />
        );
      })}
    </form>
  );
});
