import { describe, expect, it } from 'vitest';
import { checkRow } from '@/components/csv/validate-rows';
import { validateRows } from '@/components/csv/validate-rows';
import { parsePlatform, resultsCsvSchema } from '@/features/campaigns/utils/results-csv';

describe('parsePlatform', () => {
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

  it('keeps fractional conversions to the cent (data-driven attribution: 2.50), and reads "--" as nothing', () => {
    expect(checkRow({ headers }, ['2026-11-01', 'Google Ads', '1,000', ' --', '2.50', '1012.45', '1,250.00'], mapping, schema)).toEqual({
      ok: true,
      value: { day: '2026-11-01', platform: 'Google Ads', impressions: 1000, clicks: 0, conversions: 2.5, spend: 1012.45, revenue: 1250 },
    });
    expect(checkRow({ headers }, ['2026-11-01', 'Google Ads', '', '', '4,838.806', '', ''], mapping, schema)).toMatchObject({ ok: true, value: { conversions: 4838.81 } });
  });

  it('refuses figures in another currency than the US dollar, by the cell or by the Currency column', () => {
    const withCurrency = [...headers, 'Currency code'];
    const currencyMapping = { ...mapping, currency: 'Currency code' };
    expect(checkRow({ headers: withCurrency }, ['2026-11-01', 'Google Ads', '', '', '', '€12.50', '', 'USD'], currencyMapping, schema)).toEqual({
      ok: false,
      messages: ['Spend: "€12.50" is in €: figures are imported in US dollars'],
    });
    expect(checkRow({ headers: withCurrency }, ['2026-11-01', 'Google Ads', '', '', '', '12.50', '', 'INR'], currencyMapping, schema)).toEqual({
      ok: false,
      messages: ['Currency: this file’s figures are in INR; only US dollars (USD) can be imported: export the report in USD'],
    });
    expect(checkRow({ headers: withCurrency }, ['2026-11-01', 'Google Ads', '', '', '', '12.50', '', 'usd'], currencyMapping, schema)).toMatchObject({ ok: true, value: { spend: 12.5 } });
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

describe('resultsCsvSchema over a whole file', () => {
  const schema = resultsCsvSchema('2026-11-27');
  const csv = (headers: string[], rows: string[][]) => ({ headers, rows: rows.map((cells, index) => ({ line: index + 2, cells })), encoding: 'utf-8' as const, headerLine: 1, leftOut: [] });

  it('reads days with slashes day first when one day of the file says so, month first otherwise', async () => {
    const mapping = { day: 'Date', platform: 'Platform', spend: 'Spend' };
    const dayFirst = await validateRows(csv(['Date', 'Platform', 'Spend'], [['01/03/2026', 'Google Ads', '1'], ['25/03/2026', 'Google Ads', '2']]), mapping, schema);
    expect(dayFirst.valid.map((row) => row.value.day)).toEqual(['2026-03-01', '2026-03-25']);
    const monthFirst = await validateRows(csv(['Date', 'Platform', 'Spend'], [['10/1/2026', 'Google Ads', '1'], ['10/7/2026', 'Google Ads', '2']]), mapping, schema);
    expect(monthFirst.valid.map((row) => row.value.day)).toEqual(['2026-10-01', '2026-10-07']);
  });

  it('leaves out a row over several days (Meta’s summary row) and keeps the one-day rows', async () => {
    const mapping = { day: 'Reporting starts', dayEnd: 'Reporting ends', spend: 'Amount spent (USD)' };
    const rows = [
      ['2026-10-01', '2026-10-07', '872.20'],
      ['2026-10-01', '2026-10-01', '120.40'],
      ['2026-10-02', '2026-10-02', '118.95'],
    ];
    const checked = await validateRows(csv(['Reporting starts', 'Reporting ends', 'Amount spent (USD)'], rows), mapping, schema, { fixed: { platform: 'Facebook Ads' } });
    expect(checked.skipped).toEqual([{ line: 2, reason: 'it covers 2026-10-01 to 2026-10-07, not one day (a summary row)' }]);
    expect(checked.valid.map((row) => [row.line, row.value.day, row.value.spend])).toEqual([
      [3, '2026-10-01', 120.4],
      [4, '2026-10-02', 118.95],
    ]);
    expect(checked.errors).toEqual([]);
  });
});
