// The banners about the link and the experiment as a whole: what was wrong with the
// link the page opened (shortened and summarised, url/linkMessages.ts), and the Undo
// offered after "Reset to defaults".
import { useMemo } from 'react';
import { summariseMessages } from '../url/linkMessages';
import type { UrlMessage } from '../url/codec';
import type { LinkActions } from '../state/actions';
import './linkBanners.css';

export function LinkProblems({
  store,
  messages,
}: {
  store: Pick<LinkActions, 'dismissUrlMessages' | 'undoReset' | 'dismissUndoReset'>;
  messages: UrlMessage[];
}) {
  const summary = useMemo(() => summariseMessages(messages), [messages]);
  if (messages.length === 0) return null;
  return (
    <div className="banner warn link-problems" role="alert" data-testid="url-messages">
      <div className="banner-body">
        <strong>This link had problems; the page used defaults where needed.</strong>
        <ul>
          {summary.lines.map((m, i) => (
            <li key={i} data-path={m.path}>
              {m.text}
              {m.count > 1 && <span className="repeat"> (×{m.count.toLocaleString('en-US')})</span>}
            </li>
          ))}
          {summary.more > 0 && (
            <li data-testid="url-messages-more">… and {summary.more.toLocaleString('en-US')} more</li>
          )}
        </ul>
      </div>
      <button type="button" className="close" aria-label="Dismiss" onClick={() => store.dismissUrlMessages()}>
        ×
      </button>
    </div>
  );
}

export function ResetUndo({
  store,
  shown,
}: {
  store: Pick<LinkActions, 'dismissUrlMessages' | 'undoReset' | 'dismissUndoReset'>;
  shown: boolean;
}) {
  if (!shown) return null;
  return (
    <div className="banner info reset-undo" role="status" data-testid="reset-undo">
      <div className="banner-body">
        <strong>Reset to defaults.</strong> The experiment you had is one step back (Back) or here:{' '}
        <button type="button" className="link" data-testid="undo-reset" onClick={() => store.undoReset()}>
          Undo
        </button>
      </div>
      <button type="button" className="close" aria-label="Dismiss" onClick={() => store.dismissUndoReset()}>
        ×
      </button>
    </div>
  );
}
