import { describe, expect, it } from 'vitest';
import { parseCsvText } from '@/components/csv/parse-csv';
import { suggestMapping } from '@/components/csv/csv-schema';
import { validateRows } from '@/components/csv/validate-rows';
import { resultColumns } from '@/features/campaigns/utils/results-export';
import { resultsCsvSchema } from '@/features/campaigns/utils/results-csv';
import { toCsv } from '@/lib/csv-export';

describe('resultColumns', () => {
  it('exports results that the import reads back unchanged (round trip)', async () => {
    const row = { id: 'r', organization_id: 'o', campaign_id: 'c', day: '2026-11-01', platform: 'Google Ads', impressions: 1000, clicks: 50, conversions: 3, spend: 20.5, revenue: 99.99, user_id: null, created_at: '', updated_at: '' };
    const text = toCsv(resultColumns('=Spring "Sale"'), [row], { bom: false });
    expect(text.split('\r\n')[1]).toBe('"\'=Spring ""Sale""",2026-11-01,Google Ads,1000,50,3,20.5,99.99');
    const parsed = parseCsvText(text, 'utf-8');
    if (!parsed.ok) throw new Error('not parsed');
    const schema = resultsCsvSchema('2026-11-23');
    const checked = await validateRows(parsed.csv, suggestMapping(parsed.csv.headers, schema.fields), schema);
    expect(checked.valid.map((entry) => entry.value)).toEqual([{ day: '2026-11-01', platform: 'Google Ads', impressions: 1000, clicks: 50, conversions: 3, spend: 20.5, revenue: 99.99 }]);
  });
});
