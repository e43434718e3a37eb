import { describe, expect, it } from 'vitest';
import { resolvable, roundRatios, summaryLines, withinTargets } from './bench-api-rounds';

describe('roundRatios', () => {
  it('compares the API with the mean of the ceilings before and after it', () => {
    const ratios = roundRatios({ rps: 630, p99: 120 }, { rps: 540, p99: 90 }, { rps: 600, p99: 100 }, { rps: 800, p99: 60 });
    expect(ratios.throughput).toBeCloseTo(0.9);
    expect(ratios.p99).toBeCloseTo(1.5);
    expect(ratios.keptThroughput).toBeCloseTo(540 / 700);
    expect(ratios.keptP99).toBeCloseTo(90 / 80);
    expect(ratios.ceilingDrift).toBeCloseTo(800 / 600);
  });

  it('is the plain ratio when both ceilings agree', () => {
    const ceiling = { rps: 700, p99: 100 };
    expect(roundRatios({ rps: 700, p99: 100 }, { rps: 350, p99: 200 }, ceiling, ceiling)).toEqual({
      throughput: 1, p99: 1, keptThroughput: 0.5, keptP99: 2, ceilingDrift: 1,
    });
  });
});

describe('withinTargets', () => {
  it.each([
    [0.9, 1.5, true],
    [1.2, 0.4, true],
    [0.89, 1.0, false],
    [1.0, 1.51, false],
    [0.5, 3, false],
  ])('throughput %s, p99 %s × → %s', (throughput, p99, expected) => {
    expect(withinTargets(throughput, p99)).toBe(expected);
  });
});

describe('resolvable (the ceiling measured twice)', () => {
  it.each([
    [1, true],
    [0.9, true],
    [1.11, true],
    [0.89, false],
    [1.12, false],
  ])('after ÷ before %s → %s', (drift, expected) => {
    expect(resolvable(drift)).toBe(expected);
  });
});

describe('summaryLines', () => {
  it('lists every round and counts each verdict', () => {
    const lines = summaryLines([
      { run: 1, round: 1, name: 'list', throughput: 0.95, p99: 1.1, keptThroughput: 0.85, keptP99: 1.0, ceilingDrift: 1.02 },
      { run: 1, round: 2, name: 'embed', throughput: 0.8, p99: 1.2, keptThroughput: 0.92, keptP99: 1.4, ceilingDrift: 0.85 },
    ]);
    expect(lines[2]).toMatch(/^\s+1\s+1 list\s+0\.95\s+1\.10\s+yes .*0\.85\s+1\.00\s+no .*\|\s+1\.02$/);
    expect(lines[3]).toMatch(/0\.80\s+1\.20\s+no .*0\.92\s+1\.40\s+yes .*0\.85 \(more than 10 % apart\)$/);
    expect(lines.slice(-3)).toEqual([
      '  wrk: 1 of 2 rounds within both targets',
      '  kept-alive client: 1 of 2 rounds within both targets',
      "  the ceiling's two measurements within 10 % of each other: 1 of 2 rounds",
    ]);
  });
});
