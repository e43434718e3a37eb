import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { presetPeriod, localDay } from './periods';
import { siteFigureDays, toSiteFigures } from './site-figures';

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

describe('siteFigureDays: the UTC days of a period of local days', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  describe('in Los Angeles (UTC−8 in March), at 18:00 local time: already 02:00 of the next day in UTC', () => {
    beforeEach(() => {
      process.env.TZ = 'America/Los_Angeles';
    });
    const now = new Date('2026-03-11T02:00:00Z');

    it('the local day is still the 10th: the last 30 days end on the UTC day of now, the 11th, and keep 30 days', () => {
      expect(localDay(now)).toBe('2026-03-10');
      expect(siteFigureDays(presetPeriod(30, localDay(now)), now)).toEqual({ from: '2026-02-10', to: '2026-03-11' });
    });

    it('leaves a period of past days as it is', () => {
      expect(siteFigureDays({ from: '2026-02-01', to: '2026-02-28' }, now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    });
  });

  it('in Tokyo (UTC+9) at 05:00 local time, still the day before in UTC: the period ends on that UTC day', () => {
    process.env.TZ = 'Asia/Tokyo';
    const now = new Date('2026-03-10T20:00:00Z');
    expect(localDay(now)).toBe('2026-03-11');
    expect(siteFigureDays(presetPeriod(7, localDay(now)), now)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
  });
});
