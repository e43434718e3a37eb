import { describe, expect, it } from 'vitest';
import { AuthError } from './auth-error';
import {
  checkNewPassword,
  checkUserMetadata,
  checkPasswordLength,
  decodeBody,
  isPasswordTooLong,
  isVerifyType,
  parseLogoutScope,
  passwordWeakness,
  tokenTypesFor,
  validateEmail,
} from './input-validation';

function failure(fn: () => unknown): { status: number; code: string; message: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof AuthError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected an AuthError');
}

const fields = { email: 'string', password: 'string', data: 'object' } as const;

describe('decodeBody', () => {
  it('reads the listed fields, drops unknown ones and treats null as absent', () => {
    expect(decodeBody({ email: 'a@b.co', data: { x: 1 }, password: null, role: 'service_role' }, 'SignupParams', fields)).toEqual({
      email: 'a@b.co',
      data: { x: 1 },
    });
  });

  it('a JSON null body is an empty struct', () => {
    expect(decodeBody(null, 'SignupParams', fields)).toEqual({});
  });

  it.each([
    [undefined, 'Could not parse request body as JSON: unexpected end of JSON input'],
    [[1], 'Could not parse request body as JSON: json: cannot unmarshal array into Go value of type api.SignupParams'],
    ['text', 'Could not parse request body as JSON: json: cannot unmarshal string into Go value of type api.SignupParams'],
    [{ email: 5 }, 'Could not parse request body as JSON: json: cannot unmarshal number into Go struct field SignupParams.email of type string'],
    [{ email: true }, 'Could not parse request body as JSON: json: cannot unmarshal bool into Go struct field SignupParams.email of type string'],
    [{ data: 'x' }, 'Could not parse request body as JSON: json: cannot unmarshal string into Go struct field SignupParams.data of type map[string]interface {}'],
    [{ data: [] }, 'Could not parse request body as JSON: json: cannot unmarshal array into Go struct field SignupParams.data of type map[string]interface {}'],
  ])('%j → 400 bad_json', (body, message) => {
    expect(failure(() => decodeBody(body, 'SignupParams', fields))).toEqual({ status: 400, code: 'bad_json', message });
  });
});

describe('validateEmail', () => {
  it.each([
    ['Ann@Example.COM', 'ann@example.com'],
    ["o'neil+tag@mail.example.co.uk", "o'neil+tag@mail.example.co.uk"],
    ['user@localhost', 'user@localhost'],
  ])('accepts %s', (input, expected) => {
    expect(validateEmail(input)).toBe(expected);
  });

  it.each([
    [undefined, 'An email address is required'],
    ['', 'An email address is required'],
    [`${'a'.repeat(250)}@b.com`, 'An email address is too long'],
    ['plain', 'Unable to validate email address: invalid format'],
    ['a@b@c', 'Unable to validate email address: invalid format'],
    ['a b@c.d', 'Unable to validate email address: invalid format'],
    ['a@-b.c', 'Unable to validate email address: invalid format'],
    ['a@b.', 'Unable to validate email address: invalid format'],
  ])('refuses %j: %s', (input, message) => {
    expect(failure(() => validateEmail(input))).toEqual({ status: 400, code: 'validation_failed', message });
  });
});

describe('passwords', () => {
  it('measures the 72-byte limit in bytes', () => {
    expect(isPasswordTooLong('a'.repeat(72))).toBe(false);
    expect(isPasswordTooLong('a'.repeat(73))).toBe(true);
    expect(isPasswordTooLong('é'.repeat(36))).toBe(false); // 72 bytes
    expect(isPasswordTooLong('é'.repeat(37))).toBe(true); // 74 bytes, 37 characters
    expect(failure(() => checkPasswordLength('😀'.repeat(19)))).toEqual({
      status: 400,
      code: 'validation_failed',
      message: 'Password cannot be longer than 72 characters',
    });
  });

  it('calls a password shorter than the minimum weak, with the reason', () => {
    expect(passwordWeakness('12345', 6)).toMatchObject({ status: 422, code: 'weak_password', message: 'Password should be at least 6 characters.', reasons: ['length'] });
    expect(passwordWeakness('123456', 6)).toBeUndefined();
    expect(passwordWeakness('1234567', 8)?.message).toBe('Password should be at least 8 characters.');
    expect(passwordWeakness('', 6)).toBeDefined();
  });

  it('checks the byte limit before the strength', () => {
    expect(failure(() => checkNewPassword('x'.repeat(80), 6)).code).toBe('validation_failed');
    expect(failure(() => checkNewPassword('x', 6)).code).toBe('weak_password');
    expect(() => checkNewPassword('long-enough', 6)).not.toThrow();
  });
});

