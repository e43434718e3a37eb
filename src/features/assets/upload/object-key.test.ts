import { describe, expect, it } from 'vitest';
import { objectKeyOf } from './object-key';

/** Storage's key rule, as private.is_valid_asset_object_key checks it. */
const STORAGE_KEY = /^[A-Za-z0-9_!.*'()&$=@;:+,?-]{1,200}$/;

describe('objectKeyOf', () => {
  it.each([
    ['café.png', 'cafe.png'],
    ['Crème brûlée menu.PDF', 'Creme-brulee-menu.pdf'],
    ['招牌.jpg', 'file.jpg'],
    ['Q3 plan (final).docx', 'Q3-plan-(final).docx'],
    ['../../etc/passwd', 'etc-passwd'],
    ['a/b\\c.txt', 'a-b-c.txt'],
    ['.env', 'env'],
    ['README', 'README'],
    ['photo.', 'photo'],
    ['emoji 🎉 party.gif', 'emoji-party.gif'],
    ['variants', 'variants-file'],
    ['archive.tar.gz', 'archive.tar.gz'],
    ['x'.repeat(300) + '.png', 'x'.repeat(116) + '.png'],
  ])('%j → %j', (name, key) => {
    expect(objectKeyOf(name)).toBe(key);
    expect(objectKeyOf(name)).toMatch(STORAGE_KEY);
  });

  it('never gives an empty, dot-only or separator key', () => {
    for (const name of ['', '.', '..', '///', '  ', '🎉']) {
      const key = objectKeyOf(name);
      expect(key).toMatch(STORAGE_KEY);
      expect(['.', '..', 'variants']).not.toContain(key);
      expect(key).not.toContain('/');
    }
  });
});
