import { describe, expect, it } from 'vitest';
import { authErrorMessage, signInErrorMessage } from './auth-errors';

describe('signInErrorMessage', () => {
  it('maps invalid credentials to the product message', () => {
    expect(signInErrorMessage({ message: 'Invalid login credentials' })).toBe('Invalid email or password');
  });

  it('maps a message that contains invalid credentials', () => {
    expect(signInErrorMessage(new Error('AuthApiError: Invalid login credentials (400)'))).toBe('Invalid email or password');
  });

  it('maps an unconfirmed e-mail to the confirmation message', () => {
    expect(signInErrorMessage({ message: 'Email not confirmed' })).toBe('Please check your email and confirm your account');
  });

  it('keeps any other server message', () => {
    expect(signInErrorMessage({ message: 'Request rate limit reached' })).toBe('Request rate limit reached');
  });

  it('is case-sensitive like the spec: a different wording is not rewritten', () => {
    expect(signInErrorMessage({ message: 'invalid login credentials' })).toBe('invalid login credentials');
  });

  it.each([undefined, null, {}, { message: '' }, { message: '   ' }, { message: 42 }, 'boom'])(
    'falls back to a generic message for %j',
    (error) => {
      expect(signInErrorMessage(error)).toBe('Something went wrong. Please try again.');
    },
  );
});

describe('authErrorMessage', () => {
  it('keeps the server message of sign-up and sign-out errors, even the sign-in ones', () => {
    expect(authErrorMessage({ message: 'User already registered' })).toBe('User already registered');
    expect(authErrorMessage({ message: 'Invalid login credentials' })).toBe('Invalid login credentials');
  });

  it('falls back to a generic message without one', () => {
    expect(authErrorMessage(new Error(''))).toBe('Something went wrong. Please try again.');
  });
});
