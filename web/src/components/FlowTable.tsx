// Per-flow figures of a many-flow run, then each protocol's group (mean goodput,
// Jain's index inside the group, normalized throughput against the TCP flows, as Ng &
// Chan and RRTP define friendliness) and each background group. Test ids:
// flow-table, flow-table-row-<i> with cells data-key=<figure>, protocol-row-<name>,
// group-table-row-<g>.
import { memo } from 'react';
import { flowColor } from '../charts/compareSeries';
import type { ResultDoc } from '../engine/types';
import { protocolLabel } from '../model/params/labels';
import type { ParamModel } from '../model/params/params';
import { formatNumber } from './Summary';
import { TableExport } from '../export/TableExport';
import './flowTable.css';

type OkResult = Extract<ResultDoc, { ok: true }>;

function shareOf(goodput: unknown, total: number): string {
  return typeof goodput === 'number' && total > 0 ? formatNumber((100 * goodput) / total, 1) : '—';
}

export const FlowTable = memo(function FlowTable({
  result,
  model,
  stale,
}: {
  result: OkResult;
  model?: ParamModel;
  stale: boolean;
}) {
  const flows = result.flows ?? [];
  const protocols = result.protocols ?? [];
  const groups = result.groups ?? [];
  const total = flows.reduce(
    (s, f) => s + (typeof f.summary.goodput_mbps === 'number' ? f.summary.goodput_mbps : 0),
    0,
  );
  return (
    <section
      className={`panel flow-table${stale ? ' stale' : ''}`}
      data-testid="flow-table"
      aria-label="Per-flow results"
    >
      <TableExport name="per-flow results" />
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Flow</th>
              <th scope="col">Protocol</th>
              <th scope="col">Start (s)</th>
              <th scope="col">Goodput (Mb/s)</th>
              <th scope="col">Share (%)</th>
              <th scope="col">Mean SRTT (ms)</th>
              <th scope="col">Retransmissions</th>
              <th scope="col">Timeouts</th>
              <th scope="col">Done at (s)</th>
            </tr>
          </thead>
          <tbody>
            {flows.map((f) => (
              <tr key={f.index} data-testid={`flow-table-row-${f.index}`}>
                <th scope="row">
                  <span className="chip-swatch" style={{ background: flowColor(f.index) }} /> {f.index + 1}
                </th>
                <td>{protocolLabel(model, f.protocol)}</td>
                <td>{formatNumber(f.summary.start_s, 2)}</td>
                <td data-key="goodput_mbps" data-value={f.summary.goodput_mbps as number | undefined}>
                  {formatNumber(f.summary.goodput_mbps, 3)}
                </td>
                <td data-key="share">{shareOf(f.summary.goodput_mbps, total)}</td>
                <td>{formatNumber(f.summary.mean_srtt_ms, 1)}</td>
                <td data-key="retransmissions">{formatNumber(f.summary.retransmissions, 0)}</td>
                <td data-key="timeouts">{formatNumber(f.summary.timeouts, 0)}</td>
                <td>{f.summary.completed ? formatNumber(f.summary.connection_time_s, 2) : 'running'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {protocols.length > 0 && (
        <div className="table-scroll">
          <table className="protocol-table">
            <thead>
              <tr>
                <th scope="col">Protocol</th>
                <th scope="col">Flows</th>
                <th scope="col">Mean goodput (Mb/s)</th>
                <th scope="col">Jain&apos;s index</th>
                <th
                  scope="col"
                  title="Mean throughput of this protocol's flows over the mean of the TCP flows of the same run (Ng & Chan §3; RRTP thesis §5.2)"
                >
                  Normalized throughput
                </th>
              </tr>
            </thead>
            <tbody>
              {protocols.map((p) => (
                <tr key={p.protocol} data-testid={`protocol-row-${p.protocol}`}>
                  <th scope="row">{protocolLabel(model, p.protocol)}</th>
                  <td>{p.flows}</td>
                  <td data-key="mean_goodput_mbps">{formatNumber(p.mean_goodput_mbps, 3)}</td>
                  <td data-key="jain_index">{formatNumber(p.jain_index, 3)}</td>
                  <td data-key="normalized_throughput">{formatNumber(p.normalized_throughput, 3)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {groups.length > 0 && (
        <div className="table-scroll">
          <table className="group-table">
            <thead>
              <tr>
                <th scope="col">Background</th>
                <th scope="col">Kind</th>
                <th scope="col">Flows / users</th>
                <th scope="col">Goodput (Mb/s)</th>
                <th scope="col">Jain&apos;s index</th>
                <th scope="col">Responses</th>
                <th scope="col">Mean response time (s)</th>
              </tr>
            </thead>
            <tbody>
              {groups.map((g) => (
                <tr key={g.index} data-testid={`group-table-row-${g.index}`}>
                  <th scope="row">group {g.index + 1}</th>
                  <td>{String(g.summary.kind ?? '')}</td>
                  <td>{formatNumber(g.summary.count, 0)}</td>
                  <td data-key="goodput_mbps">{formatNumber(g.summary.goodput_mbps, 3)}</td>
                  <td>{formatNumber(g.summary.jain_index, 3)}</td>
                  <td>{formatNumber(g.summary.responses, 0)}</td>
                  <td>{formatNumber(g.summary.mean_response_time_s, 3)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
});
