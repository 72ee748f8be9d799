// Pairings in the compare list (views.ts isEntry: "protocol/recovery", a protocol's
// congestion control with another loss recovery, LE paper §3.3): one chip per pairing
// already compared (unticking removes it) and a form that adds one. Test ids:
// <prefix>-pair:<entry> (the chip's box), <prefix>-pair-cc, <prefix>-pair-recovery,
// <prefix>-pair-add.
import { useState } from 'react';
import { optionLabel, protocolLabel, RECOVERY_PATH } from '../model/params/labels';
import type { ParamModel } from '../model/params/params';
import './protocolPicker.css';
import { MAX_COMPARE, protocolOptions, recoveryOptions } from '../model/views';

interface Props {
  model: ParamModel;
  compare: readonly string[];
  prefix: string;
  color: (entry: string) => string;
  onChange: (compare: string[]) => void;
}

export function PairingPicker({ model, compare, prefix, color, onChange }: Props) {
  const protocols = protocolOptions(model);
  const recoveries = recoveryOptions(model);
  const [cc, setCc] = useState(protocols[0] ?? '');
  const [recovery, setRecovery] = useState(recoveries[0] ?? '');
  const pairs = compare.filter((e) => e.includes('/'));
  const entry = `${cc}/${recovery}`;
  const full = compare.length >= MAX_COMPARE;
  const decl = model.byPath.get(RECOVERY_PATH)?.decl;
  return (
    <>
      {pairs.map((p) => (
        <label key={p} className="proto-chip on" style={{ ['--chip' as string]: color(p) }}>
          <input
            type="checkbox"
            checked
            disabled={compare.length === 1}
            data-testid={`${prefix}-pair:${p}`}
            onChange={() => onChange(compare.filter((e) => e !== p))}
          />
          {protocolLabel(model, p)}
        </label>
      ))}
      <span className="pair-form" title="A protocol's congestion control with another loss recovery (LE paper §3.3)">
        <select
          aria-label="Pair the congestion control of"
          data-testid={`${prefix}-pair-cc`}
          value={cc}
          onChange={(e) => setCc(e.target.value)}
        >
          {protocols.map((p) => (
            <option key={p} value={p}>
              {protocolLabel(model, p)}
            </option>
          ))}
        </select>
        <select
          aria-label="with the loss recovery of"
          data-testid={`${prefix}-pair-recovery`}
          value={recovery}
          onChange={(e) => setRecovery(e.target.value)}
        >
          {recoveries.map((r) => (
            <option key={r} value={r}>
              {optionLabel(decl, r)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="secondary"
          data-testid={`${prefix}-pair-add`}
          disabled={full || compare.includes(entry)}
          onClick={() => onChange([...compare, entry])}
        >
          + pairing
        </button>
      </span>
    </>
  );
}
