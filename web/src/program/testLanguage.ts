// A small language in the shape of the engine's `languages.custom`, for unit tests only
// (the real one comes from the engine's schema; not used by the app).
import type { EngineSchema } from '../engine/types';
import { TEST_SCHEMA } from '../model/testSchema';

export const TEST_RENO = `# Reno
on_ack {
  if cwnd < ssthresh { cwnd = cwnd + min(acked, mss) } else { cwnd = cwnd + mss * mss / cwnd }
}
on_loss { ssthresh = max(in_flight / 2, 2 * mss) }
`;

export const TEST_LANGUAGE = {
  handlers: [
    { name: 'on_ack', help: 'Called for each ACK.' },
    { name: 'on_loss', help: 'Called when a loss is detected.' },
    { name: '', help: 'no name: left out' },
  ],
  fields: [
    { name: 'cwnd', unit: 'bytes', help: 'The congestion window', writable: true, handlers: [] },
    { name: 'ssthresh', unit: 'bytes', help: 'Slow-start threshold.', writable: true, handlers: [] },
    { name: 'mss', unit: 'bytes', help: 'Maximum segment size.', writable: false, handlers: [] },
    { name: 'acked', unit: 'bytes', help: 'Bytes newly acked.', writable: false, handlers: ['on_ack', 'on_round'] },
    { name: 'in_flight', unit: 'bytes', help: 'Bytes in flight.', writable: false, handlers: [] },
    { name: 'srtt', unit: 's', help: 'Smoothed RTT.', writable: false, handlers: [] },
  ],
  functions: [
    { name: 'min', signature: 'min(a, b, ...)', help: 'The smallest argument.' },
    { name: 'max', signature: 'max(a, b, ...)', help: 'The largest argument.' },
  ],
  keywords: ['if', 'else', 'var', 'and', 'or', 'not'],
  templates: [
    { name: 'reno', label: 'Reno', help: 'Reno in a few lines.', program: TEST_RENO },
    { name: 'aimd', label: 'AIMD', help: 'Additive increase.', program: 'on_ack { cwnd = cwnd + 1 }\n' },
  ],
};

/** TEST_SCHEMA with a `custom` protocol's program parameter and the language. */
export const TEST_PROGRAM_SCHEMA: EngineSchema = {
  ...TEST_SCHEMA,
  params: [
    ...TEST_SCHEMA.params.map((p) =>
      p.path === 'flows[].protocol' ? { ...p, options: [...(p.options ?? []), 'custom'] } : p,
    ),
    {
      path: 'flows[].custom.program',
      label: 'Program',
      group: 'Custom',
      type: 'text',
      max_length: 65536,
      default: TEST_RENO,
      when: { path: 'flows[].protocol', equals: ['custom'] },
    },
  ],
  languages: { custom: TEST_LANGUAGE },
};
