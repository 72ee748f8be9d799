// Beside a reference check that does not hold: its point's class of known disagreement
// with ns-3 (model/claims/disagreement.ts), its cause and the tests that show it, or that
// none does yet. Test id: disagreement:<row key> (data-class, data-explained).
import { disagreementText, type KnownDisagreement } from '../model/claims/disagreement';
import type { Verdict } from '../model/claims/verdict';

export function DisagreementNote({ rowKey, d, verdict }: { rowKey: string; d?: KnownDisagreement; verdict: Verdict }) {
  if (!d || verdict !== 'does-not-hold') return null;
  return (
    <div className="claim-why" data-testid={`disagreement:${rowKey}`} data-class={d.id} data-explained={d.explained}>
      {disagreementText(d)}
    </div>
  );
}
