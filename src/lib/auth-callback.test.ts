import { describe, expect, it } from 'vitest';
import { authCallbackRedirect, authLinkError } from './auth-callback';

describe('authCallbackRedirect', () => {
  it.each([
    ['/', '', '#access_token=a&expires_in=3600&refresh_token=r&token_type=bearer&type=signup', '/auth#access_token=a&expires_in=3600&refresh_token=r&token_type=bearer&type=signup'],
    ['/', '', '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired', '/auth#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired'],
    ['/portfolio', '?x=1', '#access_token=a', '/auth?x=1#access_token=a'],
  ])('hands %s%s%s on to /auth', (pathname, search, hash, expected) => {
    expect(authCallbackRedirect({ pathname, search, hash })).toBe(expected);
  });

  it.each([
    ['/', ''],
    ['/', '#pricing'],
    ['/', '#access_tokens_are_fun'],
    ['/auth', '#access_token=a'],
    ['/sign-up', '#access_token=a'],
  ])('leaves %s%s alone', (pathname, hash) => {
    expect(authCallbackRedirect({ pathname, search: '', hash })).toBeNull();
  });
});

describe('authLinkError', () => {
  it('reads the error description', () => {
    expect(authLinkError('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired')).toBe(
      'Email link is invalid or has expired',
    );
  });

  it('has a fallback for an error code without a description', () => {
    expect(authLinkError('#error_code=otp_expired')).toBe('This link could not be used.');
  });

  it('is null for a session or no hash', () => {
    expect(authLinkError('#access_token=a')).toBeNull();
    expect(authLinkError('')).toBeNull();
  });
});
