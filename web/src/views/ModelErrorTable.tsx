// The table under a sweep with the throughput models drawn: how far each model is from
// the measured curve (mean absolute, largest and signed relative error over the points).
import { MEASURED_COLOR } from '../charts/SweepChart';
import { formatNumber } from '../components/Summary';
import { MODEL_STYLE, type useSweepCurves } from './useSweepCurves';

type Curves = ReturnType<typeof useSweepCurves>;

export function ModelErrorTable({
  errorsByModel,
  coincide,
}: {
  errorsByModel: Curves['errorsByModel'];
  coincide: Curves['coincide'];
}) {
  return (
    <section className="panel" aria-label="Model error">
      <h2>Throughput models against the measurement</h2>
      <table className="figures" data-testid="model-error">
        <thead>
          <tr>
            <th>Model</th>
            <th>Mean abs. relative error</th>
            <th>Largest relative error</th>
            <th>Bias (mean relative error)</th>
            <th>Points</th>
          </tr>
        </thead>
        <tbody>
          {errorsByModel.map((m) => (
            <tr key={m.key} data-model={m.key}>
              <td>
                <span
                  className="swatch"
                  style={{ background: MODEL_STYLE[m.key].color, marginRight: 8, verticalAlign: 'middle' }}
                />
                {m.label}
              </td>
              <td data-testid={`model-error.${m.key}`}>{m.err ? `${formatNumber(m.err.mare * 100, 1)} %` : '—'}</td>
              <td>{m.err ? `${formatNumber(m.err.maxRel * 100, 1)} %` : '—'}</td>
              <td>{m.err ? `${m.err.bias >= 0 ? '+' : ''}${formatNumber(m.err.bias * 100, 1)} %` : '—'}</td>
              <td>{m.err?.n ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted-note" style={{ margin: '8px 0 0' }}>
        Each model is evaluated per run with that run's own loss-event rate, mean SRTT and mean RTO, then averaged per
        point like the measurement (<span style={{ color: MEASURED_COLOR, fontWeight: 700 }}>solid</span>).
        {coincide.length > 0 && ` Note: ${coincide.join('; ')}.`}
      </p>
    </section>
  );
}
