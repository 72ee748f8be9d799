// The live view's manual-control pieces, shown when the traced flow runs the manual
// control (the engine's schema shows its window only for the protocols that use it):
// the panel while playing, the score at the end. The score is for a run the student
// drove: it appears once they have played this experiment (or the link replays their
// recorded window changes), not for the untouched run the page draws first.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Displayed } from '../state/labState';
import type { PlaybackState } from '../state/livePlayer';
import { valueOf, type ParamModel, type Values } from '../model/params/params';
import type { TimelineEntry } from '../url/timeline';
import type { VisibilityRule } from '../model/params/visibility';
import type { PoolActions, ValueActions } from '../state/actions';
import { ManualPanel } from './ManualPanel';
import { manualWindowPath } from './score';
import { pipeSegments } from './scenario';
import { ScoreCard } from './ScoreCard';

interface Props {
  store: ValueActions & Pick<PoolActions, 'runOne'>;
  model?: ParamModel;
  rules: Map<string, VisibilityRule>;
  values: Values;
  /** The values in force at the playhead while playing. */
  liveValues?: Values;
  playback?: PlaybackState;
  /** The link's recorded live changes. */
  timeline: readonly TimelineEntry[];
  displayed?: Displayed;
  stale: boolean;
  flow: number;
}

export function ManualMode({
  store,
  model,
  rules,
  values,
  liveValues,
  playback,
  timeline,
  displayed,
  stale,
  flow,
}: Props) {
  // Which experiment (its values) the student last played to the end or stopped.
  const experiment = useMemo(() => JSON.stringify(values), [values]);
  const [playedFor, setPlayedFor] = useState<string | null>(null);
  const wasPlaying = useRef(false);
  useEffect(() => {
    if (playback) wasPlaying.current = true;
    else if (wasPlaying.current) {
      wasPlaying.current = false;
      setPlayedFor(experiment);
    }
  }, [playback, experiment]);

  if (!model) return null;
  const path = manualWindowPath(model, rules, values, flow);
  if (path === null) return null;
  // The pipe the window is measured against: the bottleneck rate × the base RTT the
  // last run reported (the same path while it plays).
  const last = displayed?.result.ok ? displayed.result.flows?.find((f) => f.index === flow) : undefined;
  const pipe = pipeSegments(model, values, flow, last?.base_rtt_ms);
  if (playback) {
    const cwnd = Number(valueOf(model, liveValues ?? values, path));
    return <ManualPanel store={store} model={model} path={path} cwnd={Number.isFinite(cwnd) ? cwnd : 1} pipe={pipe} />;
  }
  const played = playedFor === experiment || timeline.some((e) => e.path === path);
  if (!played)
    return (
      <p className="muted manual-hint" data-testid="manual-score-hint">
        You drive this flow&rsquo;s window: press Play, then back off or grow it while the packets flow. Your score,
        power = goodput ÷ delay, beside Reno&rsquo;s appears when the run ends.
      </p>
    );
  if (!displayed || stale) return null;
  return (
    <ScoreCard
      store={store}
      model={model}
      values={values}
      flow={flow}
      result={displayed.result}
      series={displayed.series}
      pipe={pipe}
    />
  );
}
