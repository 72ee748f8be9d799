// The flow list above the many-flow charts: one chip per flow in its colour that shows
// or hides the flow's lines, and one per background group (summarized as one line each).
import { flowColor } from './compareSeries';
import { groupColor, groupName } from './panels';
import type { Displayed } from '../state/labState';
import type { FlowActions } from '../state/actions';
import { protocolLabel } from '../model/params/labels';
import type { ParamModel } from '../model/params/params';

interface Props {
  store: Pick<FlowActions, 'toggleFlow'>;
  model?: ParamModel;
  displayed: Displayed;
  hiddenFlows: number[];
}

export function FlowLegend({ store, model, displayed, hiddenFlows }: Props) {
  const flows = displayed.result.flows ?? [];
  const groups = displayed.result.groups ?? [];
  return (
    <div className="flow-legend" data-testid="flow-legend" role="group" aria-label="Flows drawn">
      {flows.map((f) => {
        const hidden = hiddenFlows.includes(f.index);
        return (
          <button
            key={f.index}
            type="button"
            className={`chip${hidden ? ' off' : ''}`}
            aria-pressed={!hidden}
            data-testid={`legend-flow-${f.index}`}
            onClick={() => store.toggleFlow(f.index)}
            title={hidden ? 'Show this flow' : 'Hide this flow'}
          >
            <span className="chip-swatch" style={{ background: flowColor(f.index) }} />
            {f.index + 1} {protocolLabel(model, f.protocol)}
          </button>
        );
      })}
      {groups.map((g) => (
        <span key={`g${g.index}`} className="chip static" data-testid={`legend-group-${g.index}`}>
          <span className="chip-swatch dashed" style={{ borderColor: groupColor(g.index) }} />
          {groupName(g)}
        </span>
      ))}
    </div>
  );
}
