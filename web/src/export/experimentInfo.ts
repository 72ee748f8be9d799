// What every export names besides its own content: the experiment's seed (file names)
// and link (captions). The header's export control keeps the seed current, so a chart
// deep in the tree needs no extra props.
let seed: string = '';

export function setExportSeed(value: unknown): void {
  seed = value === undefined || value === null ? '' : String(value);
}

/** "-seed7", or "" before the page knows its seed. */
export function seedSuffix(): string {
  return seed ? `-seed${seed}` : '';
}

/** The experiment's link: the address bar reproduces the experiment. */
export function experimentLink(): string {
  return location.href;
}
