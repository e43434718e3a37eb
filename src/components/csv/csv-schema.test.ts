import { describe, expect, it } from 'vitest';
import { doublyMappedHeaders, missingRequiredFields, normaliseHeader, suggestMapping } from '@/components/csv/csv-schema';
import { testSchema } from '@/components/csv/csv-test-schema';

describe('normaliseHeader', () => {
  it('ignores case, spaces, punctuation and accents', () => {
    expect(normaliseHeader(' Amount spent (USD) ')).toBe('amountspentusd');
    expect(normaliseHeader('Dépense')).toBe('depense');
  });
});

describe('suggestMapping', () => {
  it('matches headers by key, label or alias, whatever their spelling', () => {
    expect(suggestMapping(['Day', 'PLATFORM', 'Link Clicks', 'Amount spent (USD)'], testSchema.fields)).toEqual({
      date: 'Day',
      platform: 'PLATFORM',
      clicks: 'Link Clicks',
      spend: 'Amount spent (USD)',
    });
  });

  it('starts from the remembered mapping when its columns are in the file', () => {
    const remembered = { date: 'When', clicks: 'Taps', spend: 'Gone' };
    expect(suggestMapping(['When', 'Platform', 'Taps', 'Spend'], testSchema.fields, remembered)).toEqual({
      date: 'When',
      platform: 'Platform',
      clicks: 'Taps',
      spend: 'Spend',
    });
  });

  it('uses a column once and leaves a field without a match open', () => {
    expect(suggestMapping(['Date', 'Other'], testSchema.fields, { platform: 'Date' })).toEqual({ platform: 'Date' });
  });
});

describe('missingRequiredFields and doublyMappedHeaders', () => {
  it('names the required fields without a column', () => {
    expect(missingRequiredFields(testSchema.fields, { date: 'Day' }).map((field) => field.key)).toEqual(['platform', 'clicks']);
    expect(missingRequiredFields(testSchema.fields, { date: 'a', platform: 'b', clicks: 'c' })).toEqual([]);
    // A value for every line fills a field as well as a column does.
    expect(missingRequiredFields(testSchema.fields, { date: 'a', clicks: 'c' }, { platform: 'Google Ads' })).toEqual([]);
    expect(missingRequiredFields(testSchema.fields, { date: 'a', clicks: 'c' }, { platform: '' }).map((field) => field.key)).toEqual(['platform']);
  });

  it('names a column chosen for two fields', () => {
    expect(doublyMappedHeaders({ date: 'A', platform: 'A', clicks: 'B' })).toEqual(['A']);
    expect(doublyMappedHeaders({ date: 'A', platform: 'B' })).toEqual([]);
  });
});
