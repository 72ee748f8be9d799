// The `custom` program editor (CodeMirror 6, loaded on demand by ProgramField.tsx):
// highlighting and completion from the schema's language, the engine's check after each
// pause in typing with errors underlined at their line and column, and the schema's
// templates with their help. A program the check accepts is committed (the run follows,
// as for any parameter); one it refuses is not run, and the status line below the editor
// names the first problem's line and column. Keyboard: Ctrl-Space completes, Tab leaves
// (the editor does not trap it), Escape leaves too (to the template picker).
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching } from '@codemirror/language';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState, Prec } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef, useState } from 'react';
import { programCompletions } from './complete';
import { errorText, type CheckProgram, type CheckResult, type LanguageDecl } from './languageDecl';
import { diagnosticsFor } from './lint';
import { customLanguage, programHighlight } from './mode';
import './program.css';

/** The pause in typing after which the program is checked (and, if sound, run). */
export const CHECK_DELAY_MS = 400;

export interface ProgramEditorProps {
  path: string;
  label: string;
  value: string;
  language: LanguageDecl;
  check: CheckProgram;
  describedBy?: string;
  onCommit: (text: string) => void;
}

type Status = { kind: 'idle' } | { kind: 'checking' } | { kind: 'ok' } | { kind: 'errors'; result: CheckResult };

function statusText(s: Status): string {
  if (s.kind === 'checking') return 'checking the program…';
  if (s.kind === 'ok') return 'the engine’s check found no problems';
  if (s.kind === 'idle') return '';
  const [first, ...rest] = s.result.errors;
  const more = rest.length ? ` (and ${rest.length} more problem${rest.length === 1 ? '' : 's'}, underlined)` : '';
  return first ? `Not run: ${errorText(first)}${more}` : 'Not run: the check refused the program';
}

export default function ProgramEditor({
  path,
  label,
  value,
  language,
  check,
  describedBy,
  onCommit,
}: ProgramEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const picker = useRef<HTMLSelectElement>(null);
  const view = useRef<EditorView | null>(null);
  /** The text last committed or received: an outside change differs from it. */
  const known = useRef(value);
  const latest = useRef({ check, onCommit });
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [template, setTemplate] = useState(language.templates[0]?.name ?? '');
  const statusId = `${path}:status`;
  const helpId = `${path}:help`;

  useEffect(() => {
    latest.current = { check, onCommit };
  }, [check, onCommit]);

  // The editor, made once per field (its language is the schema's, fixed while loaded).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let seq = 0;
    const runCheck = (v: EditorView, commit: boolean) => {
      const text = v.state.doc.toString();
      const mine = ++seq;
      setStatus({ kind: 'checking' });
      void latest.current.check(text).then((result) => {
        if (mine !== seq || view.current !== v) return; // a newer edit, or unmounted
        v.dispatch(setDiagnostics(v.state, diagnosticsFor(v.state.doc, result.errors)));
        setStatus(result.ok ? { kind: 'ok' } : { kind: 'errors', result });
        if (result.ok && commit && text !== known.current) {
          known.current = text;
          latest.current.onCommit(text);
        }
      });
    };
    const leave = keymap.of([
      {
        key: 'Escape',
        run: () => {
          picker.current?.focus();
          return true;
        },
      },
    ]);
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: known.current,
        extensions: [
          lineNumbers(),
          EditorView.lineWrapping, // the sidebar is narrow: no sideways scrolling
          history(),
          bracketMatching(),
          closeBrackets(),
          customLanguage(language),
          programHighlight,
          // At most 12 options drawn at a time (arrows move the window), and the list does
          // not scroll: a scrolling listbox is a region axe wants focusable, and this one is
          // driven from the editor (its options are the content's aria-activedescendant).
          autocompletion({ override: [programCompletions(language)], icons: false, maxRenderedOptions: 12 }),
          lintGutter(),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap]),
          Prec.low(leave), // after completion's own Escape (which closes its list)
          EditorView.contentAttributes.of({
            'aria-label': `${label}: program`,
            'aria-describedby': [helpId, statusId, describedBy].filter(Boolean).join(' '),
            'data-testid': `${path}:content`,
          }),
          EditorView.updateListener.of((u) => {
            if (!u.docChanged) return;
            clearTimeout(timer);
            setStatus({ kind: 'checking' });
            timer = setTimeout(() => runCheck(u.view, true), CHECK_DELAY_MS);
          }),
        ],
      }),
    });
    view.current = v;
    runCheck(v, false); // a program from a link: its problems underlined at once
    return () => {
      clearTimeout(timer);
      view.current = null;
      v.destroy();
    };
    // The aria wiring is fixed per field; `describedBy` appears with a run's error only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, path, label]);

  // A value from outside (a link, Back, Reset): shown in place of the text.
  useEffect(() => {
    const v = view.current;
    if (!v || value === known.current) return;
    known.current = value;
    if (v.state.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  const chosen = language.templates.find((t) => t.name === template);
  const useTemplate = () => {
    const v = view.current;
    if (!v || !chosen) return;
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: chosen.program } });
    v.focus();
  };

  return (
    <div className="program-editor">
      {language.templates.length > 0 && (
        <div className="program-templates">
          <label htmlFor={`${path}:template`}>Template</label>{' '}
          <select
            id={`${path}:template`}
            ref={picker}
            data-testid={`${path}:template`}
            value={template}
            aria-describedby={`${path}:template-help`}
            onChange={(e) => setTemplate(e.target.value)}
          >
            {language.templates.map((t) => (
              <option key={t.name} value={t.name}>
                {t.label}
              </option>
            ))}
          </select>{' '}
          <button type="button" data-testid={`${path}:use-template`} onClick={useTemplate}>
            Use this template
          </button>
          {chosen?.help && (
            <p className="muted small template-help" id={`${path}:template-help`}>
              {chosen.help}
            </p>
          )}
        </div>
      )}
      <div ref={host} className="program-host" data-testid={path} />
      <p
        id={statusId}
        className={`program-status small${status.kind === 'errors' ? ' bad' : ''}`}
        role="status"
        aria-live="polite"
        data-testid={statusId}
        data-state={status.kind}
      >
        {statusText(status)}
      </p>
      <p id={helpId} className="muted small">
        Ctrl-Space completes a field or function (with its unit and meaning); Escape or Tab leaves the editor.
      </p>
    </div>
  );
}
