// Live mode on the page: a play bar that runs the live view's result in simulated
// time (pause, resume, stop, speed), the timeline of changes made while it played,
// and the charts drawn up to the playhead. The clock and the recording are
// state/livePlayer.ts; the codec of the timeline is url/timeline.ts.
import { useMemo, useState, useSyncExternalStore } from 'react';
import { Charts, type ChartsProps } from '../charts/Charts';
import { displayedUpTo } from '../charts/playhead';
import type { ParamModel } from '../model/params/params';
import type { TimelineEntry } from '../url/timeline';
import { PLAY_SPEEDS, type PlaybackState } from '../state/livePlayer';
import type { PlaybackActions } from '../state/actions';
import './LivePlayback.css';

function usePlayhead(store: PlaybackActions, active: boolean): number {
  return useSyncExternalStore(active ? store.player.subscribe : noSubscribe, store.player.time);
}

const noSubscribe = () => () => {};

function seconds(t: number): string {
  return `${t.toFixed(t < 10 ? 2 : 1)} s`;
}

function changeText(model: ParamModel | undefined, e: TimelineEntry): string {
  const decl = model?.byPath.get(e.path)?.decl;
  const label = decl?.label ?? e.path;
  const unit = decl?.unit ? ` ${decl.unit}` : '';
  return `at ${e.t.toFixed(2)} s: ${label} → ${String(e.value)}${unit}`;
}

interface PlayBarProps {
  store: PlaybackActions;
  model?: ParamModel;
  playback?: PlaybackState;
  timeline: TimelineEntry[];
  durationS?: number;
  /** A result to play (the live view has one). */
  ready: boolean;
}

export function PlayBar({ store, model, playback, timeline, durationS, ready }: PlayBarProps) {
  const t = usePlayhead(store, playback !== undefined);
  const player = store.player;
  const [speed, setSpeed] = useState(player.currentSpeed);
  return (
    <section
      className="play-bar"
      aria-label="Live mode"
      data-testid="play-bar"
      data-status={playback?.status ?? 'stopped'}
    >
      <div className="play-row">
        {playback === undefined ? (
          <button
            type="button"
            className="play-main"
            data-testid="play"
            disabled={!ready}
            onClick={() => player.play()}
          >
            ▶ Play
          </button>
        ) : playback.status === 'playing' ? (
          <button type="button" className="play-main" data-testid="pause" onClick={() => player.pause()}>
            ❚❚ Pause
          </button>
        ) : (
          <button type="button" className="play-main" data-testid="resume" onClick={() => player.resume()}>
            ▶ Resume
          </button>
        )}
        <button type="button" data-testid="stop" disabled={playback === undefined} onClick={() => player.finish()}>
          ■ Stop
        </button>
        <label className="play-speed">
          Speed{' '}
          <select
            data-testid="play-speed"
            value={String(speed)}
            onChange={(e) => {
              setSpeed(Number(e.target.value));
              player.setSpeed(Number(e.target.value));
            }}
          >
            {PLAY_SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </select>
        </label>
        <span className="play-time" data-testid="play-time" data-t={playback ? t : undefined} aria-live="off">
          {playback
            ? `t = ${seconds(t)}${durationS !== undefined && Number.isFinite(durationS) ? ` of ${seconds(durationS)}` : ''}`
            : 'simulated time, drawn as it goes'}
        </span>
      </div>
      {playback && (
        <p className="play-hint muted">
          While it plays, loss, delay and rate (the live controls) change from the current simulated time on.
        </p>
      )}
      {timeline.length > 0 && (
        <div className="play-timeline">
          <span>Changes during the run (in the link):</span>
          <ol data-testid="timeline">
            {timeline.map((e, i) => (
              <li key={i}>{changeText(model, e)}</li>
            ))}
          </ol>
          <button
            type="button"
            className="play-clear"
            data-testid="timeline-clear"
            onClick={() => store.clearTimeline()}
          >
            clear the changes
          </button>
        </div>
      )}
    </section>
  );
}

/** The live charts, drawn up to the playhead while the run plays. */
export function PlayedCharts(
  props: Omit<ChartsProps, 'store'> & { playing: boolean; store: ChartsProps['store'] & PlaybackActions },
) {
  const { playing, displayed, store, ...rest } = props;
  const t = usePlayhead(store, playing);
  const shown = useMemo(
    () => (playing && displayed ? displayedUpTo(displayed, t) : displayed),
    [playing, displayed, t],
  );
  return <Charts {...rest} store={store} displayed={shown} />;
}
