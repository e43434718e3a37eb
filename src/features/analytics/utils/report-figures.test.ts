import { describe, expect, it } from 'vitest';
import { bucketLabel, changeText, formatDuration, metricCards, periodRange } from './report-figures';

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
