// Migration of links typed with a query string (?f0.protocol=sack) rather than a hash.
import { URL_VERSION } from './codec';
import type { UrlMessage } from './text';

/** A link written with a query string (?f0.protocol=sack, as people type it) read as
 * the hash it meant: the query's pairs after the hash's own (the hash wins a key both
 * name), with the version added when the query has none. Null: no query. */
export function queryAsHash(search: string, hash: string): { hash: string; note: UrlMessage } | null {
  const query = search.replace(/^\?/, '');
  if (query.trim() === '') return null;
  const own = hash
    .replace(/^#/, '')
    .split('&')
    .filter((p) => p !== '');
  const keyOf = (p: string) => (p.includes('=') ? p.slice(0, p.indexOf('=')) : p);
  const ownKeys = new Set(own.map(keyOf));
  const moved = query.split('&').filter((p) => p !== '' && !ownKeys.has(keyOf(p)));
  const hasVersion = ownKeys.has('v') || moved.some((p) => keyOf(p) === 'v');
  const pairs = [...(hasVersion ? [] : [`v=${URL_VERSION}`]), ...own, ...moved];
  return {
    hash: '#' + pairs.join('&'),
    note: {
      text: `the link's settings were after "?" (a query string); the lab reads them after "#" and has moved them there`,
    },
  };
}
