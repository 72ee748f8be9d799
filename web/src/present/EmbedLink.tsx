// Embed mode's only chrome: a small link that opens the same experiment in the full lab
// (a new tab, since the embed sits in someone's slides or course page).
export function EmbedLink({ hash }: { hash: string }) {
  const full = hash
    .split('&')
    .filter((p) => p !== 'embed=1')
    .join('&');
  return (
    <a className="embed-link" href={`${location.pathname}${full}`} target="_blank" rel="noopener" data-testid="embed-open">
      open in Protocol Lab ↗
    </a>
  );
}
