import { describe, expect, it } from 'vitest';
import { AuthError, apiVersionOf, badRequest, errorResponse, internalError, oauthError, tooManyRequests, weakPassword } from './auth-error';

describe('apiVersionOf', () => {
  it.each([
    ['2024-01-01', '2024-01-01'],
    ['2025-06-30', '2024-01-01'],
    [['2024-01-01', 'x'], '2024-01-01'],
    ['2023-12-31', undefined],
    ['', undefined],
    [undefined, undefined],
    ['2024-13-01', undefined],
    ['2024-02-30', undefined],
    ['yesterday', undefined],
    ['2024-1-1', undefined],
  ])('%j → %j', (header, expected) => {
    expect(apiVersionOf(header as string | string[] | undefined)).toBe(expected);
  });
});

describe('errorResponse', () => {
  it('2024-01-01: {code, message} with the version and error-code headers', () => {
    expect(errorResponse(badRequest('invalid_credentials', 'Invalid login credentials'), '2024-01-01', 'req-1')).toEqual({
      status: 400,
      headers: { 'X-Supabase-Api-Version': '2024-01-01', 'x-sb-error-code': 'invalid_credentials' },
      body: { code: 'invalid_credentials', message: 'Invalid login credentials' },
    });
  });

  it('legacy: {code: status, error_code, msg} and only x-sb-error-code', () => {
    expect(errorResponse(badRequest('invalid_credentials', 'Invalid login credentials'), undefined, 'req-1')).toEqual({
      status: 400,
      headers: { 'x-sb-error-code': 'invalid_credentials' },
      body: { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' },
    });
  });

  it('legacy 5xx carry the request id as error_id', () => {
    expect(errorResponse(internalError('Database error saving new user'), undefined, 'req-9').body).toEqual({
      code: 500,
      error_code: 'unexpected_failure',
      msg: 'Database error saving new user',
      error_id: 'req-9',
    });
  });

  it('an unknown error never shows its message', () => {
    const secret = new Error('password authentication failed for user "postgres" at 10.0.0.5');
    const current = errorResponse(secret, '2024-01-01', 'r');
    const legacy = errorResponse(secret, undefined, 'r');
    expect(current).toEqual({
      status: 500,
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
      body: { code: 'unexpected_failure', message: 'Unexpected failure, please check server logs for more information' },
    });
    expect(legacy.body).toEqual({ code: 500, error_code: 'unexpected_failure', msg: 'Unexpected failure, please check server logs for more information' });
    expect(JSON.stringify([current, legacy])).not.toContain('postgres');
  });

  it('weak_password: reasons in both shapes; no x-sb-error-code in the 2024 shape (as GoTrue)', () => {
    const error = weakPassword('Password should be at least 6 characters.', ['length']);
    expect(errorResponse(error, '2024-01-01', 'r')).toEqual({
      status: 422,
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
      body: { code: 'weak_password', message: 'Password should be at least 6 characters.', weak_password: { reasons: ['length'] } },
    });
    expect(errorResponse(error, undefined, 'r')).toEqual({
      status: 422,
      headers: { 'x-sb-error-code': 'weak_password' },
      body: { code: 422, error_code: 'weak_password', msg: 'Password should be at least 6 characters.', weak_password: { reasons: ['length'] } },
    });
  });

  it('OAuth errors keep their shape in both versions', () => {
    const error = oauthError('invalid_request', 'refresh_token required');
    expect(errorResponse(error, '2024-01-01', 'r')).toEqual({
      status: 400,
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
      body: { error: 'invalid_request', error_description: 'refresh_token required' },
    });
    expect(errorResponse(error, undefined, 'r').body).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });
  });

  it('carries Retry-After of a 429', () => {
    const reply = errorResponse(tooManyRequests('over_request_rate_limit', 'Request rate limit reached', 12), '2024-01-01', 'r');
    expect(reply.status).toBe(429);
    expect(reply.headers['Retry-After']).toBe('12');
  });

  it('an error without code gets GoTrue\'s fallback codes', () => {
    expect(errorResponse(new AuthError(404, '', 'x'), '2024-01-01', 'r').body).toEqual({ code: 'unknown', message: 'x' });
    expect(errorResponse(new AuthError(500, '', 'x'), '2024-01-01', 'r').body).toEqual({ code: 'unexpected_failure', message: 'x' });
  });
});
