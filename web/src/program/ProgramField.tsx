// A "text" parameter's control (a `custom` program): the program editor, loaded on
// demand (CodeMirror is a chunk of its own, fetched the first time a flow's protocol is
// `custom`; the page's first load does not carry it). Until it arrives, a note says so.
// Test ids: "<path>" the editor, "<path>:status" its check, "<path>:template" and
// "<path>:use-template" the template picker, "<path>:error" a run's error. Below the
// editor, the trace of the round the flow's "Trace round" names (ProgramTrace.tsx).
import { lazy, Suspense, useContext } from 'react';
import { ProgramContext } from './context';
import { ProgramTrace } from './ProgramTrace';

const ProgramEditor = lazy(() => import('./ProgramEditor'));

export interface ProgramFieldProps {
  path: string;
  label: string;
  value: string;
  /** A run's error naming this program (the engine's, with handler and line). */
  engineError?: string;
  onChange: (path: string, value: string) => void;
}

export function ProgramField({ path, label, value, engineError, onChange }: ProgramFieldProps) {
  const { language, check, source } = useContext(ProgramContext);
  const errorId = `${path}:error`;
  return (
    <div className={`param param-text${engineError ? ' has-error' : ''}`} data-param={path}>
      <span className="param-label" id={`${path}:label`}>
        {label}
      </span>
      {language ? (
        <Suspense fallback={<p className="muted small">loading the program editor…</p>}>
          <ProgramEditor
            path={path}
            label={label}
            value={value}
            language={language}
            check={check}
            describedBy={engineError ? errorId : undefined}
            onCommit={(text) => onChange(path, text)}
          />
        </Suspense>
      ) : (
        <p className="muted small">This engine declares no language for programs.</p>
      )}
      {language?.trace && source && <ProgramTrace path={path} decl={language.trace} source={source} />}
      {engineError && (
        <div className="param-error" id={errorId} role="alert" data-testid={errorId}>
          {engineError}
        </div>
      )}
    </div>
  );
}
