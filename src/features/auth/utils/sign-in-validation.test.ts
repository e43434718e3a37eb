import { describe, expect, it } from 'vitest';
import { validateSignIn } from './sign-in-validation';

describe('validateSignIn', () => {
  it('requires e-mail and password', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
  });

  it('checks the e-mail format but not the password length (the server decides)', () => {
    expect(validateSignIn({ email: 'nope', password: '1' })).toEqual({ email: 'Please enter a valid email address' });
    expect(validateSignIn({ email: 'ada@example.com', password: '1' })).toEqual({});
  });
});
