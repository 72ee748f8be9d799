// Asks before a live run the page estimates as long (model/run/runCost.ts): what it will
// cost in seconds and events, whether its event budget will cut it, and a button to run
// it anyway. Asking, never refusing: a link someone sent still runs with one click.
import type { RunCost } from '../model/run/runCost';
import type { RunActions } from '../state/actions';
import { formatNumber } from './Summary';
import './costAsk.css';

function count(n: number): string {
  if (n >= 1e9) return `${formatNumber(n / 1e9, 1)} billion`;
  if (n >= 1e6) return `${formatNumber(n / 1e6, 0)} million`;
  return formatNumber(n, 0);
}

function duration(s: number): string {
  if (s >= 5400) return `${formatNumber(s / 3600, 1)} h`;
  if (s >= 90) return `${formatNumber(s / 60, 0)} min`;
  return `${Math.max(1, Math.round(s))} s`;
}

export function CostAsk({ cost, store }: { cost: RunCost; store: Pick<RunActions, 'runDespiteCost'> }) {
  const seconds = duration(cost.seconds);
  return (
    <div className="banner warn cost-ask" role="alertdialog" aria-labelledby="cost-ask-title" data-testid="cost-ask">
      <div>
        <strong id="cost-ask-title" data-testid="cost-ask-seconds">
          This run will take about {seconds}.
        </strong>{' '}
        Its links may carry some {count(cost.packets)} packets, about{' '}
        <span data-testid="cost-ask-events">{count(cost.events)} simulator events</span>
        {cost.overBudget ? (
          <>
            {' '}
            (all of it: about {duration(cost.fullSeconds)}). That is beyond its event budget ({count(cost.budget)}{' '}
            events, “Event budget” under Run): it will stop there and show the part it ran, marked partial.
          </>
        ) : (
          '.'
        )}{' '}
        Shorten the run or lower a rate to make it quicker.
      </div>
      <div className="banner-actions">
        <button type="button" onClick={() => store.runDespiteCost()} data-testid="cost-ask-run">
          Run it (about {seconds})
        </button>
      </div>
    </div>
  );
}
