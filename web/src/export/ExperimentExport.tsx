// The header's "Export" button: a dialog that saves the experiment as a scenario JSON
// the CLI runs, shows the exact command line with a copy button, and saves the run's
// summary as CSV. It also keeps the seed current for the charts' export file names.
// (The header's button styles are light on navy: the dialog is rendered into <body>.)
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ParamModel, Values } from '../model/params/params';
import { downloadText } from './download';
import { pageLink } from '../url/link';
import { seedSuffix, setExportHash, setExportSeed } from './experimentInfo';
import { cliCommand, scenarioFile, summaryCsv } from './experimentExport';
import './export.css';

interface Props {
  model?: ParamModel;
  values: Values;
  summary?: Record<string, unknown>;
  /** The experiment's link (url/link.ts), for the dialog and the charts' captions. */
  hash: string;
  disabled: boolean;
}

export function ExperimentExport({ model, values, summary, hash, disabled }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [copied, setCopied] = useState(false);
  const seed = values.seed;
  useEffect(() => setExportSeed(seed), [seed]);
  useEffect(() => setExportHash(hash), [hash]);

  const fileName = `protocol-lab${seedSuffix() || (seed !== undefined ? `-seed${String(seed)}` : '')}.json`;
  const command = cliCommand(fileName);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
      setCopied(true);
    } catch {
      window.prompt('Copy this command:', command);
    }
  };

  return (
    <>
      <button
        type="button"
        disabled={disabled || !model}
        data-testid="export-experiment"
        onClick={() => {
          setCopied(false);
          dialog.current?.showModal();
        }}
      >
        Export…
      </button>
      {createPortal(
        <dialog
          ref={dialog}
          className="export-dialog"
          aria-labelledby="export-dialog-title"
          data-testid="export-dialog"
        >
          <h2 id="export-dialog-title">Export this experiment</h2>
          <p>
            Save the scenario and run it with the lab&apos;s command-line engine from the project folder; it prints the
            same summary as this page (same seed, same numbers).
          </p>
          <div className="export-row">
            <button
              type="button"
              data-testid="export-scenario"
              onClick={() => model && downloadText(scenarioFile(model, values), fileName, 'application/json')}
            >
              Save scenario ({fileName})
            </button>
            {summary && (
              <button
                type="button"
                data-testid="export-summary-csv"
                onClick={() =>
                  downloadText(
                    summaryCsv(summary, model?.figures),
                    fileName.replace(/\.json$/, '-summary.csv'),
                    'text/csv',
                  )
                }
              >
                Save summary (CSV)
              </button>
            )}
          </div>
          <label className="export-command">
            Command line
            <span className="export-command-row">
              <code data-testid="export-command">{command}</code>
              <button type="button" onClick={() => void copy()} data-testid="export-copy-command">
                {copied ? 'Copied' : 'Copy'}
              </button>
            </span>
          </label>
          <p className="export-link">
            Link to this experiment: <span data-testid="export-link">{disabled ? '' : pageLink(hash)}</span>
          </p>
          <form method="dialog">
            <button type="submit" data-testid="export-close">
              Close
            </button>
          </form>
        </dialog>,
        // In <body>, not in the header: the header's button styles (light on navy) must not apply.
        document.body,
      )}
    </>
  );
}
