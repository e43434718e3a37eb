import { describe, expect, it } from 'vitest';
import { AccessLostError, accessLostDescription, mayMeanLostAccess, RowGoneError } from '@/lib/access-lost';

describe('mayMeanLostAccess', () => {
  it.each([
    [new RowGoneError('This content item no longer exists.'), true],
    [{ code: '42501', message: 'new row violates row-level security policy' }, true],
    [{ code: '42501', details: 'not_a_member', message: 'You are not a member of this workspace.' }, true],
    [{ code: 'P0001', details: 'campaign_missing', message: 'This campaign does not exist.' }, true],
    [{ code: 'P0001', details: 'unknown_contacts', message: 'Some of the chosen contacts…' }, true],
    [{ code: 'P0001', details: 'invalid_rows', message: 'line 3: …' }, false],
    [{ code: '23505', message: 'duplicate key value' }, false],
    [{ code: 'PGRST301', message: 'JWT expired' }, false],
    [new TypeError('Failed to fetch'), false],
    [null, false],
    ['boom', false],
  ])('%j → %s', (error, expected) => {
    expect(mayMeanLostAccess(error)).toBe(expected);
  });
});

describe('accessLostDescription', () => {
  it('says which workspace was lost, or that it is read-only now; nothing for any other error', () => {
    expect(accessLostDescription(new AccessLostError('Analytical Engines', 'removed'))).toBe('You no longer have access to Analytical Engines.');
    expect(accessLostDescription(new AccessLostError('Analytical Engines', 'read-only'))).toBe('You can no longer change Analytical Engines: you are a viewer there now.');
    expect(accessLostDescription(new RowGoneError('This content item no longer exists.'))).toBeNull();
    expect(accessLostDescription({ code: '42501' })).toBeNull();
  });
});
