import { describe, expect, it } from 'vitest';
import { createKeyring, newTokenKey, open, seal, sealedUnderOldKey, TokenSealError } from './token-seal';

const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const OTHER_ACCOUNT = '22222222-2222-4222-8222-222222222222';

describe('sealing social account credentials', () => {
  const old = newTokenKey();
  const current = newTokenKey();

  it('opens what it sealed, and the sealed text shows nothing of the secret', () => {
    const keyring = createKeyring([current]);
    const sealed = seal(keyring, ACCOUNT, { secret: 'app-pass-word' });
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('app-pass-word');
    expect(open(keyring, ACCOUNT, sealed)).toEqual({ secret: 'app-pass-word' });
  });

  it('seals the same value differently every time (a fresh IV)', () => {
    const keyring = createKeyring([current]);
    expect(seal(keyring, ACCOUNT, 'x')).not.toBe(seal(keyring, ACCOUNT, 'x'));
  });

  it('refuses another account’s sealed credential', () => {
    const keyring = createKeyring([current]);
    expect(() => open(keyring, OTHER_ACCOUNT, seal(keyring, ACCOUNT, 'x'))).toThrow(TokenSealError);
  });

  it('refuses a tampered ciphertext', () => {
    const keyring = createKeyring([current]);
    const parts = seal(keyring, ACCOUNT, 'secret').split('.');
    const bytes = Buffer.from(parts[4]!, 'base64url');
    bytes[0]! ^= 1;
    parts[4] = bytes.toString('base64url');
    expect(() => open(keyring, ACCOUNT, parts.join('.'))).toThrow(/does not open/);
  });

  it('rotates: the new key seals, the old one still opens, and a value under the old key is known as such', () => {
    const before = seal(createKeyring([old]), ACCOUNT, 'kept');
    const rotated = createKeyring([current, old]);
    expect(open(rotated, ACCOUNT, before)).toBe('kept');
    expect(sealedUnderOldKey(rotated, before)).toBe(true);
    expect(sealedUnderOldKey(rotated, seal(rotated, ACCOUNT, 'kept'))).toBe(false);
  });

  it('names a missing key', () => {
    const sealed = seal(createKeyring([old]), ACCOUNT, 'x');
    expect(() => open(createKeyring([current]), ACCOUNT, sealed)).toThrow(/does not have/);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => createKeyring([Buffer.alloc(16).toString('base64')])).toThrow(/32 bytes/);
    expect(() => createKeyring([])).toThrow(TokenSealError);
  });
});
