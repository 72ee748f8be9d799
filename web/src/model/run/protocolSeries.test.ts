import { describe, expect, it } from 'vitest';
import type { ProtocolDecl } from '../../engine/types';
import { declaredSeries } from './protocolSeries';
import type { ParamModel } from '../params/params';

const protocols: ProtocolDecl[] = [
  { name: 'newreno', label: 'NewReno', series: ['cwnd', 'ssthresh', 'fast_retransmit'] } as ProtocolDecl,
  { name: 'bbr', label: 'BBR v1', series: ['cwnd', 'fast_retransmit'] } as ProtocolDecl,
  { name: 'old', label: 'Old' } as ProtocolDecl,
];
const model = { protocols } as unknown as ParamModel;

describe("a protocol's declared series", () => {
  it('leaves out the ssthresh a protocol does not declare', () => {
    expect(declaredSeries(model, 'bbr')?.has('ssthresh')).toBe(false);
    expect(declaredSeries(model, 'bbr')?.has('cwnd')).toBe(true);
    expect(declaredSeries(model, 'newreno')?.has('ssthresh')).toBe(true);
  });
  it('draws everything when the schema does not say', () => {
    expect(declaredSeries(model, 'old')).toBeNull();
    expect(declaredSeries(model, 'nonesuch')).toBeNull();
    expect(declaredSeries(undefined, 'bbr')).toBeNull();
  });
});
