// A sweep's claims read its finished points only, so the page judges them again when a
// point finishes (App.tsx), not at each batch of results (issue 19: LE Fig. 4's claims
// were judged every 100 ms).
import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../engine/types';
import { finishedPoints, sweepData } from './verdict';

const S = (o: Record<string, number>) => o as RunSummary;

describe('a sweep’s finished points', () => {
  it('counts the points whose runs are all back (a failed run is back), per series', () => {
    const runs = [
      {
        summaries: [
          [S({ t: 1 }), S({ t: 2 })],
          [S({ t: 1 }), undefined],
          [null, S({ t: 3 })],
        ],
      },
      {
        summaries: [
          [undefined, undefined],
          [S({ t: 1 }), null],
          [S({ t: 1 }), S({ t: 1 })],
        ],
      },
    ];
    expect(finishedPoints(runs)).toBe(4);
    // What the claims read does not change until one more point finishes.
    const partial = sweepData([1, 2, 3], [{ protocol: 'le', summaries: runs[0].summaries }]);
    expect(partial.values('le', 't', 2)).toBeNull();
    expect(partial.values('le', 't', 3)).toEqual([3]);
  });
});
