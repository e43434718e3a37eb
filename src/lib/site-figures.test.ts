import { describe, expect, it } from 'vitest';
import { toSiteFigures } from './site-figures';

describe('toSiteFigures', () => {
  it('reads both periods with their conversion rates', () => {
    expect(
      toSiteFigures([
        { period: 'current', sites: 2, visitors: 200, pageviews: 640, conversions: 7 },
        { period: 'previous', sites: 2, visitors: 0, pageviews: 0, conversions: 0 },
      ]),
    ).toEqual({
      sites: 2,
      current: { visitors: 200, pageviews: 640, conversions: 7, conversionRate: 3.5 },
      previous: { visitors: 0, pageviews: 0, conversions: 0, conversionRate: null },
    });
  });

  it('is no source at all without rows', () => {
    expect(toSiteFigures([]).sites).toBe(0);
  });
});
