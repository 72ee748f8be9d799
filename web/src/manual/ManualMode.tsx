// The live view's manual-control pieces, shown when the traced flow runs the manual
// control (the engine's schema shows its window only for the protocols that use it):
// the panel while playing, the score at the end.
import type { Displayed } from '../state/labState';
import type { PlaybackState } from '../state/livePlayer';
import { valueOf, type ParamModel, type Values } from '../model/params';
import type { VisibilityRule } from '../model/visibility';
import type { LabStore } from '../state/store';
import { ManualPanel } from './ManualPanel';
import { manualWindowPath } from './score';
import { ScoreCard } from './ScoreCard';

interface Props {
  store: LabStore;
  model?: ParamModel;
  rules: Map<string, VisibilityRule>;
  values: Values;
  /** The values in force at the playhead while playing. */
  liveValues?: Values;
  playback?: PlaybackState;
  displayed?: Displayed;
  stale: boolean;
  flow: number;
}

export function ManualMode({ store, model, rules, values, liveValues, playback, displayed, stale, flow }: Props) {
  if (!model) return null;
  const path = manualWindowPath(model, rules, values, flow);
  if (path === null) return null;
  if (playback) {
    const cwnd = Number(valueOf(model, liveValues ?? values, path));
    return <ManualPanel store={store} model={model} path={path} cwnd={Number.isFinite(cwnd) ? cwnd : 1} />;
  }
  if (!displayed || stale) return null;
  return <ScoreCard store={store} model={model} values={values} flow={flow} result={displayed.result} series={displayed.series} />;
}
