import { describe, expect, it } from 'vitest';
import { leadScoreBand } from './lead-score';

describe('leadScoreBand', () => {
  it.each([
    [100, 'hot'],
    [80, 'hot'],
    [79, 'warm'],
    [79.5, 'warm'],
    [60, 'warm'],
    [59, 'cool'],
    [40, 'cool'],
    [39, 'cold'],
    [0, 'cold'],
  ])('%d → %s', (score, band) => {
    expect(leadScoreBand(score)).toBe(band);
  });

  it.each([-1, 101, Number.NaN, Number.POSITIVE_INFINITY])('has no band for %d', (score) => {
    expect(leadScoreBand(score)).toBeUndefined();
  });
});
