import { describe, expect, it } from 'vitest';
import { foreignCurrency, inferDayOrder, parseFigure, parseReportDay } from '@/features/campaigns/utils/export-values';

describe('parseFigure', () => {
  it.each([
    ['1234', 1234],
    ['1,234', 1234],
    ['1 234', 1234],
    ['$1,234.50', 1234.5],
    ['US$ 1,234.50', 1234.5],
    ['12.5 USD', 12.5],
    ['USD 12.5', 12.5],
    ['4,838.80', 4838.8], // Google Ads: fractional conversions, grouped
    ['2.50', 2.5],
    ['103606.77', 103606.77], // Google Ads writes Cost without grouping
    [' --', 0], // Google Ads: "no data"
    ['--', 0],
    ['—', 0],
    ['', 0],
    ['0', 0],
  ])('reads %j as %d', (text, value) => {
    expect(parseFigure(text)).toBe(value);
  });

  it.each(['-5', 'abc', '1.2.3', '12,34', '1487,67', '1e5', '12%', '< 10%', '1,23,456'])('refuses %j', (text) => {
    expect(parseFigure(text)).toBeNull();
  });
});

describe('foreignCurrency', () => {
  it.each([
    ['€12.50', '€'],
    ['12.50 €', '€'],
    ['£3', '£'],
    ['12.50 EUR', 'EUR'],
    ['INR 1,661.67', 'INR'],
    ['$12.50', null],
    ['12.50 USD', null],
    ['1,234.50', null],
    [' --', null],
  ])('%j → %j', (text, currency) => {
    expect(foreignCurrency(text)).toBe(currency);
  });
});

describe('parseReportDay', () => {
  it.each([
    ['2026-03-05', '2026-03-05'],
    [' 2026/03/05 ', '2026-03-05'],
    ['2026-3-5', '2026-03-05'],
    ['3/5/2026', '2026-03-05'], // LinkedIn, month first
    ['10/1/2026', '2026-10-01'],
    ['05.03.2026', '2026-03-05'], // dots: day first
    ['Mar 5, 2026', '2026-03-05'],
    ['March 5, 2026', '2026-03-05'],
    ['Thu, Mar 5, 2026', '2026-03-05'],
    ['5 March 2026', '2026-03-05'],
    ['Thursday, 5 Mar 2026', '2026-03-05'],
  ])('reads %j as %s', (text, day) => {
    expect(parseReportDay(text)).toBe(day);
  });

  it('reads slashes day first when told', () => {
    expect(parseReportDay('05/03/2026', 'day-first')).toBe('2026-03-05');
    expect(parseReportDay('25/03/2026', 'day-first')).toBe('2026-03-25');
    expect(parseReportDay('25/03/2026', 'month-first')).toBeNull();
  });

  it.each(['2026-02-30', '13/13/2026', 'Smarch 5, 2026', 'Ma 5, 2026', 'yesterday', '2026', '', ' --'])('refuses %j', (text) => {
    expect(parseReportDay(text)).toBeNull();
  });
});

describe('inferDayOrder', () => {
  it('reads day first when a day of the file starts with a number over 12, else month first', () => {
    expect(inferDayOrder(['01/03/2026', '25/03/2026'])).toBe('day-first');
    expect(inferDayOrder(['3/1/2026', '3/25/2026'])).toBe('month-first');
    expect(inferDayOrder(['10/1/2026', '10/7/2026'])).toBe('month-first');
    expect(inferDayOrder(['2026-10-01', ''])).toBe('month-first');
  });
});
