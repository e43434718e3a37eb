import { afterEach, describe, expect, it } from 'vitest';
import { localDay } from '@/lib/periods';
import { bucketLabel, changeText, chartRows, formatDuration, metricCards, periodRange, reportToday } from './report-figures';

describe('periodRange', () => {
  it('covers the first day from midnight UTC to the midnight after the last', () => {
    expect(periodRange({ from: '2026-02-27', to: '2026-03-01' })).toEqual({ start: '2026-02-27T00:00:00.000Z', end: '2026-03-02T00:00:00.000Z' });
    expect(periodRange({ from: '2026-12-31', to: '2026-12-31' })).toEqual({ start: '2026-12-31T00:00:00.000Z', end: '2027-01-01T00:00:00.000Z' });
  });
});

describe('formatDuration', () => {
  it.each([[0, '0s'], [42.4, '42s'], [59.6, '1m 0s'], [222, '3m 42s'], [3725, '1h 2m'], [-5, '0s']])('%s s → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('changeText', () => {
  it.each([
    [120, 100, '+20%'],
    [97, 100, '-3%'],
    [100, 100, '0%'],
    [1, 3, '-66.7%'],
    [5, 0, 'new'],
    [0, 0, '—'],
    [5, undefined, '—'],
  ])('%s against %s → %s', (current, previous, text) => {
    expect(changeText(current, previous)).toBe(text);
  });
});

describe('metricCards', () => {
  const totals = { visitors: 1234, visits: 1500, pageviews: 4000, views_per_visit: 2.67, bounce_rate: 41, visit_duration: 222, events: 3 };
  it('reads the five figures with their change; a falling bounce rate is good news', () => {
    const cards = metricCards({ totals, previous: { ...totals, visitors: 1000, bounce_rate: 50 } });
    expect(cards.map(({ label, value, change }) => [label, value, change])).toEqual([
      ['Unique Visitors', '1,234', '+23.4%'],
      ['Page Views', '4,000', '0%'],
      ['Views per Visit', '2.67', '0%'],
      ['Bounce Rate', '41%', '-18%'],
      ['Visit Duration', '3m 42s', '0%'],
    ]);
    expect(cards.find((card) => card.key === 'bounce_rate')?.lowerIsBetter).toBe(true);
  });

  it('has no change without a previous period', () => {
    expect(metricCards({ totals, previous: null }).every((card) => card.change === '—')).toBe(true);
  });
});

describe('bucketLabel', () => {
  it('names a UTC day or hour', () => {
    expect(bucketLabel('2026-03-10T00:00:00+00:00', 'day')).toBe('2026-03-10');
    expect(bucketLabel('2026-03-10T14:00:00+00:00', 'hour')).toBe('2026-03-10 14:00');
  });
});

describe('reportToday: the UTC day, whatever the user’s time zone', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('in New York at 21:00 local time (02:00 UTC the next day) the report’s last 30 days end the next day, after now', () => {
    process.env.TZ = 'America/New_York';
    const now = new Date('2026-03-11T02:00:00Z');
    expect(localDay(now)).toBe('2026-03-10');
    expect(reportToday(now)).toBe('2026-03-11');
    const range = periodRange({ from: '2026-02-10', to: reportToday(now) });
    expect(Date.parse(range.end)).toBeGreaterThan(now.getTime());
    // The local day as the last day would have ended the period two hours ago: those hours' events left out.
    expect(Date.parse(periodRange({ from: '2026-02-09', to: localDay(now) }).end)).toBeLessThan(now.getTime());
  });

  it('in Tokyo at 08:00 local time (23:00 UTC the day before) it is the UTC day, which has not ended yet', () => {
    process.env.TZ = 'Asia/Tokyo';
    const now = new Date('2026-03-10T23:00:00Z');
    expect(localDay(now)).toBe('2026-03-11');
    expect(reportToday(now)).toBe('2026-03-10');
  });
});

describe('chartRows', () => {
  const series = [
    { bucket: '2026-03-10T00:00:00+00:00', visitors: 4, visits: 5, pageviews: 9 },
    { bucket: '2026-03-11T00:00:00+00:00', visitors: 1, visits: 1, pageviews: 2 },
  ];
  it('puts the comparison range’s visitors beside each bucket, position by position', () => {
    const previous = [{ bucket: '2026-03-08T00:00:00+00:00', visitors: 7, visits: 7, pageviews: 8 }];
    expect(chartRows({ series, previous_series: previous, interval: 'day' })).toEqual([
      { bucket: '2026-03-10', visitors: 4, pageviews: 9, previousVisitors: 7 },
      { bucket: '2026-03-11', visitors: 1, pageviews: 2, previousVisitors: 0 },
    ]);
  });

  it('has no comparison column without a comparison range', () => {
    expect(chartRows({ series, previous_series: null, interval: 'day' })[0]).toEqual({ bucket: '2026-03-10', visitors: 4, pageviews: 9 });
  });
});
