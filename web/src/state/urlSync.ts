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
import { decodeHash, type UrlMessage } from '../url/codec';
import type { Values } from '../model/params/params';
import type { ViewState } from '../model/views';
import { decodeViewParams } from '../url/viewParams';
import { decodeTimeline, type TimelineEntry } from '../url/timeline';
import { experimentHash } from '../url/link';
import { queryAsHash } from '../url/query';
import type { StoreCore } from './labState';

export interface ReadLink {
  values: Values;
  view: ViewState;
  timeline: TimelineEntry[];
  messages: UrlMessage[];
}

export type HistoryMode = 'push' | 'edit' | 'replace';

/** This page's address with `hash` and no query. Built from the whole address, not from
 * `location.pathname + hash`: a path such as `//` (a link written `host//#v=2…`) would
 * read as a protocol-relative URL to another origin, which history refuses. */
function pageUrl(hash: string): string {
  const url = new URL(location.href);
  url.search = '';
  url.hash = hash;
  return url.href;
}

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
      history.replaceState(history.state, '', pageUrl(query.hash));
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
    const {
      scenario: { values },
      view,
    } = this.core.get();
    return this.hashOf(values, view);
  }

  /** The link of an experiment and view ('' before the engine has loaded). */
  hashOf(values: Values, view: ViewState, timeline = this.core.get().scenario.timeline): string {
    const model = this.core.get().engine.model;
    return model ? experimentHash(model, values, view, timeline) : '';
  }

  read(hash: string): ReadLink | null {
    const model = this.core.get().engine.model;
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
    const {
      engine: { model },
      scenario: { values },
      view,
    } = this.core.get();
    if (!model) return;
    const hash = this.hashOf(values, view);
    if (hash === location.hash) return;
    const push = mode === 'push' || (mode === 'edit' && !this.edited);
    // A query string (?f0.protocol=…) has been read into the hash by then: drop it.
    const url = pageUrl(hash);
    if (push) history.pushState(null, '', url);
    else history.replaceState(history.state, '', url);
    this.edited = mode === 'edit' || (this.edited && mode === 'replace');
  }
}
