// The URL hash and the store: the hash is written from the experiment and the view on
// every change, and read back, validated, on load and when the address changes (a
// typed hash, a followed link, Back, Forward).
//
// Which changes make a history entry (so that Back and Forward step through what a
// person would call "the experiments I looked at", and always land on one the page can
// show exactly):
// - 'push': opening another view, a preset (a plain link: the browser pushes it, the
//   page then only writes the canonical form into that entry), Reset to defaults, the
//   undo of a reset. Each is a new place to come back to.
// - 'edit': a parameter change (a slider, a typed value, a flow added). The first edit
//   after arriving somewhere pushes one entry, so Back returns to the experiment as it
//   was opened (the preset, the shared link); the next edits replace that entry,
//   because a slider drag sends dozens of values a second and an entry per value would
//   bury the previous experiment under them.
// - 'replace': the page rewrites the entry it is on (a link read and canonicalised).
import { encodeHash, decodeHash, URL_VERSION, type UrlMessage } from '../model/urlCodec';
import type { Values } from '../model/params';
import { decodeViewParams, encodeViewParams, type ViewState } from '../model/views';
import { decodeTimeline, encodeTimeline, TIMELINE_KEY, type TimelineEntry } from '../model/timeline';
import { enc } from '../model/urlCodec';
import type { StoreCore } from './labState';

export interface ReadLink {
  values: Values;
  view: ViewState;
  timeline: TimelineEntry[];
  messages: UrlMessage[];
}

/** A link written with a query string (?f0.protocol=sack, as people type it) read as
 * the hash it meant: the query's pairs after the hash's own (the hash wins a key both
 * name), with the version added when the query has none. Null: no query. */
export function queryAsHash(search: string, hash: string): { hash: string; note: UrlMessage } | null {
  const query = search.replace(/^\?/, '');
  if (query.trim() === '') return null;
  const own = hash.replace(/^#/, '').split('&').filter((p) => p !== '');
  const keyOf = (p: string) => (p.includes('=') ? p.slice(0, p.indexOf('=')) : p);
  const ownKeys = new Set(own.map(keyOf));
  const moved = query.split('&').filter((p) => p !== '' && !ownKeys.has(keyOf(p)));
  const hasVersion = ownKeys.has('v') || moved.some((p) => keyOf(p) === 'v');
  const pairs = [...(hasVersion ? [] : [`v=${URL_VERSION}`]), ...own, ...moved];
  return {
    hash: '#' + pairs.join('&'),
    note: { text: `the link's settings were after "?" (a query string); the lab reads them after "#" and has moved them there` },
  };
}

export type HistoryMode = 'push' | 'edit' | 'replace';

export class UrlSync {
  /** This entry already holds an edit of the experiment it was opened with. */
  private edited = false;

  constructor(
    private readonly core: StoreCore,
    private readonly onLink: (hash: string, notes?: UrlMessage[]) => void,
  ) {}

  /** Reads the page's own hash now, then follows the address bar. */
  start() {
    const query = queryAsHash(location.search, location.hash);
    if (query) {
      history.replaceState(history.state, '', location.pathname + query.hash);
      this.onLink(query.hash, [query.note]);
    } else this.onLink(location.hash);
    this.stop();
    window.addEventListener('hashchange', this.onHashChange);
    // Traversal between entries the page pushed itself fires popstate (and hashchange
    // only where the browser sees the fragment change): listen to both.
    window.addEventListener('popstate', this.onHashChange);
  }

  stop() {
    window.removeEventListener('hashchange', this.onHashChange);
    window.removeEventListener('popstate', this.onHashChange);
  }

  // Back, Forward or a followed link: read the address unless it is what the page
  // shows already. (Comparing with the last hash written instead missed Back to an
  // entry the page had written itself: the address changed, the page did not.)
  private onHashChange = () => {
    this.edited = false;
    if (location.hash !== this.current()) this.onLink(location.hash);
  };

  private current(): string {
    const { values, view } = this.core.get();
    return this.hashOf(values, view);
  }

  /** The link of an experiment and view ('' before the engine has loaded): the view's
   * pairs, then live mode's timeline (none: no pair, as before it existed). */
  hashOf(values: Values, view: ViewState, timeline = this.core.get().timeline): string {
    const model = this.core.get().model;
    if (!model) return '';
    const tl = encodeTimeline(model, timeline);
    return encodeHash(model, values, [...encodeViewParams(model, view), ...(tl === null ? [] : [`${TIMELINE_KEY}=${enc(tl)}`])]);
  }

  read(hash: string): ReadLink | null {
    const model = this.core.get().model;
    if (!model) return null;
    const decoded = decodeHash(model, hash);
    const view = decodeViewParams(model, decoded.viewPairs);
    const tl = decodeTimeline(model, decoded.values, decoded.timeline);
    return {
      values: decoded.values,
      view: view.state,
      timeline: tl.timeline,
      messages: [...decoded.messages, ...view.messages, ...tl.messages],
    };
  }

  write(mode: HistoryMode = 'replace') {
    const { model, values, view } = this.core.get();
    if (!model) return;
    const hash = this.hashOf(values, view);
    if (hash === location.hash) return;
    const push = mode === 'push' || (mode === 'edit' && !this.edited);
    // A query string (?f0.protocol=…) has been read into the hash by then: drop it.
    const url = location.pathname + hash;
    if (push) history.pushState(null, '', url);
    else history.replaceState(history.state, '', url);
    this.edited = mode === 'edit' || (this.edited && mode === 'replace');
  }
}
