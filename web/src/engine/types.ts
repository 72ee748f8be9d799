// Shapes of the engine's documents (docs/engine-api.md) and of the worker protocol.

export type ParamType = 'number' | 'integer' | 'enum' | 'bool' | 'int_list' | 'text';
export type ParamValue = number | string | boolean | number[];

/** One parameter declaration as the engine's schema gives it. */
export interface ParamDecl {
  path: string; // may contain "flows[]"
  label?: string;
  group?: string;
  type: ParamType;
  unit?: string;
  min?: number;
  max?: number;
  default?: ParamValue;
  scale?: 'linear' | 'log';
  options?: string[];
  /** Display names for `options`, same order. */
  option_labels?: string[];
  /** int_list: the longest list accepted. */
  max_items?: number;
  /** int_list: "mahimahi_ms" for a delivery trace (model/params/traceText.ts). */
  format?: string;
  /** text: the longest text accepted, in UTF-8 bytes (a `custom` program, docs/custom-cc.md). */
  max_length?: number;
  /** Fold the control away by default. */
  advanced?: boolean;
  /** Can change during a run (live mode's Set, at the current simulated time). */
  live?: boolean;
  /** The parameter only matters when another one (same flow) has one of these values. */
  when?: { path: string; equals: string[] } | unknown;
  help?: string;
  source?: string;
  // Anything else the engine adds is kept (e.g. a visibility rule).
  [extra: string]: unknown;
}

/** One summary figure as the schema declares it (top-level `summary`). */
export interface SummaryDecl {
  name: string;
  label?: string;
  unit?: string;
  help?: string;
  /** A number (or null when the run has no such value), not a name or a flag. */
  numeric?: boolean;
}

/** A list of items of one shape (schema v2): flows[], background[]. */
export interface ListDecl {
  name: string;
  label?: string;
  min_items: number;
  max_items: number;
  default_items: number;
  help?: string;
}

/** A protocol of the engine's registry. */
export interface ProtocolDecl {
  name: string;
  label: string;
  family?: string;
  help?: string;
  source?: string;
  /** Per-flow series it reports. */
  series?: string[];
  /** In the compare view until a person picks others. */
  compare_by_default?: boolean;
}

/** A series a run may report. */
export interface SeriesDecl {
  name: string;
  label?: string;
  unit?: string;
  kind?: string;
  scope?: 'flow' | 'link' | 'group' | 'run' | string;
  help?: string;
  /** Where it is specified (RFC or paper section); "" or absent if nowhere. */
  source?: string;
}

/** One declared series as a panel draws it (engine/src/metrics/panel_fields.h). */
export interface PanelLineDecl {
  series: string;
  scope: 'flow' | 'link' | 'group' | 'run' | string;
  /** "" one line; "flow" one per shown flow; "group" one per background group. */
  each: '' | 'flow' | 'group' | string;
  label: string;
  style: 'line' | 'step' | 'area' | 'points' | 'trace' | string;
  /** For points: "triangle", "diamond", "cross". */
  marker: string;
  /** A palette role ("cwnd") or "#rrggbb"; "" = the flow's or protocol's colour. */
  color: string;
  dash: string;
  draw: 'always' | 'declared' | 'samples' | string;
  transform: '' | 'goodput' | 'share' | 'percent' | string;
  y_extent_cap: number;
}

/** A chart the page draws from a run, in the layouts it lists, in schema order. */
export interface PanelDecl {
  id: string;
  layouts: ('single' | 'multi' | 'compare' | string)[];
  /** The registry family of the senders it is for; "" any. */
  family: string;
  kind: 'time' | 'time_sequence' | string;
  title: string;
  /** A few words naming the chart (presentation mode's page buttons). */
  short_title: string;
  title_without_samples_of: string;
  title_without: string;
  /** When set, the panel appears only when this series has samples (a trace's capacity). */
  only_with_samples_of?: string;
  y_label: string;
  unit: string;
  percent: boolean;
  main: boolean;
  legend: boolean;
  focus: '' | 'selected' | 'traced' | string;
  empty_text: string;
  references: string[];
  markers: boolean;
  lines: PanelLineDecl[];
}

/** One link of a topology, sender side to receiver side. */
export interface TopologyLinkDecl {
  id: string;
  label: string;
  per_flow: boolean;
  carries_channel: boolean;
  /** Path prefixes of the parameters that belong to it. */
  params: string[];
}

export interface TopologyDecl {
  name: string;
  label: string;
  help?: string;
  links: TopologyLinkDecl[];
}

/** A rule between two parameters (engine/src/scenario/cross_field.cc): `field` less
 * than `other`, at least `other`, or 0 (off) or greater than `other`. In `flows[]`
 * paths both name the same item. */
export interface ConstraintDecl {
  field: string;
  rule: 'less' | 'at_least' | 'zero_or_greater' | string;
  other: string;
}

export interface EngineSchema {
  version: number;
  params: ParamDecl[];
  /** Rules between parameters (newer engines). */
  constraints?: ConstraintDecl[];
  /** Every summary figure a run reports (newer engines). */
  summary?: SummaryDecl[];
  lists?: ListDecl[];
  series?: SeriesDecl[];
  /** The charts, declared beside the series (newer engines). */
  panels?: PanelDecl[];
  protocols?: ProtocolDecl[];
  topologies?: TopologyDecl[];
  /** The contest's sets (engine/data/contest_sets.json; newer engines). */
  contests?: ContestSetDecl[];
  /** Languages a text parameter is written in (`custom`: program/languageDecl.ts). */
  languages?: Record<string, unknown>;
}

