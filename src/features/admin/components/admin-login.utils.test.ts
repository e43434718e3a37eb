import { describe, expect, it } from 'vitest';
import { adminLoginIntent, adminLoginSubmitLabel, validateAdminLogin, type AdminLoginValues } from './admin-login.utils';

const values = (overrides: Partial<AdminLoginValues> = {}): AdminLoginValues => ({ username: 'admin', password: 'secret', forgotPassword: false, ...overrides });

describe('adminLoginSubmitLabel', () => {
  it.each([
    [false, 'Login'],
    [true, 'Request Password Reset'],
  ])('forgot password %s → %s', (forgotPassword, label) => {
    expect(adminLoginSubmitLabel(forgotPassword)).toBe(label);
  });
});

describe('validateAdminLogin', () => {
  it.each([
    ['both given', values(), {}],
    ['no username', values({ username: '' }), { username: 'Username is required' }],
    ['a blank username', values({ username: '   ' }), { username: 'Username is required' }],
    ['no password', values({ password: '' }), { password: 'Password is required' }],
    ['a password of spaces (a value like any other)', values({ password: '   ' }), {}],
    ['neither', values({ username: '', password: '' }), { username: 'Username is required', password: 'Password is required' }],
    ['reset mode with nothing typed', values({ username: '', password: '', forgotPassword: true }), {}],
  ])('%s', (_, input, expected) => {
    expect(validateAdminLogin(input)).toEqual(expected);
  });
});

describe('adminLoginIntent', () => {
  it.each([
    ['login with both fields (username trimmed, password as typed)', values({ username: ' admin ', password: ' pw ' }), { kind: 'login', username: 'admin', password: ' pw ' }],
    ['errors when a field is missing', values({ password: '' }), { kind: 'invalid', errors: { password: 'Password is required' } }],
    ['reset mode: nothing validated', values({ username: '', password: '', forgotPassword: true }), { kind: 'request-reset' }],
    ['reset mode with credentials typed: still only a reset request', values({ forgotPassword: true }), { kind: 'request-reset' }],
  ])('%s', (_, input, expected) => {
    expect(adminLoginIntent(input)).toEqual(expected);
  });
});
