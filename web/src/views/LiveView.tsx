// The live view: live mode's play bar, the manual control, the run's summary and flow
// table, its charts (played or whole) and its packets.
import { isMultiFlow } from '../charts/Charts';
import { FlowTable } from '../components/FlowTable';
import { PlayBar, PlayedCharts } from '../components/LivePlayback';
import { isPartial, PartialMark } from '../components/PartialMark';
import { Summary } from '../components/Summary';
import { ManualMode } from '../manual/ManualMode';
import { valueOf } from '../model/params/params';
import { PacketsPanel } from '../packets/PacketsPanel';
import type { LabState } from '../state/labState';
import type { FlowActions, Lab, PlaybackActions, PoolActions, ValueActions } from '../state/actions';
import { shallowEqual, useLab } from '../state/useLab';

const liveOf = (s: LabState) => ({
  model: s.engine.model,
  rules: s.engine.rules,
  values: s.scenario.values,
  liveValues: s.live.liveValues,
  playback: s.live.playback,
  timeline: s.scenario.timeline,
  displayed: s.run.displayed,
  filling: s.run.filling,
  requestedId: s.run.requestedId,
  stale: s.run.engineErrors.length > 0 || !!s.run.runError,
  hiddenFlows: s.ui.hiddenFlows,
  selectedFlow: s.ui.selectedFlow,
});

export function LiveView({
  store,
}: {
  store: Lab<PlaybackActions & ValueActions & PoolActions & Pick<FlowActions, 'toggleFlow'>>;
}) {
  const s = useLab(store, liveOf, shallowEqual);
  const { model, displayed, playback, stale } = s;
  const multi = isMultiFlow(displayed);
  const traceFlow = model ? Number(valueOf(model, s.values, 'metrics.trace_flow') ?? 0) : 0;
  const flow = Number.isInteger(traceFlow) ? traceFlow : 0;
  return (
    <>
      <PlayBar
        store={store}
        model={model}
        playback={playback}
        timeline={s.timeline}
        durationS={displayed?.durationS}
        ready={displayed !== undefined && !stale}
      />
      <ManualMode
        store={store}
        model={model}
        rules={s.rules}
        values={s.values}
        liveValues={s.liveValues}
        playback={playback}
        timeline={s.timeline}
        displayed={displayed}
        stale={stale}
        flow={flow}
      />
      {!playback && displayed && isPartial(displayed.result) && (
        <PartialMark result={displayed.result} what="these figures" testId="summary-partial" />
      )}
      {!playback && <Summary summary={displayed?.summary} stale={stale} figures={model?.figures} multi={multi} />}
      {!playback && multi && displayed && <FlowTable result={displayed.result} model={model} stale={stale} />}
      <PlayedCharts
        playing={playback !== undefined}
        displayed={displayed}
        filling={playback ? undefined : s.filling}
        requestedId={s.requestedId}
        stale={stale}
        store={store}
        model={model}
        hiddenFlows={s.hiddenFlows}
        selectedFlow={s.selectedFlow}
        traceFlow={flow}
        timeline={s.timeline}
      />
      {!playback && displayed && model && (
        <PacketsPanel model={model} values={s.values} timeline={s.timeline} displayed={displayed} />
      )}
    </>
  );
}
