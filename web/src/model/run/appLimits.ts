// What keeps a sender below what its congestion control allows: the application's own
// limits. The throughput equations (simple, complex, modified) model a sender that
// always has data; a token bucket or a live stream caps the goodput below them, so the
// sweep's model curves lie far above the measurement (87 % off on the defaults, where
// the token bucket is on). The sweep view says so and offers to lift the limit.
import { itemCount, itemPath, valueOf, type ParamModel, type Values } from '../params/params';

/** The application switches that cap the sender (flows[].app.*), each turned off by
 * false. */
const LIMIT_SWITCHES = ['.app.token_bucket.enabled', '.app.stream.enabled'];

export interface AppLimit {
  /** The concrete switch, e.g. flows[0].app.token_bucket.enabled. */
  path: string;
  /** Its label in the schema ("Token bucket"). */
  label: string;
  /** 1-based flow number, for "flow 2". */
  flow: number;
}

/** The application limits on in these values, flow by flow. */
export function appLimits(model: ParamModel, values: Values): AppLimit[] {
  const out: AppLimit[] = [];
  for (let i = 0; i < itemCount(model, values, 'flows'); i++)
    for (const rest of LIMIT_SWITCHES) {
      const path = itemPath('flows', i, rest);
      const spec = model.byPath.get(path);
      if (spec && valueOf(model, values, path) === true)
        out.push({ path, label: spec.decl.label ?? path, flow: i + 1 });
    }
  return out;
}
