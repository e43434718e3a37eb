import { describe, expect, it } from 'vitest';
import { checkRow } from '@/components/csv/validate-rows';
import { parseFigure, parsePlatform, parseResultDay, resultsCsvSchema } from '@/features/campaigns/utils/results-csv';

describe('parseFigure', () => {
  it.each([
    ['1234', 1234],
    ['1,234', 1234],
    ['1 234', 1234],
    ['$1,234.50', 1234.5],
    ['12.5 USD', 12.5],
    ['', 0],
    ['0', 0],
  ])('reads %j as %d', (text, value) => {
    expect(parseFigure(text)).toBe(value);
  });

  it.each(['-5', 'abc', '1.2.3', '12,34', '1e5', '12%'])('refuses %j', (text) => {
    expect(parseFigure(text)).toBeNull();
  });
});

describe('parseResultDay and parsePlatform', () => {
  it('reads ISO days with dashes or slashes, and refuses impossible ones', () => {
    expect(parseResultDay(' 2026/03/05 ')).toBe('2026-03-05');
    expect(parseResultDay('2026-02-30')).toBeNull();
    expect(parseResultDay('03/05/2026')).toBeNull();
  });

  it('matches platforms without regard to case', () => {
    expect(parsePlatform('tiktok ads')).toBe('TikTok Ads');
    expect(parsePlatform('MySpace')).toBeNull();
  });
});

describe('resultsCsvSchema', () => {
  const schema = resultsCsvSchema('2026-11-23');
  const headers = ['Day', 'Platform', 'Impr.', 'Clicks', 'Conv.', 'Cost', 'Conv. value'];
  const mapping = { day: 'Day', platform: 'Platform', impressions: 'Impr.', clicks: 'Clicks', conversions: 'Conv.', spend: 'Cost', revenue: 'Conv. value' } as const;

  it('turns a row into a result', () => {
    expect(checkRow({ headers }, ['2026-11-01', 'google ads', '1,000', '50', '3', '$20.5', '99.999'], mapping, schema)).toEqual({
      ok: true,
      value: { day: '2026-11-01', platform: 'Google Ads', impressions: 1000, clicks: 50, conversions: 3, spend: 20.5, revenue: 100 },
    });
  });

  it('names every bad cell: day out of range, unknown platform, bad and fractional counts', () => {
    const checked = checkRow({ headers }, ['2026-11-25', 'MySpace', 'many', '1.5', '0', '-3', ''], mapping, schema);
    expect(checked).toEqual({
      ok: false,
      messages: [
        'Date: 2026-11-25 is out of range (2000-01-01 to 2026-11-24)',
        'Platform: "MySpace" is not one of Google Ads, Facebook Ads, Instagram Ads, LinkedIn Ads, Twitter Ads, TikTok Ads',
        'Impressions: "many" is not a number of 0 or more',
        'Clicks: "1.5" is not a whole number',
        'Spend: "-3" is not a number of 0 or more',
      ],
    });
  });

  it('refuses days before 2000', () => {
    expect(checkRow({ headers }, ['1999-12-31', 'Google Ads', '', '', '', '', ''], mapping, schema)).toEqual({
      ok: false,
      messages: ['Date: 1999-12-31 is out of range (2000-01-01 to 2026-11-24)'],
    });
  });
});
