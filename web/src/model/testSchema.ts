// A small schema in the engine's format, for unit tests only (mirrors the shape of
// engine/src/scenario/params.cc; not used by the app).
import type { EngineSchema } from '../engine/types';

export const TEST_SCHEMA: EngineSchema = {
  version: 2,
  lists: [
    { name: 'flows', label: 'Flows', min_items: 1, max_items: 64, default_items: 1 },
    { name: 'background', label: 'Background traffic', min_items: 0, max_items: 8, default_items: 0 },
  ],
  params: [
    { path: 'seed', label: 'Seed', group: 'Run', type: 'integer', unit: '', min: 0, max: 4294967295, default: 1 },
    { path: 'duration_s', label: 'Duration', group: 'Run', type: 'number', unit: 's', min: 0.1, max: 600, default: 20 },
    { path: 'topology.bottleneck.rate_mbps', label: 'Bottleneck rate', group: 'Path', type: 'number', unit: 'Mb/s', min: 0.01, max: 10000, default: 10, scale: 'log' },
    { path: 'flows[].protocol', label: 'Protocol', group: 'TCP', type: 'enum', options: ['tahoe', 'reno', 'newreno'], default: 'newreno' },
    { path: 'flows[].channel.forward.model', label: 'Forward error model', group: 'Forward channel', type: 'enum', options: ['none', 'bernoulli', 'on_off', 'scripted'], default: 'bernoulli', help: 'none; Bernoulli(p) per packet; two-state Markov ON/OFF; or a script' },
    { path: 'flows[].channel.forward.p', label: 'Forward loss rate', group: 'Forward channel', type: 'number', min: 0, max: 1, default: 0.01, help: 'Bernoulli: probability that each of the data packets is lost' },
    { path: 'flows[].channel.forward.on_mean_s', label: 'Forward ON mean sojourn', group: 'Forward channel', type: 'number', unit: 's', min: 0.001, max: 3600, default: 1, scale: 'log', help: 'ON/OFF: mean time in the lossy ON state (exponential)' },
    { path: 'flows[].channel.forward.on_p', label: 'Forward ON loss rate', group: 'Forward channel', type: 'number', min: 0, max: 1, default: 0.2, help: 'ON/OFF: loss probability per packet while ON' },
    { path: 'flows[].channel.forward.drop_packets', label: 'Forward scripted drops', group: 'Forward channel', type: 'int_list', min: 1, max: 1e9, default: [], help: 'Scripted: 1-based indices of the data packets to drop' },
    { path: 'flows[].app.token_bucket.enabled', label: 'Token bucket', group: 'Application', type: 'bool', default: true },
    { path: 'flows[].app.token_bucket.depth_tokens', label: 'Token depth', group: 'Application', type: 'integer', unit: 'tokens', min: 1, max: 1000000, default: 20 },
    { path: 'flows[].start_s', label: 'Start', group: 'Flow', type: 'number', unit: 's', min: 0, max: 2000, default: 0 },
    { path: 'background[].kind', label: 'Kind', group: 'Background', type: 'enum', options: ['ftp', 'http'], default: 'ftp' },
    { path: 'background[].count', label: 'Flows or users', group: 'Background', type: 'integer', min: 1, max: 1000, default: 10 },
    { path: 'background[].protocol', label: 'Protocol', group: 'TCP', type: 'enum', options: ['tahoe', 'reno', 'newreno'], default: 'newreno' },
  ],
};

export const TEST_DEFAULT_SCENARIO = {
  seed: 1,
  duration_s: 20,
  topology: { bottleneck: { rate_mbps: 10 } },
  flows: [
    {
      protocol: 'newreno',
      channel: { forward: { model: 'bernoulli', p: 0.01, on_mean_s: 1, on_p: 0.2, drop_packets: [] } },
      app: { token_bucket: { enabled: true, depth_tokens: 20 } },
      start_s: 0,
    },
  ],
  background: [],
};
