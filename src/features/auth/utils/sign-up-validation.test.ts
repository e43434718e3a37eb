import { describe, expect, it } from 'vitest';
import {
  emptySignUpValues,
  isEmailAddress,
  passwordsMismatch,
  toSignUpRequest,
  validateSignUp,
  type SignUpValues,
} from './sign-up-validation';

const valid: SignUpValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  companyName: '',
  email: 'ada@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('passwordsMismatch', () => {
  it.each([
    ['', '', false],
    ['secret1', '', false],
    ['', 'secret1', false],
    ['secret1', 'secret1', false],
    ['secret1', 'secret2', true],
    ['secret1', 'Secret1', true],
    ['secret1 ', 'secret1', true],
  ])('password %j and confirmation %j → %s', (password, confirmPassword, expected) => {
    expect(passwordsMismatch({ password, confirmPassword })).toBe(expected);
  });
});

describe('validateSignUp', () => {
  it('accepts a complete form without a company (company is optional)', () => {
    expect(validateSignUp(valid)).toEqual({});
  });

  it('accepts a company name too', () => {
    expect(validateSignUp({ ...valid, companyName: 'Acme' })).toEqual({});
  });

  it('requires every field but the company', () => {
    expect(validateSignUp(emptySignUpValues)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
  });

  it('treats names made of spaces as missing', () => {
    expect(validateSignUp({ ...valid, firstName: '  ', lastName: '\t' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });

  it.each([
    ['12345', { password: 'Password must be at least 6 characters' }],
    ['123456', {}],
    ['1234567', {}],
  ])('minimum length 6: %j', (password, expected) => {
    expect(validateSignUp({ ...valid, password, confirmPassword: password })).toEqual(expected);
  });

  it('reports the mismatch on the confirmation field', () => {
    expect(validateSignUp({ ...valid, confirmPassword: 'secret2' })).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('reports a short password and a mismatch together', () => {
    expect(validateSignUp({ ...valid, password: 'abc', confirmPassword: 'abcd' })).toEqual({
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    });
  });

  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada @example.com', 'ada@exa mple.com'])('refuses the e-mail %j', (email) => {
    expect(validateSignUp({ ...valid, email })).toEqual({ email: 'Please enter a valid email address' });
  });
});

describe('isEmailAddress', () => {
  it.each(['ada@example.com', ' ada@example.com ', 'a.b+c@sub.example.org'])('accepts %j', (email) => {
    expect(isEmailAddress(email)).toBe(true);
  });
});

describe('toSignUpRequest', () => {
  it('trims names, company and e-mail but never the password', () => {
    expect(
      toSignUpRequest({ ...valid, firstName: ' Ada ', lastName: ' Lovelace', companyName: ' Acme ', email: ' ada@example.com ', password: ' pass word ' }),
    ).toEqual({ email: 'ada@example.com', password: ' pass word ', firstName: 'Ada', lastName: 'Lovelace', companyName: 'Acme' });
  });

  it('sends an empty company name when none was given', () => {
    expect(toSignUpRequest(valid).companyName).toBe('');
  });
});
