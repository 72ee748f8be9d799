// The URL hash and the store: the hash is written from the experiment and the view on
// every change (history.replaceState), and read back, validated, on load and when the
// address changes (a typed hash, Back, Forward).
import { encodeHash, decodeHash, type UrlMessage } from '../model/urlCodec';
import type { Values } from '../model/params';
import { decodeViewParams, encodeViewParams, type ViewState } from '../model/views';
import type { StoreCore } from './labState';

export interface ReadLink {
  values: Values;
  view: ViewState;
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
    const { model, values, view } = this.core.get();
    return model ? encodeHash(model, values, encodeViewParams(model, view)) : '';
  }

  read(hash: string): ReadLink | null {
    const model = this.core.get().model;
    if (!model) return null;
    const decoded = decodeHash(model, hash);
    const view = decodeViewParams(model, decoded.viewPairs);
    return { values: decoded.values, view: view.state, messages: [...decoded.messages, ...view.messages] };
  }

  write() {
    const { model, values, view } = this.core.get();
    if (!model) return;
    const hash = encodeHash(model, values, encodeViewParams(model, view));
    if (hash !== location.hash) history.replaceState(history.state, '', hash);
  }
}
