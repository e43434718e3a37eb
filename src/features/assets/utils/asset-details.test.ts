import { describe, expect, it } from 'vitest';
import { detailsErrors, parseAssetTags } from './asset-details';

describe('parseAssetTags', () => {
  it.each([
    ['', []],
    [' Brand , logo,, ', ['Brand', 'logo']],
    ['Launch, launch, LAUNCH, Social', ['Launch', 'Social']],
  ])('%j → %j', (text, tags) => expect(parseAssetTags(text)).toEqual(tags));
});

describe('detailsErrors', () => {
  it('wants a name and tags the database takes', () => {
    expect(detailsErrors({ name: 'Logo', tags: 'a, b' })).toEqual({});
    expect(detailsErrors({ name: '   ', tags: '' })).toEqual({ name: 'Give the asset a name (up to 255 characters).' });
    expect(detailsErrors({ name: 'x'.repeat(256), tags: '' }).name).toBeDefined();
    expect(detailsErrors({ name: 'Logo', tags: 'x'.repeat(41) }).tags).toBe(`"${'x'.repeat(41)}" is longer than 40 characters.`);
    expect(detailsErrors({ name: 'Logo', tags: Array.from({ length: 31 }, (_, index) => `t${index}`).join(',') }).tags).toBe('At most 30 tags.');
  });
});
