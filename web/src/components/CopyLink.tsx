// The header's "Copy link": the experiment's link (url/link.ts, the one the address bar
// holds, live mode's timeline included) to the clipboard.
import { useEffect, useState } from 'react';
import { selectHash } from '../state/selectors';
import { useLab, type LabSource } from '../state/useLab';
import { pageLink } from '../url/link';

export function CopyLink({ store, disabled }: { store: LabSource; disabled: boolean }) {
  const hash = useLab(store, selectHash);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(t);
  }, [copied]);

  const copy = async () => {
    const link = pageLink(hash);
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      window.prompt('Copy this link:', link);
    }
  };
  return (
    <button type="button" onClick={() => void copy()} disabled={disabled} data-testid="copy-link">
      {copied ? 'Link copied' : 'Copy link'}
    </button>
  );
}