/** A contest set as the schema declares it (docs/engine-api.md, "Contests"). */
export interface ContestSetDecl {
  name: string;
  label: string;
  help: string;
  /** The built-in protocols on its leaderboard. */
  entrants: string[];
  scenarios: { name: string; label: string; help: string }[];
}

/** A series descriptor from the result JSON: columns[offset..offset+length) are times (s),
 * columns[offset+length..offset+2*length) the values. */
export interface SeriesDesc {
  name: string;
  unit?: string;
  kind?: 'line' | 'marker' | string;
  /** What it belongs to: a flow (index), a background group (index), a link, the run. */
  scope?: 'flow' | 'group' | 'link' | 'run' | string;
  index?: number;
  /** Unique in the result: "flows[2].cwnd". */
  key?: string;
  offset: number;
  length: number;
}

export interface FlowResult {
  index: number;
  protocol: string;
  /** The path's propagation RTT (both directions' link delays), ms. */
  base_rtt_ms?: number;
  summary: RunSummary;
  /** What the flow's algorithm recorded besides (a `custom` program's trace of a round,
   * under the key the schema's languages.custom.trace.result names). */
  [extra: string]: unknown;
}

/** What the path charts draw their lines at (result.links.bottleneck). */
export interface LinkResult {
  rate_mbps: number;
  delay_ms: number;
  queue_limit_packets: number;
}

export interface GroupResult {
  index: number;
  summary: RunSummary;
}

export interface ProtocolResult {
  protocol: string;
  flows: number;
  goodput_mbps: number;
  mean_goodput_mbps: number;
  jain_index: number | null;
  normalized_throughput: number | null;
}

export interface RunSummary {
  goodput_mbps?: number;
  delivered_bytes?: number;
  completed?: boolean;
  connection_time_s?: number | null;
  retransmissions?: number;
  timeouts?: number;
  fast_retransmits?: number;
  /** Window reductions answering ECN-Echo (RFC 3168 §6.1.2); null without ECN. */
  ecn_responses?: number | null;
  /** The flow's packets marked CE on the way. */
  ecn_marks?: number;
  partial_acks?: number;
  app_success_pct?: number | null;
  mean_tokens_per_rtt?: number | null;
  mean_allowed_tokens_per_rtt?: number | null;
  /** Why the run ended ("event_budget": stopped early, the result is partial). */
  ended_by?: string;
  /** The simulated time the run reached, in s. */
  sim_end_s?: number;
  [extra: string]: unknown;
}

export interface EngineErrorItem {
  path: string;
  message: string;
  /** Found by the page before running (model/params/crossField.ts), not by the engine. */
  byPage?: boolean;
}

export type ResultDoc =
  | {
      ok: true;
      summary: RunSummary;
      series: SeriesDesc[];
      flows?: FlowResult[];
      groups?: GroupResult[];
      protocols?: ProtocolResult[];
      links?: { bottleneck?: LinkResult };
      /** Set when the run stopped early (its event budget). */
      warning?: string;
      /** True when the run stopped at its event budget: the figures cover part of it. */
      partial?: boolean;
      ended_by?: string;
      [extra: string]: unknown;
    }
  | { ok: false; errors: EngineErrorItem[] };

// ---- worker protocol -------------------------------------------------------------

export type ToWorker =
  | { type: 'init' }
  /** summaryOnly: leave the columns in the worker (a sweep needs the summary only). */
  /** timeline: live changes to apply during the run (url/timeline.ts, engine JSON). */
  /** progressive: run in slices of simulated time (engine/progressive.ts); 'slices' posts
   * each slice's columns, 'quiet' only the end (a speculative run that can be cancelled).
   * A newer run or a cancel stops it at its next slice, with a 'result' marked cancelled. */
  | {
      type: 'run';
      id: number;
      scenario: string;
      summaryOnly?: boolean;
      timeline?: string;
      progressive?: 'slices' | 'quiet';
    }
  /** Stops progressive run `id` at its next slice (nothing else is stopped). */
  | { type: 'cancel'; id: number }
  /** plab_run_summary: the same summary without any time series (sweeps). */
  | { type: 'run-summary'; id: number; scenario: string };

export type FromWorker =
  | { type: 'ready'; schema: string; defaultScenario: string; loadMs: number }
  | { type: 'init-failed'; error: string }
  /** A progressive run's result so far: every series up to `filledToS` simulated seconds. */
  | { type: 'slice'; id: number; result: ResultDoc; columns: Float64Array; filledToS: number; engineMs: number }
  | {
      type: 'result';
      id: number;
      /** false also for engine validation errors; then `result` is the error document. */
      ok: boolean;
      result?: ResultDoc;
      columns?: Float64Array;
      /** Set when the engine crashed or the result could not be read. */
      error?: string;
      /** A progressive run stopped by a newer run or a cancel: nothing to show. */
      cancelled?: boolean;
      engineMs: number;
      /** Wall-clock times (performance.timeOrigin + now()) when the worker got the
       * scenario and posted the result, to split the round trip. */
      receivedAt?: number;
      postedAt?: number;
    };
