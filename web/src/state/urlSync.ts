// The URL hash and the store: the hash is written from the experiment and the view on
// every change (history.replaceState), and read back, validated, on load and when the
// address changes (a typed hash, Back, Forward).
import { encodeHash, decodeHash, type UrlMessage } from '../model/urlCodec';
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

export class UrlSync {
  constructor(
    private readonly core: StoreCore,
    private readonly onLink: (hash: string) => void,
  ) {}

  /** Reads the page's own hash now, then follows the address bar. */
  start() {
    this.onLink(location.hash);
    window.removeEventListener('hashchange', this.onHashChange);
    window.addEventListener('hashchange', this.onHashChange);
  }

  stop() {
    window.removeEventListener('hashchange', this.onHashChange);
  }

  // Back, Forward or a followed link: read the address unless it is what the page
  // shows already. (Comparing with the last hash written instead missed Back to an
  // entry the page had written itself: the address changed, the page did not.)
  private onHashChange = () => {
    if (location.hash !== this.current()) this.onLink(location.hash);
  };

  private current(): string {
    const { model } = this.core.get();
    return model ? this.hashOf() : '';
  }

  // The view's pairs, then live mode's timeline (none: no pair, as before it existed).
  private hashOf(): string {
    const { model, values, view, timeline } = this.core.get();
    const tl = encodeTimeline(model!, timeline);
    return encodeHash(model!, values, [...encodeViewParams(model!, view), ...(tl === null ? [] : [`${TIMELINE_KEY}=${enc(tl)}`])]);
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

  write() {
    if (!this.core.get().model) return;
    const hash = this.hashOf();
    if (hash !== location.hash) history.replaceState(history.state, '', hash);
  }
}
