// The page's header: the title, the view tabs and the Papers menu, the status line and
// the actions on the experiment (copy its link, reset, export, present, glossary).
import type { LabState } from '../state/labState';
import type { FlowActions, LinkActions, ViewActions } from '../state/actions';
import { selectHash } from '../state/selectors';
import { shallowEqual, useLab, type LabSource } from '../state/useLab';
import { encodeDisplayParams } from '../url/display';
import { ExperimentExport } from '../export/ExperimentExport';
import { PresentControls } from '../present/PresentControls';
import { CopyLink } from './CopyLink';
import { GlossaryButton } from './Glossary';
import { PapersMenu } from './Papers';
import { StatusLine } from './StatusLine';
import { ViewSwitcher } from './ViewSwitcher';
import './header.css';

const headerOf = (s: LabState) => ({
  ready: s.engine.phase === 'ready',
  model: s.engine.model,
  values: s.scenario.values,
  view: s.view,
  summary: s.run.displayed?.summary,
});

type Store = LabSource & ViewActions & LinkActions & Pick<FlowActions, 'setValue'>;

export function Header({ store, hidden }: { store: Store; hidden: boolean }) {
  const s = useLab(store, headerOf, shallowEqual);
  const hash = useLab(store, selectHash);
  const disabled = !s.ready;
  return (
    <header className="top" hidden={hidden}>
      <div className="brand">
        <h1>Protocol Lab</h1>
        <p className="tagline">Transport protocols, simulated packet by packet in your browser</p>
      </div>
      <div className="nav-group">
        <ViewSwitcher store={store} />
        <PapersMenu
          model={s.model}
          current={hash}
          disabled={disabled}
          onOpen={(h) => store.openLink(h)}
          linkSuffix={encodeDisplayParams(s.view)
            .map((p) => `&${p}`)
            .join('')}
        />
      </div>
      <div className="top-right">
        <StatusLine store={store} />
        <div className="actions">
          <CopyLink store={store} disabled={disabled} />
          <button type="button" onClick={() => store.reset()} disabled={disabled} data-testid="reset">
            Reset to defaults
          </button>
          <ExperimentExport model={s.model} values={s.values} summary={s.summary} hash={hash} disabled={disabled} />
          <PresentControls store={store} model={s.model} view={s.view} current={hash} disabled={disabled} />
          <GlossaryButton />
        </div>
      </div>
    </header>
  );
}
