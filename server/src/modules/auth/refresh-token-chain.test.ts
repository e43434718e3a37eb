import { describe, expect, it } from 'vitest';
import { childRefreshToken, findDescendant, hashToken, newRefreshToken } from './refresh-token-chain';

const secret = 'x'.repeat(40);

describe('refresh token chain', () => {
  it('new tokens are random, URL-safe and 43 characters long', () => {
    const a = newRefreshToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newRefreshToken()).not.toBe(a);
  });

  it('a child is a deterministic function of the parent and the secret', () => {
    const parent = newRefreshToken();
    expect(childRefreshToken(secret, parent)).toBe(childRefreshToken(secret, parent));
    expect(childRefreshToken(secret, parent)).not.toBe(childRefreshToken('y'.repeat(40), parent));
    expect(childRefreshToken(secret, parent)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('finds the active token down the chain, and nothing outside it', () => {
    const root = newRefreshToken();
    const first = childRefreshToken(secret, root);
    const second = childRefreshToken(secret, first);
    expect(findDescendant(secret, root, hashToken(first))).toBe(first);
    expect(findDescendant(secret, root, hashToken(second))).toBe(second);
    expect(findDescendant(secret, second, hashToken(first))).toBeUndefined();
    expect(findDescendant(secret, newRefreshToken(), hashToken(second))).toBeUndefined();
    expect(findDescendant(secret, root, hashToken(second), 1)).toBeUndefined();
  });

  it('hashes are SHA-256 hex', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
