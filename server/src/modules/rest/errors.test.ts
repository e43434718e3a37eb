import { describe, expect, it } from 'vitest';
import { fromDatabaseError, RestError, statusOfSqlState } from './errors';

function pgError(fields: { code: string; message: string; detail?: string; hint?: string }): Error {
  return Object.assign(new Error(fields.message), { name: 'PostgresError', ...fields });
}

describe('SQLSTATE → HTTP status (PostgREST mapSQLtoHTTP)', () => {
  it.each([
    ['42501', false, 403],
    ['42501', true, 401],
    ['23505', false, 409],
    ['23503', false, 409],
    ['23502', false, 400],
    ['23514', false, 400],
    ['22P02', false, 400],
    ['42703', false, 400],
    ['42P01', false, 404],
    ['42883', false, 404],
    ['25006', false, 405],
    ['P0001', false, 400],
    ['PT418', false, 418],
    ['08006', false, 503],
    ['53300', false, 503],
    ['53400', false, 500],
    ['57014', false, 500],
    ['57P01', false, 503],
    ['42P17', false, 500],
    ['XX000', false, 500],
    ['28000', false, 403],
    ['22021', false, 400],
    ['54001', false, 413],
    ['54011', false, 413],
  ])('%s (anon %s) → %i', (code, isAnon, status) => {
    expect(statusOfSqlState(code, 'x', isAnon)).toBe(status);
  });

  it('21000 is 400 only for the safeupdate message', () => {
    expect(statusOfSqlState('21000', 'DELETE requires a WHERE clause', false)).toBe(400);
    expect(statusOfSqlState('21000', 'more than one row returned by a subquery used as an expression', false)).toBe(500);
  });

  it('22023 is 401 for a role that does not exist', () => {
    expect(statusOfSqlState('22023', 'role "admin" does not exist', false)).toBe(401);
    expect(statusOfSqlState('22023', 'invalid parameter', false)).toBe(400);
  });
});

describe('fromDatabaseError', () => {
  it('keeps PostgreSQL message, detail and hint in PostgREST shape', () => {
    const error = fromDatabaseError(
      pgError({ code: '23505', message: 'duplicate key value violates unique constraint "x_pkey"', detail: 'Key (id)=(1) already exists.' }),
      false,
    );
    expect(error.status).toBe(409);
    expect(error.body()).toEqual({
      code: '23505',
      details: 'Key (id)=(1) already exists.',
      hint: null,
      message: 'duplicate key value violates unique constraint "x_pkey"',
    });
  });

  it('adds WWW-Authenticate to a 401', () => {
    const error = fromDatabaseError(pgError({ code: '42501', message: 'permission denied for table menu_items' }), true);
    expect([error.status, error.headers['WWW-Authenticate']]).toEqual([401, 'Bearer']);
  });

  it("answers RAISE SQLSTATE 'PGRST' with the body and status it carries", () => {
    const error = fromDatabaseError(
      pgError({
        code: 'PGRST',
        message: '{"code":"PGRST303","message":"Session from session_id claim in JWT does not exist","details":null,"hint":null}',
        detail: '{"status":401,"headers":{"WWW-Authenticate":"Bearer error=\\"invalid_token\\""}}',
      }),
      false,
    );
    expect(error.status).toBe(401);
    expect(error.body()).toEqual({ code: 'PGRST303', details: null, hint: null, message: 'Session from session_id claim in JWT does not exist' });
    expect(error.headers).toEqual({ 'WWW-Authenticate': 'Bearer error="invalid_token"' });
  });

  it('a malformed PGRST raise is PGRST121, not a crash', () => {
    expect(fromDatabaseError(pgError({ code: 'PGRST', message: 'not json' }), false).code).toBe('PGRST121');
  });

  it('anything that is not a PostgreSQL error becomes a bare 500 without details', () => {
    const error = fromDatabaseError(new TypeError('secret internals at /srv/app.js:1'), false);
    expect(error.status).toBe(500);
    expect(JSON.stringify(error.body())).not.toContain('secret');
  });

  it('passes RestErrors through', () => {
    const original = new RestError(418, { code: 'X', message: 'y' });
    expect(fromDatabaseError(original, false)).toBe(original);
  });
});
