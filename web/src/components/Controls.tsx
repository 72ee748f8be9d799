import { memo } from 'react';
// The control panel: the engine's schema, grouped, with model sub-parameters shown
// only for the selected model.
import type { EngineErrorItem } from '../engine/types';
import type { ParamSpec, Values } from '../model/params';
import { isVisible, type VisibilityRule } from '../model/visibility';
import type { LabStore } from '../state/store';
import { ParamControl } from './ParamControl';

export interface ControlsProps {
  store: LabStore;
  groups: { group: string; specs: ParamSpec[] }[];
  rules: Map<string, VisibilityRule>;
  values: Values;
  engineErrors: EngineErrorItem[];
}

export function errorFor(path: string, errors: EngineErrorItem[]): string | undefined {
  const mine = errors.filter((e) => e.path === path || e.path.startsWith(path + '.') || e.path.startsWith(path + '['));
  return mine.length ? mine.map((e) => e.message).join('; ') : undefined;
}

export const Controls = memo(function Controls({ store, groups, rules, values, engineErrors }: ControlsProps) {
  const onChange = (path: string, v: Values[string]) => store.setValue(path, v);
  return (
    <form className="controls" onSubmit={(e) => e.preventDefault()} aria-label="Experiment parameters">
      {groups.map(({ group, specs }) => {
        const visible = specs.filter((s) => isVisible(s.path, rules, values));
        if (visible.length === 0) return null;
        return (
          <fieldset key={group} className="group">
            <legend>{group}</legend>
            {visible.map((s) => (
              <ParamControl
                key={s.path}
                spec={s}
                value={values[s.path] ?? s.defaultValue}
                engineError={errorFor(s.path, engineErrors)}
                onChange={onChange}
              />
            ))}
          </fieldset>
        );
      })}
    </form>
  );
});
