// The "?" list of keyboard shortcuts, drawn from the table the key handlers use
// (keyTable.ts), so it names every key that does something and nothing else.
import { useEffect, useRef } from 'react';
import { keyName, SHORTCUT_ROWS } from './keyTable';

export function ShortcutList({ onClose }: { onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    close.current?.focus();
    return () => before?.focus?.();
  }, []);
  return (
    <div
      className="shortcut-list"
      role="dialog"
      aria-modal="true"
      aria-labelledby="shortcut-list-title"
      data-testid="shortcut-list"
    >
      <h2 id="shortcut-list-title">Keyboard shortcuts</h2>
      <table>
        <tbody>
          {SHORTCUT_ROWS.map((r) => (
            <tr key={r.what} data-keys={r.keys.map((k) => k.key).join(' ')}>
              <th scope="row">
                {r.keys.map((k, n) => (
                  <span key={k.key}>
                    {n > 0 && r.joiner}
                    <kbd>{keyName(k.key)}</kbd>
                  </span>
                ))}
              </th>
              <td>{r.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted-note">Shortcuts do nothing while you type in a field.</p>
      <button type="button" className="shortcut-close" ref={close} onClick={onClose} data-testid="shortcut-close">
        Close
      </button>
    </div>
  );
}
