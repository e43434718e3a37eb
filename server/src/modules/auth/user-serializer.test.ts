import { describe, expect, it } from 'vitest';
import { fakeSignupUser, formatTimestamp, serializeIdentity, serializeUser, sortKeysDeep, type UserRecord } from './user-serializer';

describe('formatTimestamp', () => {
  it.each([
    ['2025-06-01T10:00:00.123456Z', '2025-06-01T10:00:00.123456Z'],
    ['2025-06-01T10:00:00.123400Z', '2025-06-01T10:00:00.1234Z'],
    ['2025-06-01T10:00:00.000000Z', '2025-06-01T10:00:00Z'],
    ['2025-06-01T10:00:00Z', '2025-06-01T10:00:00Z'],
    [null, null],
  ])('%s → %s', (input, expected) => {
    expect(formatTimestamp(input)).toBe(expected);
  });

  it('refuses a value that is not UTC', () => {
    expect(() => formatTimestamp('2025-06-01 10:00:00+02')).toThrow();
  });
});

describe('sortKeysDeep', () => {
  it('sorts object keys at every depth like Go maps, keeping arrays in order', () => {
    const sorted = sortKeysDeep({ b: 1, a: { d: [{ z: 1, y: 2 }, 3], c: null }, A: true });
    expect(JSON.stringify(sorted)).toBe('{"A":true,"a":{"c":null,"d":[{"y":2,"z":1},3]},"b":1}');
  });
});

const identity = {
  identity_id: 'i-1',
  provider_id: 'u-1',
  user_id: 'u-1',
  identity_data: { sub: 'u-1', email: 'a@b.co', email_verified: false, phone_verified: false },
  provider: 'email',
  last_sign_in_at: '2025-06-01T10:00:00.500000Z',
  created_at: '2025-06-01T10:00:00.100000Z',
  updated_at: '2025-06-01T10:00:00.100000Z',
  email: 'a@b.co',
};

const base: UserRecord = {
  id: 'u-1',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'a@b.co',
  email_confirmed_at: null,
  invited_at: null,
  phone: null,
  phone_confirmed_at: null,
  confirmation_sent_at: '2025-06-01T10:00:00.200000Z',
  confirmed_at: null,
  recovery_sent_at: null,
  email_change: '',
  email_change_sent_at: null,
  last_sign_in_at: null,
  raw_app_meta_data: { providers: ['email'], provider: 'email' },
  raw_user_meta_data: { last_name: 'B', first_name: 'A' },
  identities: [identity],
  created_at: '2025-06-01T10:00:00.100000Z',
  updated_at: '2025-06-01T10:00:00.300000Z',
  banned_until: null,
  deleted_at: null,
  is_anonymous: false,
};

describe('serializeUser', () => {
  it('an unconfirmed user: GoTrue field order, empty fields left out, phone as ""', () => {
    const json = serializeUser(base);
    expect(Object.keys(json)).toEqual([
      'id', 'aud', 'role', 'email', 'phone', 'confirmation_sent_at', 'app_metadata', 'user_metadata', 'identities',
      'created_at', 'updated_at', 'is_anonymous',
    ]);
    expect(json.phone).toBe('');
    expect(json.confirmation_sent_at).toBe('2025-06-01T10:00:00.2Z');
    expect(JSON.stringify(json.app_metadata)).toBe('{"provider":"email","providers":["email"]}');
    expect(JSON.stringify(json.user_metadata)).toBe('{"first_name":"A","last_name":"B"}');
  });

  it('a confirmed, signed-in user with a pending e-mail change', () => {
    const json = serializeUser({
      ...base,
      email_confirmed_at: '2025-06-01T10:00:01.000000Z',
      confirmed_at: '2025-06-01T10:00:01.000000Z',
      last_sign_in_at: '2025-06-01T10:00:02.000001Z',
      email_change: 'new@b.co',
      email_change_sent_at: '2025-06-01T10:00:03.000000Z',
      banned_until: '2030-01-01T00:00:00.000000Z',
    });
    expect(Object.keys(json)).toEqual([
      'id', 'aud', 'role', 'email', 'email_confirmed_at', 'phone', 'confirmation_sent_at', 'confirmed_at', 'new_email',
      'email_change_sent_at', 'last_sign_in_at', 'app_metadata', 'user_metadata', 'identities', 'created_at', 'updated_at',
      'banned_until', 'is_anonymous',
    ]);
    expect(json.last_sign_in_at).toBe('2025-06-01T10:00:02.000001Z');
    expect(json.new_email).toBe('new@b.co');
  });

  it('a user without e-mail or metadata', () => {
    const json = serializeUser({ ...base, email: null, raw_app_meta_data: null, raw_user_meta_data: null, identities: [] });
    expect(json.email).toBe('');
    expect(json.app_metadata).toEqual({});
    expect(json.user_metadata).toEqual({});
    expect(json.identities).toEqual([]);
  });
});

describe('serializeIdentity', () => {
  it('identity_id, id (provider id), user_id, sorted identity_data, provider, times, email', () => {
    const json = serializeIdentity(identity);
    expect(Object.keys(json)).toEqual(['identity_id', 'id', 'user_id', 'identity_data', 'provider', 'last_sign_in_at', 'created_at', 'updated_at', 'email']);
    expect(Object.keys(json.identity_data as object)).toEqual(['email', 'email_verified', 'phone_verified', 'sub']);
    expect(json.last_sign_in_at).toBe('2025-06-01T10:00:00.5Z');
  });

  it('leaves out empty identity data, last sign-in and e-mail', () => {
    const json = serializeIdentity({ ...identity, identity_data: {}, last_sign_in_at: null, email: null });
    expect(Object.keys(json)).toEqual(['identity_id', 'id', 'user_id', 'provider', 'created_at', 'updated_at']);
  });
});

describe('fakeSignupUser', () => {
  it('looks like a fresh unconfirmed sign-up and tells nothing about the real account', () => {
    const json = fakeSignupUser({ id: 'f-1', email: 'a@b.co', aud: 'authenticated', data: { b: 1, a: 2 }, now: '2025-06-01T10:00:00.123000Z' });
    expect(json).toEqual({
      id: 'f-1',
      aud: 'authenticated',
      role: '',
      email: 'a@b.co',
      phone: '',
      confirmation_sent_at: '2025-06-01T10:00:00.123Z',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { a: 2, b: 1 },
      identities: [],
      created_at: '2025-06-01T10:00:00.123Z',
      updated_at: '2025-06-01T10:00:00.123Z',
      is_anonymous: false,
    });
  });
});
