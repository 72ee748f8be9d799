// Embed mode's only chrome: a small link that opens the same experiment in the full lab
// (a new tab, since the embed sits in someone's slides or course page): the experiment's
// link (url/link.ts, live mode's timeline included) without embed=1.
import { selectHash } from '../state/selectors';
import { useLab, type LabSource } from '../state/useLab';
import { withoutPair } from '../url/link';

export function EmbedLink({ store }: { store: LabSource }) {
  const hash = useLab(store, selectHash);
  return (
    <a
      className="embed-link"
      href={`${location.pathname}${withoutPair(hash, 'embed=1')}`}
      target="_blank"
      rel="noopener"
      data-testid="embed-open"
    >
      open in Protocol Lab ↗
    </a>
  );
}
