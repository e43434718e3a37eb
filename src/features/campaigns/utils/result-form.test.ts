import { describe, expect, it } from 'vitest';
import { checkResultForm, emptyResultForm } from '@/features/campaigns/utils/result-form';

describe('checkResultForm', () => {
  it('turns the typed figures into a result (empty figures are 0)', () => {
    const values = { ...emptyResultForm('2026-11-23'), clicks: '12', spend: '4.5' };
    expect(checkResultForm(values, '2026-11-23')).toEqual({
      errors: {},
      input: { day: '2026-11-23', platform: 'Google Ads', impressions: 0, clicks: 12, conversions: 0, spend: 4.5, revenue: 0 },
    });
  });

  it('takes fractional conversions (2.50), as Google Ads reports them', () => {
    const values = { ...emptyResultForm('2026-11-23'), conversions: '2.50', spend: '10' };
    expect(checkResultForm(values, '2026-11-23')).toMatchObject({ errors: {}, input: { conversions: 2.5, spend: 10 } });
    expect(checkResultForm({ ...values, conversions: '-1' }, '2026-11-23').errors).toEqual({ conversions: '"-1" is not a number of 0 or more' });
  });

  it('puts each problem by its field', () => {
    const values = { ...emptyResultForm('2026-11-23'), day: '2026-12-01', clicks: '1.5', revenue: 'lots' };
    expect(checkResultForm(values, '2026-11-23')).toEqual({
      errors: {
        day: '2026-12-01 is out of range (2000-01-01 to 2026-11-24)',
        clicks: '"1.5" is not a whole number',
        revenue: '"lots" is not a number of 0 or more',
      },
      input: null,
    });
  });
});
