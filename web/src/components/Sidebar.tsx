// The lab's left column: the flow list, then the controls of the run, the selected flow
// and the selected background group; on a phone, each a section that folds (Fold.tsx).
import { useMemo } from 'react';
import type { FlowActions } from '../state/actions';
import type { LabState } from '../state/labState';
import { selectValuesInForce } from '../state/selectors';
import { shallowEqual, useLab, type LabSource } from '../state/useLab';
import { itemCount } from '../model/params/params';
import { PROTOCOL_PATH, withProtocol } from '../model/views';
import { controlGroupsOf, controlNotesOf, sameGroups, sameMap } from './controlNotes';
import { Controls } from './Controls';
import { FlowsPanel } from './FlowsPanel';
import { Fold } from './Fold';

const sidebarOf = (s: LabState) => ({
  ready: s.engine.phase === 'ready',
  phase: s.engine.phase,
  model: s.engine.model,
  values: s.scenario.values,
  shownValues: selectValuesInForce(s),
  rules: s.engine.rules,
  engineErrors: s.run.engineErrors,
  selectedFlow: s.ui.selectedFlow,
  selectedGroup: s.ui.selectedGroup,
  hiddenFlows: s.ui.hiddenFlows,
  view: s.view.view,
  compared: s.view.compare,
});

/** The protocol whose settings Compare shows when it is compared (a program). */
const EDITED_IN_VIEW = 'custom';

export function Sidebar({ store }: { store: LabSource & FlowActions }) {
  const s = useLab(store, sidebarOf, shallowEqual);
  const notes = useLab(store, controlNotesOf, sameMap);
  const { groups, owners } = useLab(store, controlGroupsOf, sameGroups);
  // Compare sets flow 1's protocol itself: with `custom` among the compared, its
  // program's editor is shown, so a student edits it while racing it.
  const racesCustom = s.view === 'compare' && s.compared.some((p) => p.split('/')[0] === EDITED_IN_VIEW);
  const shownValues = useMemo(
    () => (racesCustom && s.model ? withProtocol(s.model, s.shownValues, EDITED_IN_VIEW) : s.shownValues),
    [racesCustom, s.model, s.shownValues],
  );
  return (
    <aside className="sidebar">
      {s.ready && s.model ? (
        <>
          <Fold name="Flows" summary={`Flows (${itemCount(s.model, s.values, 'flows')})`}>
            <FlowsPanel
              store={store}
              model={s.model}
              values={s.values}
              selectedFlow={s.selectedFlow}
              selectedGroup={s.selectedGroup}
              hiddenFlows={s.hiddenFlows}
              protocolNote={notes.get(PROTOCOL_PATH)}
            />
          </Fold>
          <Controls
            store={store}
            groups={groups}
            rules={s.rules}
            values={shownValues}
            engineErrors={s.engineErrors}
            overrides={notes}
            owners={owners}
          />
        </>
      ) : (
        <p className="muted">{s.phase === 'loading' ? 'Loading the engine…' : 'No engine, no controls.'}</p>
      )}
    </aside>
  );
}
