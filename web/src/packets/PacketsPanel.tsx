// The "Packets" panel of the Live view: a NAM-like animation of the path for a short
// window of the displayed run. It asks its own engine worker for the same run with a
// packet trace (metrics.packet_trace; metrics never change the run), then draws on a
// canvas with requestAnimationFrame. The animation's time is the shared cursor time
// (charts/cursor.ts): playing moves every chart's crosshair, hovering a chart moves
// the animation. Per-frame state lives in refs, not React state.
import { useEffect, useMemo, useRef, useState } from 'react';
import { EngineClient } from '../engine/client';
import type { Displayed } from '../state/labState';
import { buildScenario, type ParamModel, type Values } from '../model/params/params';
import { timelineJson, type TimelineEntry } from '../url/timeline';
import { cursorTime, seqZoomRequest } from '../charts/cursor';
import { drawPath } from './draw';
import { WindowFields } from './WindowFields';
import { pathDrops, pathTrace, recoveryWindow, type LinkTrack, type PathTrace } from './trace';
import './packets.css';

const SPEEDS = [0.01, 0.02, 0.05, 0.1, 0.25, 1];

interface Props {
  model: ParamModel;
  values: Values;
  timeline: readonly TimelineEntry[];
  displayed: Displayed;
}

/** The window around an event at `at` (the first fast retransmit when not given):
 * from 0.2 s before to one RTT (the smoothed RTT then, at least the base RTT) after. */
function windowAround(d: Displayed, at?: number): [number, number] {
  const fr = at !== undefined ? [at] : (d.series.byName.get('flows[0].fast_retransmit')?.t ?? new Float64Array(0));
  const srtt = d.series.byName.get('flows[0].srtt');
  let rttS = (d.result.flows?.[0]?.base_rtt_ms ?? 100) / 1e3;
  if (srtt && fr.length > 0) {
    let i = 0;
    while (i + 1 < srtt.t.length && srtt.t[i + 1] <= fr[0]) i++;
    if (srtt.v.length > 0 && Number.isFinite(srtt.v[i])) rttS = Math.max(rttS, srtt.v[i] / 1e3);
  }
  return recoveryWindow(fr, rttS, d.durationS);
}

