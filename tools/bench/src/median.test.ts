import { medianMetric, pickMedianRun } from './median.ts';

const byScore = (run: { score: number | null }) => run.score;

describe('pickMedianRun', () => {
  it('picks the middle run by score, whatever the run order', () => {
    const runs = [{ score: 95 }, { score: 80 }, { score: 90 }];
    expect(pickMedianRun(runs, byScore)).toEqual({ run: runs[2], index: 2 });
  });

  it('takes the lower of the two middle runs for an even count', () => {
    const runs = [{ score: 70 }, { score: 99 }, { score: 92 }, { score: 88 }];
    expect(pickMedianRun(runs, byScore)?.run.score).toBe(88);
  });

  it('leaves out runs without a score', () => {
    const runs = [{ score: null }, { score: 91 }, { score: 85 }, { score: null }, { score: 97 }];
    expect(pickMedianRun(runs, byScore)).toEqual({ run: runs[1], index: 1 });
  });

  it('keeps run order among equal scores', () => {
    const runs = [
      { score: 90, id: 'a' },
      { score: 90, id: 'b' },
      { score: 90, id: 'c' },
    ];
    expect(pickMedianRun(runs, byScore)?.run.id).toBe('b');
  });

  it('returns the only run, and nothing when no run has a score', () => {
    expect(pickMedianRun([{ score: 42 }], byScore)?.index).toBe(0);
    expect(pickMedianRun([{ score: null }], byScore)).toBeUndefined();
    expect(pickMedianRun([], byScore)).toBeUndefined();
  });

  it('ignores NaN scores', () => {
    const runs = [{ score: Number.NaN }, { score: 60 }];
    expect(pickMedianRun(runs, byScore)?.index).toBe(1);
  });
});

describe('medianMetric', () => {
  const lcp = (run: { lcpMs: number | null }) => run.lcpMs;

  it('is the middle value of the runs that measured it, whatever the run order', () => {
    expect(medianMetric([{ lcpMs: 750 }, { lcpMs: 670 }, { lcpMs: 730 }], lcp)).toBe(730);
    expect(medianMetric([{ lcpMs: null }, { lcpMs: 800 }, { lcpMs: 700 }], lcp)).toBe(800);
  });

  it('takes the higher of the two middle values for an even count, and nothing without values', () => {
    expect(
      medianMetric([{ lcpMs: 700 }, { lcpMs: 900 }, { lcpMs: 750 }, { lcpMs: 800 }], lcp),
    ).toBe(800);
    expect(medianMetric([{ lcpMs: null }], lcp)).toBeUndefined();
  });
});
