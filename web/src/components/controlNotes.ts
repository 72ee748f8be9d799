// What the controls say in place of a parameter the current view sets itself (the
// compare view sets the protocols, a sweep its x and the seeds), and which flow owns a
// group of controls. Derived from the state; equal maps are kept as the same object,
// so the controls re-render only when a note changes (the live redraw budget).
import { isLaterFlowsX, LATER_FLOWS_X, xSpecOf } from '../model/sweep/sweep';
import { protocolLabel } from '../model/params/labels';
import { itemCount, itemPath, specsOfItem, valueOf, type ParamSpec } from '../model/params/params';
import { groupSpecs } from '../model/params/groups';
import { PROTOCOL_PATH } from '../model/views';
import type { LabState } from '../state/labState';

export function sameMap<K, V>(a: ReadonlyMap<K, V>, b: ReadonlyMap<K, V>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (!b.has(k) || b.get(k) !== v) return false;
  return true;
}

/** path -> what to say in place of the control. */
export function controlNotesOf(s: LabState): Map<string, string> {
  const m = new Map<string, string>();
  const model = s.engine.model;
  if (!model) return m;
  const view = s.view.view;
  // The view sets the protocol of flows[0] and of every flow running the same one
  // (views.ts withProtocol): say so in place of each of their protocol controls.
  const protocolGroup = (note: string) => {
    const group = valueOf(model, s.scenario.values, PROTOCOL_PATH);
    const others =
      itemCount(model, s.scenario.values, 'flows') > 1
        ? ' (this flow and every flow running the same protocol as flow 1)'
        : '';
    for (let i = 0; i < itemCount(model, s.scenario.values, 'flows'); i++) {
      const path = itemPath('flows', i, '.protocol');
      if (i === 0 || valueOf(model, s.scenario.values, path) === group) m.set(path, note + others);
    }
  };
  const names = s.view.compare.map((p) => protocolLabel(model, p)).join(', ');
  if (view === 'compare') {
    protocolGroup(`set by the compare view: ${names}`);
  } else if (view === 'sweep') {
    const c = s.view.sweep;
    if (c.by === 'protocol') protocolGroup(`one curve per protocol: ${names}`);
    const x = xSpecOf(model, c.x);
    const note = `${x?.decl.label ?? c.x} swept on x: ${c.from} to ${c.to} (${c.scale}, ${c.n} points)`;
    if (isLaterFlowsX(c.x)) {
      // flows[1:].PARAM: the note stands in every flow's control but the first's.
      const rest = c.x.slice(LATER_FLOWS_X.length);
      for (let i = 1; i < itemCount(model, s.scenario.values, 'flows'); i++) m.set(itemPath('flows', i, rest), note);
    } else {
      m.set(c.x, note);
    }
    m.set('seed', `each point runs ${c.k} seed${c.k === 1 ? '' : 's'} from ${String(s.scenario.values.seed)}`);
  }
  return m;
}

export interface ControlGroups {
  groups: { group: string; specs: ParamSpec[] }[];
  /** group -> "flow N" when there are several flows. */
  owners: Map<string, string>;
}

/** The controls: the run's own settings, then the selected flow's, then the selected
 * background group's (the flow list chooses which). */
export function controlGroupsOf(s: LabState): ControlGroups {
  const model = s.engine.model;
  if (!model) return { groups: [], owners: new Map() };
  const groups = groupSpecs([...model.scalarSpecs, ...specsOfItem(model, 'flows', s.ui.selectedFlow)]);
  const groupCount = itemCount(model, s.scenario.values, 'background');
  if (s.ui.selectedGroup !== null && s.ui.selectedGroup < groupCount)
    groups.push({
      group: `Background group ${s.ui.selectedGroup + 1}`,
      specs: specsOfItem(model, 'background', s.ui.selectedGroup),
    });
  const owners = new Map<string, string>();
  if (itemCount(model, s.scenario.values, 'flows') > 1)
    for (const g of groups)
      if (g.specs.some((sp) => sp.list === 'flows')) owners.set(g.group, `flow ${s.ui.selectedFlow + 1}`);
  return { groups, owners };
}

/** Equal when the same groups hold the same specs (the specs are the model's objects). */
export function sameGroups(a: ControlGroups, b: ControlGroups): boolean {
  return (
    sameMap(a.owners, b.owners) &&
    a.groups.length === b.groups.length &&
    a.groups.every(
      (g, i) =>
        g.group === b.groups[i].group &&
        g.specs.length === b.groups[i].specs.length &&
        g.specs.every((sp, j) => sp === b.groups[i].specs[j]),
    )
  );
}
