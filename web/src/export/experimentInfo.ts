// What every export names besides its own content: the experiment's seed (file names)
// and link (captions). The header's export control keeps both current, so a chart deep
// in the tree needs no extra props.
import { pageLink } from '../url/link';

let seed: string = '';
let hash: string = '';

export function setExportSeed(value: unknown): void {
  seed = value === undefined || value === null ? '' : String(value);
}

/** "-seed7", or "" before the page knows its seed. */
export function seedSuffix(): string {
  return seed ? `-seed${seed}` : '';
}

/** The experiment's hash (url/link.ts's experimentHash, as the header has it). */
export function setExportHash(value: string): void {
  hash = value;
}

/** The experiment's link: the same one the address bar and Copy link hold. */
export function experimentLink(): string {
  return hash ? pageLink(hash) : location.href;
}
