// A "CSV" button beside a table: saves the tables of the panel it sits in.
import { useRef } from 'react';
import { downloadText, fileSlug } from './download';
import { seedSuffix } from './experimentInfo';
import { tableCsv } from './tableCsv';
import './export.css';

export function TableExport({ name }: { name: string }) {
  const ref = useRef<HTMLButtonElement>(null);
  const save = () => {
    const panel = ref.current?.closest('section, details, .panel, .evidence');
    const tables = panel ? Array.from(panel.querySelectorAll('table')) : [];
    downloadText(tableCsv(tables), `${fileSlug(name)}${seedSuffix()}.csv`, 'text/csv');
  };
  return (
    <button
      ref={ref}
      type="button"
      className="table-export"
      onClick={save}
      data-testid="table-export"
      title={`Save the ${name} as CSV`}
    >
      ⤓ CSV
    </button>
  );
}