export function PacketsPanel({ model, values, timeline, displayed }: Props) {
  const [open, setOpen] = useState(false);
  const [window_, setWindow] = useState<[number, number]>(() => windowAround(displayed));
  // A new experiment: back to its first recovery (adjusted while rendering, as React
  // advises for state that follows a prop).
  const [windowOf, setWindowOf] = useState(displayed);
  if (windowOf !== displayed) {
    setWindowOf(displayed);
    setWindow(windowAround(displayed));
  }
  // What the engine said of a trace, for the trace asked (a new one is "Tracing…" until it answers).
  const [answer, setAnswer] = useState<{ of: unknown; text: string } | null>(null);
  const [trace, setTrace] = useState<PathTrace | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(0.05);
  const clientRef = useRef<EngineClient | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const sliderRef = useRef<HTMLInputElement | null>(null);
  const timeRef = useRef(0);
  const ownTime = useRef<number | null>(null);
  const playingRef = useRef(false);
  const speedRef = useRef(speed);
  // The animation loop reads these each frame without restarting.
  useEffect(() => {
    speedRef.current = speed;
    playingRef.current = playing;
  }, [speed, playing]);

  useEffect(() => () => clientRef.current?.dispose(), []);

  // A marker clicked (or chosen with Enter) on any chart: animate that moment.
  useEffect(() => {
    if (!open) return;
    return seqZoomRequest.subscribe((t) => setWindow(windowAround(displayed, t)));
  }, [open, displayed]);

  // Trace the window (its own worker, so the Live view's runs are never delayed).
  const request = useMemo(
    () => (open ? { window_, model, values, timeline } : null),
    [open, window_, model, values, timeline],
  );
  const status = request && answer?.of !== request ? 'Tracing packets…' : (answer?.text ?? '');
  useEffect(() => {
    if (!request) return;
    const { window_, model, values, timeline } = request;
    const setStatus = (text: string) => setAnswer({ of: request, text });
    let cancelled = false;
    const scenario = JSON.parse(buildScenario(model, values)) as Record<string, unknown>;
    const metrics = (scenario.metrics ?? {}) as Record<string, unknown>;
    scenario.metrics = { ...metrics, packet_trace: { from_s: window_[0], to_s: window_[1] } };
    if (!clientRef.current) clientRef.current = new EngineClient();
    const client = clientRef.current;
    const off = client.onResult((o) => {
      if (cancelled) return;
      if (o.kind === 'ok' && o.result?.ok) {
        const p = pathTrace(o.result, o.columns);
        setTrace(p);
        timeRef.current = window_[0];
        setStatus(
          p
            ? p.truncated
              ? 'The window holds too many packets: only its start is shown.'
              : ''
            : 'The engine gave no packet trace.',
        );
      } else {
        setStatus(
          o.error ??
            (o.result && !o.result.ok ? o.result.errors.map((e) => e.message).join('; ') : 'The trace failed.'),
        );
      }
    });
    client
      .init()
      .then(() => {
        if (!cancelled) client.run(JSON.stringify(scenario), timeline.length > 0 ? timelineJson(timeline) : undefined);
      })
      .catch((e: unknown) => setStatus(`The engine did not load: ${String(e)}`));
    return () => {
      cancelled = true;
      off();
    };
  }, [request]);

  // The animation loop: draws when the time moved; advances it while playing.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!open || !trace || !canvas) return;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    const limit = displayed.result.links?.bottleneck?.queue_limit_packets;
    const limitOf = (track: LinkTrack) =>
      track.link.name === 'bottleneck' && limit ? limit : Math.max(track.maxQueue, 1);
    canvas.dataset.drops = pathDrops(trace)
      .map((t) => t.toFixed(6))
      .join(',');
    canvas.dataset.window = `${trace.from},${trace.to}`;
    let drawnAt = NaN;
    let drawnWidth = 0;
    let last = performance.now();
    let frame = 0;
    const draw = () => {
      const dpr = globalThis.devicePixelRatio || 1;
      const width = canvas.clientWidth || 800;
      const height = canvas.clientHeight || 240;
      if (canvas.width !== Math.round(width * dpr)) {
        canvas.width = Math.round(width * dpr);
        canvas.height = Math.round(height * dpr);
      }
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      drawPath(ctx, trace, width, height, timeRef.current, limitOf);
      drawnAt = timeRef.current;
      drawnWidth = width;
      canvas.dataset.time = timeRef.current.toFixed(6);
      if (sliderRef.current) sliderRef.current.value = String(timeRef.current);
    };
    const tick = (now: number) => {
      if (playingRef.current) {
        const next = timeRef.current + ((now - last) / 1000) * speedRef.current;
        if (next >= trace.to) {
          timeRef.current = trace.to;
          setPlaying(false);
        } else timeRef.current = next;
        ownTime.current = timeRef.current;
        cursorTime.set(timeRef.current);
      }
      last = now;
      if (timeRef.current !== drawnAt || canvas.clientWidth !== drawnWidth) draw();
      frame = requestAnimationFrame(tick);
    };
    // Hovering any time chart moves the animation (within its window).
    const off = cursorTime.subscribe((t) => {
      if (t === null || t === ownTime.current) return;
      if (t < trace.from || t > trace.to) return;
      setPlaying(false);
      timeRef.current = t;
    });
    draw();
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      off();
    };
  }, [open, trace, displayed]);

  const seek = (t: number) => {
    timeRef.current = t;
    ownTime.current = t;
    cursorTime.set(t);
  };

  return (
    <section className="packets-panel" aria-label="Packets">
      <button
        type="button"
        className="packets-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="packets-toggle"
      >
        {open ? '▾' : '▸'} Packets
      </button>
      {open && (
        <div className="packets-body">
          <div className="packets-controls">
            <button
              type="button"
              data-testid="packets-play"
              disabled={!trace}
              onClick={() => {
                if (!trace) return;
                if (!playing && timeRef.current >= trace.to) seek(trace.from);
                setPlaying(!playing);
              }}
            >
              {playing ? 'Pause' : 'Play'}
            </button>
            <label>
              Speed{' '}
              <select value={speed} onChange={(e) => setSpeed(Number(e.target.value))} data-testid="packets-speed">
                {SPEEDS.map((v) => (
                  <option key={v} value={v}>
                    {v}×
                  </option>
                ))}
              </select>
            </label>
            <input
              ref={sliderRef}
              type="range"
              aria-label="Animation time (s)"
              data-testid="packets-time"
              min={trace?.from ?? 0}
              max={trace?.to ?? 1}
              step={0.0001}
              defaultValue={trace?.from ?? 0}
              disabled={!trace}
              onChange={(e) => {
                setPlaying(false);
                seek(Number(e.target.value));
              }}
            />
            <button type="button" onClick={() => setWindow(windowAround(displayed))} data-testid="packets-recovery">
              Show the first recovery
            </button>
            <WindowFields window={window_} durationS={displayed.durationS} onCommit={setWindow} />
          </div>
          {status && <p className="muted packets-status">{status}</p>}
          <canvas
            ref={canvasRef}
            className="packets-canvas"
            data-testid="packets-canvas"
            role="img"
            aria-label="Packets moving along the path: data left to right, ACKs right to left, drops marked with a red cross"
          />
        </div>
      )}
    </section>
  );
}
