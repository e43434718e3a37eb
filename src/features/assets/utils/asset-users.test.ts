import { describe, expect, it } from 'vitest';
import { assetUserLabel, assetUserPath, toAssetUser } from './asset-users';

describe('toAssetUser', () => {
  it.each([
    [{ id: 'c1', title: 'Spring launch' }, { id: 'c1', title: 'Spring launch', kind: 'content_item', status: null }],
    [{ id: 'm1', title: 'May news', kind: 'campaign', status: 'sent' }, { id: 'm1', title: 'May news', kind: 'campaign', status: 'sent' }],
    [{ id: 't1', title: 'Layout', kind: 'template', status: null }, { id: 't1', title: 'Layout', kind: 'template', status: null }],
    [{ id: 'x', title: 'Odd', kind: 'planet' }, { id: 'x', title: 'Odd', kind: 'content_item', status: null }],
    [{ id: 2, title: 'bad' }, null],
    [null, null],
  ])('%j → %j', (value, user) => expect(toAssetUser(value)).toEqual(user));
});

describe('assetUserLabel and assetUserPath', () => {
  it.each([
    [{ id: 'c', title: 'Spring', kind: 'content_item', status: 'published' }, 'Content item “Spring” (featured image)', '/marketing/content'],
    [{ id: 'm', title: 'June', kind: 'campaign', status: 'scheduled' }, 'Campaign “June” (scheduled)', '/marketing/email'],
    [
      { id: 'm', title: 'May', kind: 'campaign', status: 'sent' },
      'Campaign “May” (sent: its e-mails show a public copy of the image, which deleting the asset would not take offline)',
      '/marketing/email',
    ],
    [{ id: 't', title: 'Layout', kind: 'template', status: null }, 'E-mail template “Layout”', '/marketing/email'],
  ] as const)('%j', (user, label, path) => {
    expect(assetUserLabel(user)).toBe(label);
    expect(assetUserPath(user)).toBe(path);
  });
});
