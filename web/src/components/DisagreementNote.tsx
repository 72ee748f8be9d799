// Beside a reference check that does not hold: its point's class of known disagreement
// with ns-3 (model/claims/disagreement.ts), its cause and the tests that show it, or that
// none does yet. Test id: disagreement:<row key> (data-class, data-explained).
import { disagreementText, type KnownDisagreement } from '../model/claims/disagreement';
import type { Verdict } from '../model/claims/verdict';

export function DisagreementNote({ rowKey, d, verdict }: { rowKey: string; d?: KnownDisagreement; verdict: Verdict }) {
  if (!d || verdict !== 'does-not-hold') return null;
  // The class is named on the row; its cause, the same for every point of the class (63
  // rows of one paragraph in the no-SACK group), opens on demand. The text read in full
  // is disagreementText's, unchanged.
  const text = disagreementText(d);
  const cut = text.indexOf(': ');
  return (
    <details
      className="claim-why"
      data-testid={`disagreement:${rowKey}`}
      data-class={d.id}
      data-explained={d.explained}
    >
      <summary>{cut < 0 ? text : text.slice(0, cut + 1)}</summary>
      {cut < 0 ? null : text.slice(cut + 1)}
    </details>
  );
}
