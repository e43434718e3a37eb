import { describe, expect, it } from 'vitest';
import { AccessLostError, RowGoneError } from '@/lib/access-lost';
import { assetErrorDescription, isQuotaError, usersOfRefusedDelete } from './asset-errors';

describe('assetErrorDescription', () => {
  it.each([
    [{ code: 'P0001', details: 'quota_exceeded', message: '"Film.mov" (3 GB) does not fit.' }, '"Film.mov" (3 GB) does not fit.'],
    [{ code: '42501', details: 'role_too_low', message: 'Your access role (viewer) does not allow this' }, 'Viewers cannot change assets.'],
    [{ code: '23505', message: 'duplicate key' }, 'A collection of that name exists already.'],
    [new RowGoneError('gone'), 'This asset is not in the library any more.'],
    [new AccessLostError('Acme', 'removed'), 'You no longer have access to Acme.'],
    [{ code: 'XX000', message: 'internal' }, 'Please try again.'],
    [null, 'Please try again.'],
  ])('%j → %j', (error, text) => expect(assetErrorDescription(error)).toBe(text));
});

describe('usersOfRefusedDelete and isQuotaError', () => {
  it('reads the content items, campaigns and templates of a refused delete', () => {
    const hint = JSON.stringify([{ id: 'c1', title: 'Spring launch' }, { id: 2, title: 'bad' }, { id: 'm1', title: 'May news', kind: 'campaign', status: 'sent' }]);
    expect(usersOfRefusedDelete({ details: 'asset_in_use', hint })).toEqual([
      { id: 'c1', title: 'Spring launch', kind: 'content_item', status: null },
      { id: 'm1', title: 'May news', kind: 'campaign', status: 'sent' },
    ]);
    expect(usersOfRefusedDelete({ details: 'asset_in_use', hint: 'not json' })).toBeNull();
    expect(usersOfRefusedDelete({ details: 'other', hint })).toBeNull();
  });

  it('tells a quota refusal', () => {
    expect(isQuotaError({ details: 'quota_exceeded' })).toBe(true);
    expect(isQuotaError(new Error('x'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });
});