describe('parseLogoutScope', () => {
  it.each([
    [undefined, 'global'],
    ['', 'global'],
    ['global', 'global'],
    ['local', 'local'],
    ['others', 'others'],
  ])('%j → %s', (input, scope) => {
    expect(parseLogoutScope(input)).toBe(scope);
  });

  it.each([
    ['everywhere', 'Unsupported logout scope "everywhere"'],
    ['GLOBAL', 'Unsupported logout scope "GLOBAL"'],
    [['local', 'global'], 'Unsupported logout scope "local"'],
  ])('refuses %j', (input, message) => {
    expect(failure(() => parseLogoutScope(input))).toEqual({ status: 400, code: 'validation_failed', message });
  });
});

describe('verify types', () => {
  it('maps each link type to the tokens it may redeem', () => {
    expect(tokenTypesFor('signup')).toEqual(['confirmation_token']);
    expect(tokenTypesFor('invite')).toEqual(['confirmation_token']);
    expect(tokenTypesFor('recovery')).toEqual(['recovery_token']);
    expect(tokenTypesFor('magiclink')).toEqual(['recovery_token']);
    expect(tokenTypesFor('email_change')).toEqual(['email_change_token_new', 'email_change_token_current']);
    expect(tokenTypesFor('email')).toEqual(['confirmation_token', 'recovery_token']);
  });

  it('knows which types exist', () => {
    expect(isVerifyType('signup')).toBe(true);
    expect(isVerifyType('sms')).toBe(false);
    expect(isVerifyType('')).toBe(false);
  });
});

describe('checkUserMetadata', () => {
  const refused = (data: Record<string, unknown>) => {
    try {
      checkUserMetadata(data);
    } catch (error) {
      return (error as AuthError).message;
    }
    return undefined;
  };

  it('accepts ordinary metadata, astral characters included', () => {
    expect(refused({ first_name: 'Zoë', role: 'seo', tags: ['a', { b: '😀' }] })).toBeUndefined();
  });

  it.each([
    ['NUL in a value', { a: 'x\u0000' }, 'User metadata cannot contain the NUL character (\\u0000)'],
    ['NUL in a key', { ['a\u0000']: 1 }, 'User metadata cannot contain the NUL character (\\u0000)'],
    ['a lone high surrogate', { a: '\ud800' }, 'User metadata must be valid Unicode text (it contains a lone surrogate)'],
    ['a lone low surrogate', { a: ['x\udfffy'] }, 'User metadata must be valid Unicode text (it contains a lone surrogate)'],
    ['17 levels', JSON.parse(`${'{"a":'.repeat(17)}1${'}'.repeat(17)}`), 'User metadata is nested too deeply (at most 16 levels)'],
    ['8 KB and a byte', { a: 'x'.repeat(8192 - 8 + 1) }, 'User metadata is too large: 8193 bytes of JSON, at most 8192'],
  ])('refuses %s', (_, data, message) => {
    expect(refused(data as Record<string, unknown>)).toBe(message);
  });

  it('accepts 16 levels and exactly 8 KB', () => {
    expect(refused(JSON.parse(`${'{"a":'.repeat(16)}1${'}'.repeat(16)}`))).toBeUndefined();
    expect(refused({ a: 'x'.repeat(8192 - 8) })).toBeUndefined();
  });
});

describe('decodeBody and NUL', () => {
  it('refuses a string field holding NUL (PostgreSQL text cannot), naming the field', () => {
    expect(() => decodeBody({ email: 'a\u0000@example.com' }, 'PasswordGrantParams', { email: 'string' })).toThrow(
      'email cannot contain the NUL character (\\u0000)',
    );
  });
});
