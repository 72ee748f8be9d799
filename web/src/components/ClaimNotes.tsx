// What a claim's verdict needs said beside it, shared by the preset page and the
// Validation view: the reading a claim holds under (with a link to the sweep of that
// setting), the experiment that explains a claim that does not hold, why a claim is not
// expressible, and that a legacy claim is this project's restatement, not yet rebuilt
// from the paper. Test ids: reading:<id>, explain:<id>, legacy:<id>.
import type { Claim } from '../model/claims/evidence';
import type { Verdict } from '../model/claims/verdict';

export function ClaimNotes({ claim, verdict }: { claim: Claim; verdict: Verdict }) {
  const c = claim;
  return (
    <>
      {c.kind === 'legacy' && (
        <div className="muted-note" data-testid={`legacy:${c.id}`}>
          Not yet rebuilt from the paper: this project’s own restatement, not counted as a claim of the paper.
        </div>
      )}
      {c.kind === 'not_expressible' && <div className="claim-why">Why not: {c.why}</div>}
      {c.reading && verdict !== 'not-expressible' && (
        <div className="claim-reading">
          Reading: {c.reading.name}
          {c.reading.holds_when ? ` — holds when ${c.reading.holds_when}` : ''}
          {c.reading.sweep && (
            <>
              {' '}
              <a href={c.reading.sweep} data-testid={`reading:${c.id}`}>
                Open the sweep of this setting
              </a>
            </>
          )}
        </div>
      )}
      {verdict === 'does-not-hold' && c.explain && (
        <div className="claim-why">
          Why: {c.explain.text}
          {c.explain.hash && (
            <>
              {' '}
              <a href={c.explain.hash} data-testid={`explain:${c.id}`}>
                Open the experiment that shows it
              </a>
            </>
          )}
        </div>
      )}
      {verdict === 'does-not-hold' && c.if_not && <div className="claim-why">Why: {c.if_not}</div>}
    </>
  );
}
