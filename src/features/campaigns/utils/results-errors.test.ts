import { describe, expect, it } from 'vitest';
import { describeResultsError } from '@/features/campaigns/utils/results-errors';
import { AccessLostError } from '@/lib/access-lost';

describe('describeResultsError', () => {
  it('says why, in the app’s words, with the lines the database named', () => {
    expect(describeResultsError({ code: '42501', message: 'new row violates row-level security policy' })).toBe('Your access role does not allow importing results');
    expect(describeResultsError({ code: 'P0001', details: 'campaign_missing', message: 'This campaign does not exist.' })).toBe('This campaign no longer exists');
    expect(describeResultsError({ code: 'P0001', details: 'invalid_rows', message: '1 rows refused, nothing imported: line 3: Clicks: must be a number' })).toBe(
      'Some rows were refused and nothing was imported: line 3: Clicks: must be a number',
    );
    expect(describeResultsError(new Error('Failed to fetch'))).toBe('Failed to fetch');
  });

  it('says that access was lost when the check after a refusal found the user removed (issue 25)', () => {
    const lost = new AccessLostError('Analytical Engines', 'removed', { cause: { code: 'P0001', details: 'campaign_missing' } });
    expect(describeResultsError(lost)).toBe('You no longer have access to Analytical Engines.');
  });
});
